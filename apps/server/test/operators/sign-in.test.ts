import { OPERATOR_LOCK_MINUTES, OPERATOR_MAX_FAILED_SIGN_INS } from '@hall/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, operatorAccounts, operatorSessions } from '../../src/db/schema';
import { cookieFrom, testHallForFile } from '../hall';
import { createOperatorAccount, listedAccounts } from './operator-accounts';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
let admin: string;
beforeAll(async () => {
  admin = await hall.operator('admin');
});

const API = '/online/admin/api';
const signIn = (username: string, password: string) => hall.app.inject({ method: 'POST', url: `${API}/signIn`, payload: { username, password } });
const trailOf = async (operatorName: string) => (await hall.connection.db.select().from(auditTrail).where(eq(auditTrail.operatorName, operatorName))).map((row) => row.action);

describe('signing in with a password', () => {
  it('signs in with the right password (a console cookie, HttpOnly and SameSite=Strict) and records it', async () => {
    const response = await signIn('counter', 'demo2026hall');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errcode: '00', data: { username: 'counter', roles: ['counter'], signedInWith: 'password' } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/hall_operator_sid=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const me = await hall.post(`${API}/me`, {}, cookieFrom(response.headers['set-cookie']));
    expect(me.body).toMatchObject({ errcode: '00', data: { username: 'counter' } });
    expect(await trailOf('counter')).toContain('signIn.password');
  });

  it('answers a wrong password and an unknown name alike (账号或密码错误), starts no session, records both', async () => {
    const before = (await hall.connection.db.select().from(operatorSessions)).length;
    for (const [name, password] of [
      ['content', 'wrong-password-1'],
      ['nobody-here', 'demo2026hall'],
    ] as const) {
      const response = await signIn(name, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ errcode: '01', errmsg: '账号或密码错误' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await hall.connection.db.select().from(operatorSessions)).length).toBe(before);
    expect(await trailOf('content')).toContain('signIn.failed');
    expect(await trailOf('nobody-here')).toContain('signIn.failed');
  });

  it(`locks an account after ${OPERATOR_MAX_FAILED_SIGN_INS} wrong passwords in a row, even to the right one; an administrator's reset lifts it`, async () => {
    const id = await createOperatorAccount(hall, admin, 'locked.one', ['reviewer']);
    for (let attempt = 1; attempt < OPERATOR_MAX_FAILED_SIGN_INS; attempt += 1) expect((await signIn('locked.one', `Wrong${attempt}xxxxxx`)).statusCode).toBe(401);
    const fifth = await signIn('locked.one', 'Wrong5xxxxxx');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().errmsg).toBe(`连续输错密码次数过多，账号已锁定，请${OPERATOR_LOCK_MINUTES}分钟后再试或联系系统管理员`);
    const right = await signIn('locked.one', 'Temporary2026x');
    expect(right.statusCode).toBe(423);
    expect(right.headers['set-cookie']).toBeUndefined();
    expect((await listedAccounts(hall, admin)).find((a) => a.id === id)).toMatchObject({ locked: true });

    const reset = await hall.post(`${API}/operators/resetPassword`, { id, password: 'Another2026pass' }, admin);
    expect(reset.status).toBe(200);
    expect((await signIn('locked.one', 'Another2026pass')).statusCode).toBe(200);
    expect(await trailOf('locked.one')).toEqual(expect.arrayContaining(['signIn.failed', 'signIn.lockedOut', 'signIn.locked', 'signIn.password']));
  });

  it('counts wrong passwords sent at once: all of them count', async () => {
    await createOperatorAccount(hall, admin, 'parallel.one', ['reviewer']);
    await Promise.all(Array.from({ length: OPERATOR_MAX_FAILED_SIGN_INS + 2 }, (_, i) => signIn('parallel.one', `Guess${i}xxxxxx`)));
    expect((await signIn('parallel.one', 'Temporary2026x')).statusCode).toBe(423);
  });

  it('keeps the hash slow and salted: scrypt, never the password itself', async () => {
    const [row] = await hall.connection.db.select().from(operatorAccounts).where(eq(operatorAccounts.username, 'counter'));
    expect(row!.passwordHash).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{86}$/);
    expect(row!.passwordHash).not.toContain('demo2026hall');
  });
});

