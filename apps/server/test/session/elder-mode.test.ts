import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();

const PATH = '/online/wx/apilist/setElderMode';
const elderModeOf = async (openid: string) => (await hall.connection.db.select({ on: users.elderMode }).from(users).where(eq(users.openid, openid)))[0]?.on;

describe('setElderMode (长辈模式)', () => {
  it('is off for a new citizen, then stored with the session user and shown by getUserInfo on every later read', async () => {
    const cookie = await hall.login('elder-1');
    const before = await callHall(hall, contract.getUserInfo, { data: { openid: 'elder-1' } }, cookie);
    expect(before.body).toMatchObject({ data: { elderMode: false } });

    const on = await callHall(hall, contract.setElderMode, { data: { elderMode: true } }, cookie);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ errcode: '00', data: { elderMode: true } });
    expect(await elderModeOf('elder-1')).toBe(true);
    const after = await callHall(hall, contract.getUserInfo, { data: { openid: 'elder-1' } }, cookie);
    expect(after.body).toMatchObject({ data: { elderMode: true } });

    const off = await callHall(hall, contract.setElderMode, { data: { openid: 'elder-1', elderMode: false } }, cookie);
    expect(off.body).toMatchObject({ errcode: '00', data: { elderMode: false } });
    expect(await elderModeOf('elder-1')).toBe(false);
  });

  it("changes only the session's own user: another citizen's openid in the payload is refused and nothing changes", async () => {
    await hall.login('elder-victim');
    const cookie = await hall.login('elder-other');
    const { status, body } = await callHall(hall, contract.setElderMode, { data: { openid: 'elder-victim', elderMode: true } }, cookie);
    expect(status).toBe(403);
    expect(body.errmsg).toBe('身份信息不一致，请重新进入办事大厅');
    expect(await elderModeOf('elder-victim')).toBe(false);
    expect(await elderModeOf('elder-other')).toBe(false);
  });

  it('is refused when signed out', async () => {
    await hall.login('elder-signed-out');
    const { body } = await callHall(hall, contract.setElderMode, { data: { openid: 'elder-signed-out', elderMode: true } });
    expect(body.status).toBe(-1);
    expect(await elderModeOf('elder-signed-out')).toBe(false);
  });

  it('refuses a value that is not true or false', async () => {
    const cookie = await hall.login('elder-bad');
    const { status } = await hall.post(PATH, { data: { elderMode: 'yes' } }, cookie);
    expect(status).toBe(400);
    expect(await elderModeOf('elder-bad')).toBe(false);
  });
});
