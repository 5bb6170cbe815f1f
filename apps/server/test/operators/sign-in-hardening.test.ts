import { OPERATOR_LOCK_MINUTES, OPERATOR_MAX_FAILED_SIGN_INS, OPERATOR_NAME_LOCK_FAILURES, OPERATOR_TEMPORARY_PASSWORD_HOURS } from '@hall/domain';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditTrail, operatorAccounts, operatorSessions } from '../../src/db/schema';
import { SIGN_IN_ATTEMPTS_PER_NAME_PER_MINUTE } from '../../src/services/operators/operator-sessions';
import { cookieFrom, testHallForFile } from '../hall';
import { createOperatorAccount, listedAccounts } from './operator-accounts';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
let admin: string;
beforeAll(async () => {
  admin = await hall.operator('admin');
});

const API = '/online/admin/api';
const LOCKED = `连续输错密码次数过多，账号已锁定，请${OPERATOR_LOCK_MINUTES}分钟后再试或联系系统管理员`;
const signIn = (username: string, password: string, remoteAddress = '127.0.0.1', cookie?: string) =>
  hall.app.inject({ method: 'POST', url: `${API}/signIn`, payload: { username, password }, remoteAddress, headers: cookie ? { cookie } : {} });
const initShell = (cookie: string) => hall.app.inject({ method: 'POST', url: '/online/wx/apilist/initAdminShell', payload: { syscode: 'sys_admin', dbfields: ['me'] }, headers: { cookie } });
const accountOf = async (username: string) => (await hall.connection.db.select().from(operatorAccounts).where(eq(operatorAccounts.username, username)))[0]!;
const sessionsOf = async (id: number) => hall.connection.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, id));
const trailOf = async (operatorName: string) => (await hall.connection.db.select().from(auditTrail).where(eq(auditTrail.operatorName, operatorName))).map((row) => row.action);

/** An account whose own password is set (not temporary). */
async function ownAccount(username: string, roles: Parameters<typeof createOperatorAccount>[3], password: string): Promise<number> {
  const id = await createOperatorAccount(hall, admin, username, roles, password);
  await hall.connection.db.update(operatorAccounts).set({ mustChangePassword: false }).where(eq(operatorAccounts.id, id));
  return id;
}

/** An account with its WeChat bound, as binding in 个人中心 leaves it; answers the citizen cookie of that WeChat. */
async function boundAccount(username: string, password: string): Promise<{ id: number; wechat: string }> {
  const id = await ownAccount(username, ['counter'], password);
  const wechat = await hall.login(`${username.replace('.', '-')}-wechat`);
  const session = cookieFrom((await signIn(username, password)).headers['set-cookie']);
  expect((await hall.post(`${API}/bindWechat`, {}, `${wechat}; ${session}`)).body).toMatchObject({ errcode: '00', data: { wechatBound: true } });
  expect((await initShell(wechat)).statusCode).toBe(200);
  return { id, wechat };
}