describe('a temporary password', () => {
  it('lets the new operator do nothing but change it; the change signs out their other sessions', async () => {
    await createOperatorAccount(hall, admin, 'new.reviewer', ['reviewer']);
    const first = cookieFrom((await signIn('new.reviewer', 'Temporary2026x')).headers['set-cookie']);
    const second = cookieFrom((await signIn('new.reviewer', 'Temporary2026x')).headers['set-cookie']);
    expect((await hall.post(`${API}/me`, {}, first)).body).toMatchObject({ data: { mustChangePassword: true } });
    const blocked = await callHall(hall, contract.getReviewList, {}, first);
    expect(blocked.status).toBe(403);
    expect(blocked.body.errmsg).toBe('首次登录或密码被重置后，请先修改密码');

    const weak = await hall.post(`${API}/changePassword`, { current: 'Temporary2026x', next: 'short1' }, first);
    expect(weak.body.errmsg).toBe('密码至少10位');
    const named = await hall.post(`${API}/changePassword`, { current: 'Temporary2026x', next: 'new.reviewer2026' }, first);
    expect(named.body.errmsg).toBe('密码须同时包含字母和数字，且不能与账号相同');
    const wrongCurrent = await hall.post(`${API}/changePassword`, { current: 'Nope2026nope', next: 'MyOwn2026secret' }, first);
    expect(wrongCurrent.body.errmsg).toBe('当前密码不正确');
    const changed = await hall.post(`${API}/changePassword`, { current: 'Temporary2026x', next: 'MyOwn2026secret' }, first);
    expect(changed.body).toMatchObject({ errcode: '00', data: { mustChangePassword: false } });
    expect((await callHall(hall, contract.getReviewList, {}, first)).status).toBe(200);
    expect((await hall.post(`${API}/me`, {}, second)).status).toBe(401);
    expect((await signIn('new.reviewer', 'Temporary2026x')).statusCode).toBe(401);
    expect((await signIn('new.reviewer', 'MyOwn2026secret')).statusCode).toBe(200);
  });
});

describe('accounts', () => {
  it('refuses a taken name, a malformed one, no role and a weak password, creating nothing', async () => {
    const count = async () => (await hall.connection.db.select().from(operatorAccounts)).length;
    const before = await count();
    const attempts = [
      [{ username: 'ADMIN', displayName: '重名', roles: ['admin'], password: 'Temporary2026x' }, 409, '该账号已存在'],
      [{ username: 'a b', displayName: '空格', roles: ['admin'], password: 'Temporary2026x' }, 400, '账号须为3至32位字母、数字、点、下划线或短横线'],
      [{ username: 'noroles', displayName: '无角色', roles: [], password: 'Temporary2026x' }, 400, '请至少选择一个角色'],
      [{ username: 'weakpass', displayName: '弱密码', roles: ['content'], password: 'abcdefghijk' }, 400, '密码须同时包含字母和数字，且不能与账号相同'],
    ] as const;
    for (const [payload, status, message] of attempts) {
      const { status: got, body } = await hall.post(`${API}/operators/create`, payload, admin);
      expect(got, message).toBe(status);
      expect(body.errmsg).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('never leaves the hall without an administrator, and an administrator cannot disable themselves', async () => {
    const [self] = await hall.connection.db.select().from(operatorAccounts).where(eq(operatorAccounts.username, 'admin'));
    const demote = await hall.post(`${API}/operators/update`, { id: self!.id, displayName: '王管理', roles: ['reviewer'], disabled: false }, admin);
    expect(demote.status).toBe(400);
    expect(demote.body.errmsg).toBe('不能停用或取消最后一位系统管理员');
    const disable = await hall.post(`${API}/operators/update`, { id: self!.id, displayName: '王管理', roles: ['admin'], disabled: true }, admin);
    expect(disable.body.errmsg).toBe('不能停用自己的账号');
    expect((await hall.connection.db.select().from(operatorAccounts).where(eq(operatorAccounts.id, self!.id)))[0]).toMatchObject({ roles: ['admin'], disabled: false });
  });

  it('a disabled account is signed out at once and cannot sign in; the change is in the trail with before and after', async () => {
    const id = await createOperatorAccount(hall, admin, 'leaving.one', ['counter'], 'Leaving2026pass');
    await hall.connection.db.update(operatorAccounts).set({ mustChangePassword: false }).where(eq(operatorAccounts.id, id));
    const session = cookieFrom((await signIn('leaving.one', 'Leaving2026pass')).headers['set-cookie']);
    expect((await hall.post(`${API}/me`, {}, session)).status).toBe(200);
    const { status } = await hall.post(`${API}/operators/update`, { id, displayName: '离职人员', roles: ['counter'], disabled: true }, admin);
    expect(status).toBe(200);
    expect((await hall.post(`${API}/me`, {}, session)).status).toBe(401);
    const refused = await signIn('leaving.one', 'Leaving2026pass');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errmsg).toBe('账号已停用，请联系系统管理员');
    const [entry] = await hall.connection.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.target, `operator:${id}`))
      .then((rows) => rows.filter((row) => row.action === 'operator.update'));
    expect(entry).toMatchObject({ operatorName: 'admin', before: { displayName: '姓名leaving.one', disabled: false }, after: { displayName: '离职人员', disabled: true } });
    expect(JSON.stringify(entry)).not.toContain('scrypt');
  });
});

