import { describe, expect, it } from 'vitest';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();

describe('admin shell init', () => {
  it('answers app, me and stat to the operator whose bound WeChat the browser is signed in with, and starts a console session', async () => {
    const citizen = await hall.login('stat-citizen');
    await callHall(hall, contract.sendSaveFeedback, { content: '希望增加周末办理时间' }, citizen);
    const operator = await hall.login('operator-demo');
    const { status, body } = await callHall(hall, contract.initAdminShell, { syscode: 'sys_admin', dbfields: ['app', 'me', 'stat'] }, operator);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: 1,
      data: {
        app: { syscode: 'sys_admin', version: '1.0beta' },
        me: { username: 'reviewer', displayName: '李审核', roles: ['reviewer'], signedInWith: 'wechat', wechatBound: true },
        stat: { feedbackWaiting: 1, feedbackTotal: 1 },
      },
    });
    const stat = (body.data as { stat: { citizens: number } }).stat;
    expect(stat.citizens).toBeGreaterThanOrEqual(2);
  });

  it('answers a console signed in with a password, without any WeChat session', async () => {
    const console = await hall.operator('admin');
    const { status, body } = await callHall(hall, contract.initAdminShell, { syscode: 'sys_admin', dbfields: ['me'] }, console);
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 1, data: { me: { username: 'admin', displayName: '王管理', roles: ['admin'], signedInWith: 'password', mustChangePassword: false } } });
  });

  it('answers only the fields asked for', async () => {
    const operator = await hall.login('operator-demo');
    const { body } = await callHall(hall, contract.initAdminShell, { syscode: 'sys_admin', dbfields: ['app'] }, operator);
    expect(Object.keys(body.data as object)).toEqual(['app']);
  });

  it('refuses a citizen who is not an operator, and an unknown syscode', async () => {
    const citizen = await hall.login('not-operator');
    const refused = await callHall(hall, contract.initAdminShell, { syscode: 'sys_admin', dbfields: ['stat'] }, citizen);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ state: 0, msg: '您没有管理权限，请联系登记中心开通' });
    const operator = await hall.login('operator-demo');
    const wrong = await hall.post('/online/wx/apilist/initAdminShell', { syscode: 'sys_wx', dbfields: ['stat'] }, operator);
    expect(wrong.status).toBe(400);
  });

  it('without a console or a WeChat session asks for the sign-in page (401, errcode 401)', async () => {
    const { status, body } = await callHall(hall, contract.initAdminShell, { syscode: 'sys_admin', dbfields: ['app'] });
    expect(status).toBe(401);
    expect(body).toMatchObject({ state: 0, msg: '请先登录管理端', errcode: '401' });
  });
});
