import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let cookie: string;
beforeAll(async () => {
  cookie = await hall.login('profile-owner');
});

const VALID = { name: '张三', cardnum: '11010519491231002x', phone: '13812341234', cardtype: '1', password: 'abc123' };

describe('validateUserInfo', () => {
  it('answers 1 without a name, then 3 once complete but not verified, then 0 once verified', async () => {
    const fresh = await hall.login('validate-1');
    expect((await callHall(hall, contract.validateUserInfo, { data: { openid: 'validate-1' } }, fresh)).body).toMatchObject({ errcode: '1', errmsg: '请完善用户信息' });
    await callHall(hall, contract.saveUserInfo, VALID, fresh);
    expect((await callHall(hall, contract.validateUserInfo, {}, fresh)).body).toMatchObject({ errcode: '3', errmsg: '您未实名认证，请实名认证后再办理业务' });
    await hall.connection.db.update(users).set({ realNameAuth: 1 }).where(eq(users.openid, 'validate-1'));
    expect((await callHall(hall, contract.validateUserInfo, {}, fresh)).body).toMatchObject({ errcode: '0' });
  });

  it('needs a session', async () => {
    expect((await callHall(hall, contract.validateUserInfo, {})).body.status).toBe(-1);
  });
});

describe('perfectUserInfo (saveUserInfo)', () => {
  it.each([
    [{ ...VALID, name: '' }, '请先填写姓名、手机号、身份证号码'],
    [{ ...VALID, phone: '' }, '请先填写姓名、手机号、身份证号码'],
    [{ ...VALID, cardnum: '1101051949123100' }, '请确认身份证号码位数是否正确!'],
    [{ ...VALID, cardnum: '110105194912310021' }, '请检查身份证号码是否正确!'],
    [{ ...VALID, phone: '23812341234' }, '请确认手机号码是否正确!'],
  ])('refuses %j with its message and changes nothing', async (form, message) => {
    const { status, body } = await callHall(hall, contract.saveUserInfo, form, cookie);
    expect(status).toBe(400);
    expect(body).toMatchObject({ errcode: '01', errmsg: message });
    const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, 'profile-owner'));
    expect(row!.name).toBe('');
  });

  it('refuses a password that is not 6+ letters and digits', async () => {
    const { status, body } = await callHall(hall, contract.saveUserInfo, { ...VALID, password: '123456' }, cookie);
    expect(status).toBe(400);
    expect(String(body.errmsg)).toContain('6');
  });

  it('saves, stores the ID upper-case and the password as a scrypt hash', async () => {
    const { body } = await callHall(hall, contract.saveUserInfo, VALID, cookie);
    expect(body.errcode).toBe('00');
    const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, 'profile-owner'));
    expect(row).toMatchObject({ name: '张三', cardnum: '11010519491231002X', phone: '13812341234' });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    expect(row!.passwordHash).not.toContain('abc123');
    const me = await callHall(hall, contract.getUserInfo, { data: { openid: 'profile-owner' } }, cookie);
    expect(me.body).toMatchObject({ errcode: '00', data: { name: '张三', CARDNUM: '11010519491231002X', PHONE: '13812341234' } });
  });

  it('a registered web user must confirm the registration password', async () => {
    const web = await hall.login('web-user-1');
    await callHall(hall, contract.saveUserInfo, VALID, web);
    await hall.connection.db.update(users).set({ iswebuser: '1' }).where(eq(users.openid, 'web-user-1'));
    const wrong = await callHall(hall, contract.saveUserInfo, { ...VALID, name: '张三丰', password: 'zzz999' }, web);
    expect(wrong.body).toMatchObject({ errcode: '01', errmsg: '密码错误，请输入注册时设置的密码' });
    const right = await callHall(hall, contract.saveUserInfo, { ...VALID, name: '张三丰' }, web);
    expect(right.body.errcode).toBe('00');
  });

  it('a verified profile cannot be changed', async () => {
    const verified = await hall.login('verified-1');
    await callHall(hall, contract.saveUserInfo, VALID, verified);
    await hall.connection.db.update(users).set({ realNameAuth: 1 }).where(eq(users.openid, 'verified-1'));
    const { body } = await callHall(hall, contract.saveUserInfo, { ...VALID, name: '李四' }, verified);
    expect(body).toMatchObject({ errcode: '01', errmsg: '您已完成实名认证，个人信息不可修改' });
  });

  it("refuses a payload openid that is not the session's, and changes nothing", async () => {
    const other = await hall.login('intruder-1');
    const { status, body } = await callHall(hall, contract.saveUserInfo, { ...VALID, name: '冒名', openid: 'profile-owner' }, other);
    expect(status).toBe(403);
    expect(body.errmsg).toBe('身份信息不一致，请重新进入办事大厅');
    const [row] = await hall.connection.db.select().from(users).where(eq(users.openid, 'profile-owner'));
    expect(row!.name).not.toBe('冒名');
  });

  it('answers malformed JSON, wrong types and oversize text with a 4xx and a Chinese errmsg', async () => {
    const malformed = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/perfectUserInfo', payload: '{"name":', headers: { cookie, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errmsg).toMatch(/[\u4e00-\u9fa5]/);
    const wrongType = await hall.post('/online/wx/apilist/perfectUserInfo', { ...VALID, name: { a: 1 } }, cookie);
    expect(wrongType.status).toBe(400);
    expect(String(wrongType.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    const missing = await hall.post('/online/wx/apilist/perfectUserInfo', { name: '张三' }, cookie);
    expect(missing.status).toBe(400);
    const oversize = await hall.post('/online/wx/apilist/perfectUserInfo', { ...VALID, name: '张'.repeat(500) }, cookie);
    expect(oversize.status).toBe(400);
  });
});