describe('WeChat on the phone', () => {
  it('binds the WeChat the browser is signed in with; that WeChat alone then opens the console', async () => {
    const id = await createOperatorAccount(hall, admin, 'phone.one', ['counter'], 'Phone2026pass');
    await hall.connection.db.update(operatorAccounts).set({ mustChangePassword: false }).where(eq(operatorAccounts.id, id));
    const wechat = await hall.login('phone-operator-wechat');
    const consoleSession = cookieFrom((await signIn('phone.one', 'Phone2026pass')).headers['set-cookie']);
    const noWechat = await hall.post(`${API}/bindWechat`, {}, consoleSession);
    expect(noWechat.body.errmsg).toBe('请在微信中打开管理端后再绑定');
    const bound = await hall.post(`${API}/bindWechat`, {}, `${wechat}; ${consoleSession}`);
    expect(bound.body).toMatchObject({ errcode: '00', data: { wechatBound: true } });
    const taken = await hall.post(`${API}/bindWechat`, {}, `${wechat}; ${admin}`);
    expect(taken.status).toBe(409);
    expect(taken.body.errmsg).toBe('该微信已绑定其他管理账号');

    const onPhone = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/initAdminShell', payload: { syscode: 'sys_admin', dbfields: ['me'] }, headers: { cookie: wechat } });
    expect(onPhone.json()).toMatchObject({ state: 1, data: { me: { username: 'phone.one', signedInWith: 'wechat' } } });
    const phoneConsole = cookieFrom(onPhone.headers['set-cookie']);
    expect((await hall.post(`${API}/me`, {}, phoneConsole)).body).toMatchObject({ data: { username: 'phone.one' } });
    expect(await trailOf('phone.one')).toEqual(expect.arrayContaining(['operator.bindWechat', 'signIn.wechat']));
  });

  it('a WeChat bound to no operator is told so (403)', async () => {
    const stranger = await hall.login('not-an-operator-wechat');
    const { status, body } = await callHall(hall, contract.initAdminShell, { syscode: 'sys_admin', dbfields: ['me'] }, stranger);
    expect(status).toBe(403);
    expect(body.msg).toBe('您没有管理权限，请联系登记中心开通');
  });
});

describe('the audit trail', () => {
  it('is append-only: the database refuses to change or remove an entry', async () => {
    await expect(hall.connection.pool.query("UPDATE audit_trail SET action = 'nothing'")).rejects.toThrow(/append-only/);
    await expect(hall.connection.pool.query('DELETE FROM audit_trail')).rejects.toThrow(/append-only/);
    await expect(hall.connection.pool.query('TRUNCATE audit_trail')).rejects.toThrow(/append-only/);
  });

  it('lists newest first, filtered by operator, action family and date, for administrators only', async () => {
    const all = await hall.post(`${API}/audit/list`, { page: 1 }, admin);
    const items = (all.body.data as { items: { id: number; action: string; operatorName: string; ip: string }[]; total: number }).items;
    expect(items.length).toBeGreaterThan(5);
    expect(items.map((e) => e.id)).toEqual([...items.map((e) => e.id)].sort((a, b) => b - a));
    expect(items[0]!.ip).toBeTruthy();
    const signIns = await hall.post(`${API}/audit/list`, { page: 1, action: 'signIn.', operator: 'locked' }, admin);
    const filtered = (signIns.body.data as { items: { action: string; operatorName: string }[] }).items;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((e) => e.action.startsWith('signIn.') && e.operatorName.includes('locked'))).toBe(true);
    const future = await hall.post(`${API}/audit/list`, { page: 1, from: '2099-01-01' }, admin);
    expect(future.body.data).toMatchObject({ items: [], total: 0 });
    const badDate = await hall.post(`${API}/audit/list`, { page: 1, from: '2026-13-45x' }, admin);
    expect(badDate.status).toBe(400);
  });
});