describe('a WeChat binding never outlives the password', () => {
  it('a reset ends every session, unbinds the WeChat, and that WeChat no longer opens the console', async () => {
    const { id, wechat } = await boundAccount('bound.reset', 'Bound2026reset');
    expect((await sessionsOf(id)).length).toBe(2);
    const reset = await hall.post(`${API}/operators/resetPassword`, { id, password: 'Fresh2026temporary' }, admin);
    expect(reset.body).toMatchObject({ errcode: '00', data: { wechatBound: false, mustChangePassword: true } });
    expect(await sessionsOf(id)).toEqual([]);
    expect((await accountOf('bound.reset')).wechatOpenid).toBeNull();
    const onPhone = await initShell(wechat);
    expect(onPhone.statusCode).toBe(403);
    expect(onPhone.json().msg).toBe('您没有管理权限，请联系登记中心开通');
  });

  it('a bound WeChat is refused while the password is temporary, the account disabled or locked, and each refusal is in the trail', async () => {
    const { id, wechat } = await boundAccount('bound.gates', 'Bound2026gates');
    const openid = (await accountOf('bound.gates')).wechatOpenid;
    await hall.connection.db.delete(operatorSessions).where(eq(operatorSessions.operatorId, id));

    await hall.connection.db.update(operatorAccounts).set({ mustChangePassword: true }).where(eq(operatorAccounts.id, id));
    const temporary = await initShell(wechat);
    expect(temporary.statusCode).toBe(403);
    expect(temporary.json().msg).toBe('密码已被重置，请先用账号和临时密码登录管理端修改密码');

    await hall.connection.db.update(operatorAccounts).set({ mustChangePassword: false, disabled: true }).where(eq(operatorAccounts.id, id));
    const disabled = await initShell(wechat);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().msg).toBe('账号已停用，请联系系统管理员');

    await hall.connection.db
      .update(operatorAccounts)
      .set({ disabled: false, lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(operatorAccounts.id, id));
    const locked = await initShell(wechat);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().msg).toBe('连续输错密码次数过多，账号已锁定，请10分钟后再试或联系系统管理员');

    expect(await sessionsOf(id)).toEqual([]);
    expect((await accountOf('bound.gates')).wechatOpenid).toBe(openid);
    expect((await trailOf('bound.gates')).filter((action) => action === 'signIn.wechatRefused')).toHaveLength(3);
  });

  it('an administrator unbinds another operator’s WeChat in 账号管理: its WeChat sessions end, the password session stays', async () => {
    const { id, wechat } = await boundAccount('bound.unbind', 'Bound2026unbind');
    const methods = async () => (await sessionsOf(id)).map((session) => session.method).sort();
    expect(await methods()).toEqual(['password', 'wechat']);
    const counter = await hall.operator('counter');
    const notAdmin = await hall.post(`${API}/operators/unbindWechat`, { id }, counter);
    expect(notAdmin.status).toBe(403);
    const unbound = await hall.post(`${API}/operators/unbindWechat`, { id }, admin);
    expect(unbound.body).toMatchObject({ errcode: '00', errmsg: '已解除微信绑定', data: { wechatBound: false } });
    expect(await methods()).toEqual(['password']);
    expect((await initShell(wechat)).statusCode).toBe(403);
    const again = await hall.post(`${API}/operators/unbindWechat`, { id }, admin);
    expect(again.status).toBe(400);
    expect(again.body.errmsg).toBe('该账号未绑定微信');
  });

  it('a lock of the account ends its sessions and closes its WeChat', async () => {
    const { id, wechat } = await boundAccount('bound.campaign', 'Bound2026campaign');
    expect((await sessionsOf(id)).length).toBe(2);
    // A campaign from many addresses: four wrong passwords from each, so no single address is locked out first.
    for (let attempt = 0; attempt < OPERATOR_NAME_LOCK_FAILURES; attempt += 1) await signIn('bound.campaign', `Guess${attempt}campaign`, `10.0.${Math.floor(attempt / 4)}.9`);
    expect(await sessionsOf(id)).toEqual([]);
    expect((await initShell(wechat)).statusCode).toBe(423);
    const owner = await signIn('bound.campaign', 'Bound2026campaign', '10.9.9.9');
    expect(owner.statusCode).toBe(423);
    expect(await trailOf('bound.campaign')).toContain('signIn.accountLocked');
  });
});

