import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../../../src/db/schema';
import { DEMO_BUSINESSES } from '../../../src/seed/apply-catalogue';
import { randomId } from '../../../src/lib/ids';
import { testHallForFile } from '../../hall';
import { caseColumns, ownerAndStranger } from '../../application-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const LIST = '/online/wx/apilist/getYuyueApplyList';
const BASE = '/online/public/appointment';
const AREA = 'ap-659000-1';
const PROCESS = 'ap-659000-1-p1';

const hall = testHallForFile();
let owner: string;
let other: string;
const business = DEMO_BUSINESSES[0]!;

beforeAll(async () => {
  [owner, other] = await ownerAndStranger(hall, 'yy-owner', 'yy-other');
});

/** An application of the citizen in the given review state, written straight to the database. */
async function caseOf(openid: string, shzt: number, opinions: { shQjdcYj?: string; shXmslYj?: string } = {}) {
  const prolsh = shzt === -1 ? null : `HD2611${randomId(8)}`;
  const [row] = await hall.connection.db
    .insert(applications)
    .values({
      ...caseColumns(openid),
      name: '房屋转移登记申请',
      prolsh,
      slbh: `SL${randomId(12)}`,
      shzt,
      submittedAt: shzt === -1 ? null : new Date(),
      ...opinions,
    })
    .returning();
  return row!;
}

interface Entry {
  id: string;
  iskyy: string;
  orderid: string;
  prolsh: string | null;
  shzt: number;
  [key: string]: unknown;
}
async function list(cookie: string, openid?: string) {
  const { status, body } = await callHall(hall, contract.getYuyueApplyList, { reqseq: 'r', ...(openid ? { openid } : {}) }, cookie);
  return { status, body: body as { errcode: string; errmsg?: string; data?: Entry[] } };
}

describe('getYuyueApplyList', () => {
  it('lists the citizen own submitted applications with the list fields, bookable until an order exists', async () => {
    const draft = await caseOf('yy-owner', -1);
    const pending = await caseOf('yy-owner', 0);
    const rejected = await caseOf('yy-owner', 11, { shXmslYj: '材料不全' });

    const { status, body } = await list(owner, 'yy-owner');
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    const ids = body.data!.map((entry) => entry.id);
    expect(ids).toEqual(expect.arrayContaining([String(pending.id), String(rejected.id)]));
    expect(ids).not.toContain(String(draft.id));
    const entry = body.data!.find((e) => e.id === String(pending.id))!;
    expect(entry).toEqual({
      id: String(pending.id),
      name: '房屋转移登记申请',
      iskyy: 'true',
      prolsh: pending.prolsh,
      djlx: business.djlx,
      djlx_name: expect.any(String),
      areaname: business.areaname,
      shzt: 0,
      pro_slxmsh: { sh_qjdc_yj: '', sh_xmsl_yj: '' },
      user_name: '张三',
      prostart: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      tjsj: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      orderid: '',
      wf_prodefname: business.prodefName,
    });
    expect(entry.djlx_name).not.toBe('');
    expect(body.data!.find((e) => e.id === String(rejected.id))).toMatchObject({ shzt: 11, pro_slxmsh: { sh_qjdc_yj: '', sh_xmsl_yj: '材料不全' } });

    // Booking the pending case turns it into 查看预约单 with the order's id.
    const days = ((await hall.app.inject({ method: 'GET', url: `${BASE}/calendars/${AREA}` })).json() as { calendarId: string; timeClass: string; holiday: number }[]).filter((d) => d.holiday === 0);
    const day = days[0]!;
    const slots = (await hall.app.inject({ method: 'GET', url: `${BASE}/counts/${day.calendarId}/${day.timeClass}/${PROCESS}` })).json() as { timeId: string }[];
    const booked = await hall.app.inject({
      method: 'POST',
      url: `${BASE}/addByWlsh/`,
      payload: new URLSearchParams({ area: AREA, process: PROCESS, calendar: day.calendarId, time: slots[0]!.timeId, wlsh: pending.prolsh!, xzqdm: '659000' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: owner },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const orderId = (booked.json() as { data: { id: string } }).data.id;
    const after = (await list(owner)).body.data!.find((e) => e.id === String(pending.id))!;
    expect(after).toMatchObject({ iskyy: 'false', orderid: orderId });
  });

  it('a case booked online offers its booking slip in 我的申请 (kyy 2), no longer 点击预约', async () => {
    const passed = await caseOf('yy-owner', 10);
    await hall.connection.db.update(applications).set({ kyy: '1' }).where(eq(applications.id, passed.id));
    const days = ((await hall.app.inject({ method: 'GET', url: `${BASE}/calendars/${AREA}` })).json() as { calendarId: string; timeClass: string; holiday: number }[]).filter((d) => d.holiday === 0);
    const day = days[1] ?? days[0]!;
    const slots = (await hall.app.inject({ method: 'GET', url: `${BASE}/counts/${day.calendarId}/${day.timeClass}/${PROCESS}` })).json() as { timeId: string }[];
    const booked = await hall.app.inject({
      method: 'POST',
      url: `${BASE}/addByWlsh/`,
      payload: new URLSearchParams({ area: AREA, process: PROCESS, calendar: day.calendarId, time: slots[0]!.timeId, wlsh: passed.prolsh!, xzqdm: '659000' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: owner },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const { body } = await callHall(hall, contract.getApplyList, { status: '10' }, owner);
    const tab = body.data!.lists.flatMap((list) => list.items);
    expect(tab.find((item) => item.id === String(passed.id))).toMatchObject({ kyy: '2' });
  });

  it('does not list another citizen applications, nor their orders', async () => {
    const theirs = await caseOf('yy-other', 0);
    expect((await list(owner)).body.data!.map((e) => e.id)).not.toContain(String(theirs.id));
    const mine = (await list(other)).body.data!;
    expect(mine.map((e) => e.id)).toEqual([String(theirs.id)]);
    expect(mine[0]).toMatchObject({ iskyy: 'true', orderid: '', user_name: '李四' });
  });

  it('refuses a payload openid that is not the session one, and a caller without a session', async () => {
    const { status, body } = await list(owner, 'yy-other');
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.errcode).not.toBe('00');
    expect(body.data).toBeUndefined();
    const anonymous = await callHall(hall, contract.getYuyueApplyList, { reqseq: 'r' });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.status).toBeLessThan(500);
  });

  it('answers a malformed payload with a 4xx and a Chinese message', async () => {
    const { status, body } = await hall.post(LIST, { reqseq: 'r', openid: 'x'.repeat(500) }, owner);
    expect(status).toBe(400);
    expect((body as { errmsg: string }).errmsg).toMatch(/[\u4e00-\u9fa5]/);
    // Confirms the row written above is still the only one of the other citizen.
    expect((await hall.connection.db.select().from(applications).where(eq(applications.openid, 'yy-other'))).length).toBe(1);
  });
});
