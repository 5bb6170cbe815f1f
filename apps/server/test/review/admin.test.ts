import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../hall';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

describe('admin shell init', () => {
  it('answers app, me and stat to a sys_admin operator', async () => {
    const citizen = await hall.login('stat-citizen');
    await hall.post('/online/wx/apilist/addSugge', { content: '希望增加周末办理时间' }, citizen);
    const operator = await hall.login('operator-demo');
    const { status, body } = await hall.post('/online/wx/apilist/initAdminShell', { syscode: 'sys_admin', dbfields: ['app', 'me', 'stat'] }, operator);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: 1,
      data: {
        app: { syscode: 'sys_admin', version: '1.0beta' },
        me: { openid: 'operator-demo', name: '王管理', roles: ['sys_admin'] },
        stat: { feedbackWaiting: 1, feedbackTotal: 1 },
      },
    });
    const stat = (body.data as { stat: { citizens: number } }).stat;
    expect(stat.citizens).toBeGreaterThanOrEqual(2);
  });

  it('answers only the fields asked for', async () => {
    const operator = await hall.login('operator-demo');
    const { body } = await hall.post('/online/wx/apilist/initAdminShell', { syscode: 'sys_admin', dbfields: ['app'] }, operator);
    expect(Object.keys(body.data as object)).toEqual(['app']);
  });

  it('refuses a citizen who is not an operator, and an unknown syscode', async () => {
    const citizen = await hall.login('not-operator');
    const refused = await hall.post('/online/wx/apilist/initAdminShell', { syscode: 'sys_admin', dbfields: ['stat'] }, citizen);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ state: 0, msg: '您没有管理权限，请联系登记中心开通' });
    const operator = await hall.login('operator-demo');
    const wrong = await hall.post('/online/wx/apilist/initAdminShell', { syscode: 'sys_wx', dbfields: ['stat'] }, operator);
    expect(wrong.status).toBe(400);
  });

  it('needs a session', async () => {
    const { body } = await hall.post('/online/wx/apilist/initAdminShell', { syscode: 'sys_admin', dbfields: ['app'] });
    expect(body.status).toBe(-1);
  });
});