describe('one answer to a wrong password, whatever the account', () => {
  it('a real account, a disabled one and a made-up name get the same answers to the same wrong passwords, the lock included', async () => {
    const disabledId = await ownAccount('same.disabled', ['counter'], 'Disabled2026same');
    await hall.connection.db.update(operatorAccounts).set({ disabled: true }).where(eq(operatorAccounts.id, disabledId));
    await ownAccount('same.real', ['counter'], 'Real2026sameanswer');
    const answers: Record<string, unknown[]> = {};
    for (const name of ['same.real', 'same.disabled', 'same.madeup']) {
      answers[name] = [];
      for (let attempt = 1; attempt <= OPERATOR_MAX_FAILED_SIGN_INS + 1; attempt += 1) {
        const response = await signIn(name, `Wrong${attempt}password`, '10.1.1.1');
        answers[name]!.push([response.statusCode, response.json()]);
      }
    }
    const expected = [
      ...Array.from({ length: OPERATOR_MAX_FAILED_SIGN_INS - 1 }, () => [401, { errcode: '01', errmsg: '账号或密码错误' }]),
      [423, { errcode: '01', errmsg: LOCKED }],
      [423, { errcode: '01', errmsg: LOCKED }],
    ];
    expect(answers['same.real']).toEqual(expected);
    expect(answers['same.disabled']).toEqual(expected);
    expect(answers['same.madeup']).toEqual(expected);
    // Only the right password learns that an account is disabled.
    const rightButDisabled = await signIn('same.disabled', 'Disabled2026same', '10.1.1.2');
    expect([rightButDisabled.statusCode, rightButDisabled.json().errmsg]).toEqual([403, '账号已停用，请联系系统管理员']);
  });

  it('the lock stops the address that guessed, not the owner with the right password elsewhere; lock events are in the trail', async () => {
    await ownAccount('owner.elsewhere', ['reviewer'], 'Owner2026elsewhere');
    for (let attempt = 1; attempt <= OPERATOR_MAX_FAILED_SIGN_INS; attempt += 1) await signIn('owner.elsewhere', `Guess${attempt}password`, '10.2.2.2');
    const attacker = await signIn('owner.elsewhere', 'Owner2026elsewhere', '10.2.2.2');
    expect([attacker.statusCode, attacker.json().errmsg]).toEqual([423, LOCKED]);
    const owner = await signIn('owner.elsewhere', 'Owner2026elsewhere', '10.3.3.3');
    expect(owner.statusCode).toBe(200);
    expect(await trailOf('owner.elsewhere')).toEqual(expect.arrayContaining(['signIn.lockedOut', 'signIn.locked', 'signIn.password']));
    expect((await listedAccounts(hall, admin)).find((a) => a.username === 'owner.elsewhere')).toMatchObject({ locked: true });
  });
});

describe('sign-in limits count by address and by name', () => {
  // The limits count in fixed one-minute windows; a loop that crossed a minute's end would start a
  // new window half-way. The clock stands still for these tests, so every attempt falls in one window.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hall-signed cookies, even of sessions that never were, buy no more tries at one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= 60; attempt += 1) {
      const forged = `hall_sid=${encodeURIComponent(hall.app.signCookie(`ended-session-${attempt}`))}`;
      statuses.push((await signIn(`spray${attempt % 20}`, 'Spray2026password', '10.4.4.4', forged)).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it(`one name takes at most ${SIGN_IN_ATTEMPTS_PER_NAME_PER_MINUTE} attempts a minute from all addresses together`, async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_ATTEMPTS_PER_NAME_PER_MINUTE; attempt += 1) statuses.push((await signIn('sprayed.name', 'Spray2026password', `10.5.${attempt}.1`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1)).not.toContain(429);
  });
});

describe('refused privileged attempts are in the trail', () => {
  it('a call of another role and a cross-site console write are recorded', async () => {
    const reviewer = await hall.operator('reviewer');
    expect((await hall.post(`${API}/operators/list`, {}, reviewer)).status).toBe(403);
    const crossSite = await hall.app.inject({ method: 'POST', url: `${API}/operators/create`, payload: {}, headers: { cookie: admin, origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    await expect
      .poll(async () => (await hall.connection.db.select().from(auditTrail).where(eq(auditTrail.action, 'denied.crossSite'))).map((row) => [row.operatorName, row.target]))
      .toEqual([['admin', `${API}/operators/create`]]);
    const denied = (await hall.connection.db.select().from(auditTrail).where(eq(auditTrail.action, 'denied.role'))).find((row) => row.operatorName === 'reviewer');
    expect(denied).toMatchObject({ operatorName: 'reviewer', target: `${API}/operators/list`, after: { role: 'admin' } });
  });
});

describe('passwords', () => {
  it('refuses the passwords guessers try first (Password1234), on create, reset and change', async () => {
    const created = await hall.post(`${API}/operators/create`, { username: 'common.pass', displayName: '常见', roles: ['counter'], password: 'Password1234' }, admin);
    expect([created.status, created.body.errmsg]).toEqual([400, '密码过于常见，容易被猜中，请换一个不常见的密码']);
    const id = await ownAccount('common.other', ['counter'], 'Uncommon2026pass');
    const reset = await hall.post(`${API}/operators/resetPassword`, { id, password: 'Qwerty123456' }, admin);
    expect(reset.body.errmsg).toBe('密码过于常见，容易被猜中，请换一个不常见的密码');
    const session = cookieFrom((await signIn('common.other', 'Uncommon2026pass')).headers['set-cookie']);
    const change = await hall.post(`${API}/changePassword`, { current: 'Uncommon2026pass', next: 'Password1234' }, session);
    expect(change.body.errmsg).toBe('密码过于常见，容易被猜中，请换一个不常见的密码');
    expect((await signIn('common.other', 'Uncommon2026pass')).statusCode).toBe(200);
  });

  it(`a temporary password expires ${OPERATOR_TEMPORARY_PASSWORD_HOURS} hours after it was set`, async () => {
    const id = await createOperatorAccount(hall, admin, 'stale.temp', ['counter'], 'Temporary2026x', '过期');
    await hall.connection.db
      .update(operatorAccounts)
      .set({ createdAt: new Date(Date.now() - (OPERATOR_TEMPORARY_PASSWORD_HOURS + 1) * 3_600_000) })
      .where(eq(operatorAccounts.id, id));
    const expired = await signIn('stale.temp', 'Temporary2026x');
    expect([expired.statusCode, expired.json().errmsg]).toEqual([403, `临时密码已超过${OPERATOR_TEMPORARY_PASSWORD_HOURS}小时未修改，已失效，请联系系统管理员重新设置`]);
    expect(expired.headers['set-cookie']).toBeUndefined();
    await hall.post(`${API}/operators/resetPassword`, { id, password: 'Renewed2026temporary' }, admin);
    expect((await signIn('stale.temp', 'Renewed2026temporary')).statusCode).toBe(200);
  });
});

describe('administrators changing each other at once', () => {
  it('two administrators demoting each other together never deadlock: one is done, the other refused in words, never a 500', async () => {
    const first = await ownAccount('admin.first', ['admin'], 'AdminFirst2026x');
    const second = await ownAccount('admin.second', ['admin'], 'AdminSecond2026x');
    const firstSession = cookieFrom((await signIn('admin.first', 'AdminFirst2026x')).headers['set-cookie']);
    const secondSession = cookieFrom((await signIn('admin.second', 'AdminSecond2026x')).headers['set-cookie']);
    // The demo's own administrator steps aside, so the two are the last ones standing.
    const [demoAdmin] = await hall.connection.db.select().from(operatorAccounts).where(eq(operatorAccounts.username, 'admin'));
    for (let round = 0; round < 8; round += 1) {
      await hall.connection.db
        .update(operatorAccounts)
        .set({ roles: ['admin'] })
        .where(eq(operatorAccounts.id, first));
      await hall.connection.db
        .update(operatorAccounts)
        .set({ roles: ['admin'] })
        .where(eq(operatorAccounts.id, second));
      await hall.connection.db
        .update(operatorAccounts)
        .set({ roles: ['reviewer'] })
        .where(eq(operatorAccounts.id, demoAdmin!.id));
      const answers = await Promise.all([
        hall.post(`${API}/operators/update`, { id: second, displayName: '二号', roles: ['reviewer'], disabled: false }, firstSession),
        hall.post(`${API}/operators/update`, { id: first, displayName: '一号', roles: ['reviewer'], disabled: false }, secondSession),
      ]);
      // The one that waited finds itself the last administrator (400), or, had it not yet passed its guard, no longer one (403).
      const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
      expect(won!.status).toBe(200);
      expect([
        [400, '不能停用或取消最后一位系统管理员'],
        [403, '您没有此项操作的权限'],
      ]).toContainEqual([lost!.status, lost!.body.errmsg]);
    }
    await hall.connection.db
      .update(operatorAccounts)
      .set({ roles: ['admin'] })
      .where(eq(operatorAccounts.id, demoAdmin!.id));
  });
});
