import type { AddressInfo } from 'node:net';
import { auditedChanges } from '../../rows';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { QueueBoard, QueueBoardNumber, QueueOrder, QueueSettingsHall } from '@hall/api';
import { operatorAccounts, queueConfigs, queueDaySerials, queueOrders, queueTimeCounts } from '../../../src/db/schema';
import { ROW_ID_INVALID } from '@hall/api/internal';
import { NOT_YOUR_HALL } from '../../../src/services/operators/operator-sites';
import { DISPLAY_STREAMS_PER_ADDRESS, TOO_MANY_DISPLAYS } from '../../../src/routes/queue/counter';
import { statementsWhile } from '../../statement-count';
import { formatShanghaiDate } from '../../../src/lib/shanghai-time';
import { auditTrail } from '../../../src/db/schema';
import { readDisplay } from '../../../src/services/queue/counter/queue-calling';
import { testHallForFile } from '../../hall';
import { buildApp } from '../../../src/app';
import { connectDatabase } from '../../../src/db/client';
import { createContext } from '../../../src/hall';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const A = '/online/admin/api/queue';
const HALL = 'qc-130400';

const hall = testHallForFile();
let admin: string;
let counter: string;
let groupId: string;
const today = formatShanghaiDate(new Date());

/** Sets a hall's hours (its queue configuration's strtime and endtime). */
async function setHours(company: string, strtime: string, endtime: string) {
  await hall.connection.db.update(queueConfigs).set({ strtime, endtime }).where(eq(queueConfigs.companyId, company));
}

beforeAll(async () => {
  // Numbers are called only within a hall's hours: these halls are open all day, so the tests run at any hour.
  for (const company of [HALL, 'qc-130402']) await setHours(company, '00:00', '23:59');
  admin = await hall.operator('admin');
  counter = await hall.operator('counter');
  const settings = await hall.post(`${A}/settings`, {}, admin);
  groupId = (settings.body.data as QueueSettingsHall[]).find((item) => item.id === HALL)!.groups[0]!.id;
});

let serial = 100;
/** A number of today for a citizen, made in the database as taking one does (the time's count and the day's serial). */
async function numberFor(openid: string, group = groupId, resTime = '09:00-10:00'): Promise<{ id: string; number: string }> {
  const db = hall.connection.db;
  serial += 1;
  await db.insert(queueTimeCounts).values({ groupId: group, resDay: today, resTime, maxNum: 10, countNum: 0 }).onConflictDoNothing();
  const [count] = await db
    .select()
    .from(queueTimeCounts)
    .where(and(eq(queueTimeCounts.groupId, group), eq(queueTimeCounts.resDay, today), eq(queueTimeCounts.resTime, resTime)));
  await db
    .update(queueTimeCounts)
    .set({ countNum: count!.countNum + 1, maxNum: Math.max(count!.maxNum, count!.countNum + 1) })
    .where(and(eq(queueTimeCounts.groupId, group), eq(queueTimeCounts.resDay, today), eq(queueTimeCounts.resTime, resTime)));
  await db
    .insert(queueDaySerials)
    .values({ groupId: group, resDay: today, lastSerial: serial })
    .onConflictDoUpdate({ target: [queueDaySerials.groupId, queueDaySerials.resDay], set: { lastSerial: serial } });
  const [row] = await db
    .insert(queueOrders)
    .values({ openid, companyId: HALL, groupId: group, resDay: today, resTime, name: '王五', phone: '13812341234', number: `A${serial}` })
    .returning();
  return { id: String(row!.id), number: row!.number };
}

/** The audit trail's actions on one number, in order. */
async function auditedActionsOf(id: string): Promise<string[]> {
  const rows = await hall.connection.db
    .select()
    .from(auditTrail)
    .where(eq(auditTrail.target, `queueOrder:${id}`));
  return rows.map((row) => row.action);
}

async function clearToday() {
  await hall.connection.db.delete(queueOrders).where(eq(queueOrders.resDay, today));
  await hall.connection.db.delete(queueTimeCounts).where(eq(queueTimeCounts.resDay, today));
}

describe('settings (系统管理员)', () => {
  it('refuses to set a group’s numbers per time below what a time already handed out, with the count, and keeps the group', async () => {
    await clearToday();
    for (let i = 0; i < 4; i += 1) await numberFor(`settings-${i}`);
    const settings = (await hall.post(`${A}/settings`, {}, admin)).body.data as QueueSettingsHall[];
    const group = settings.find((item) => item.id === HALL)!.groups.find((item) => item.id === groupId)!;
    expect(group.mostTaken).toBe(4);
    const auditBefore = await auditedChanges(hall);

    const refused = await hall.post(`${A}/group/save`, { ...group, capacity: 3 }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errmsg).toContain('4');
    expect(await auditedChanges(hall)).toBe(auditBefore);

    const saved = await hall.post(`${A}/group/save`, { ...group, capacity: 4, name: '登记业务（调整）' }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (saved.body.data as QueueSettingsHall).groups.find((item) => item.id === groupId)!;
    expect(after).toMatchObject({ capacity: 4, name: '登记业务（调整）' });
    const [count] = await hall.connection.db
      .select()
      .from(queueTimeCounts)
      .where(and(eq(queueTimeCounts.groupId, groupId), eq(queueTimeCounts.resDay, today)));
    expect(count!.maxNum).toBe(4);
    const [entry] = await hall.connection.db.select().from(auditTrail).where(eq(auditTrail.action, 'queue.group.update'));
    expect(entry).toMatchObject({ target: `queueGroup:${groupId}` });
    await hall.post(`${A}/group/save`, { ...group, capacity: 10 }, admin);
  });

  it('refuses hall times that would drop a time holding numbers, and bad input, with plain messages', async () => {
    const settings = (await hall.post(`${A}/settings`, {}, admin)).body.data as QueueSettingsHall[];
    const current = settings.find((item) => item.id === HALL)!;
    const moved = await hall.post(`${A}/hall/save`, { ...current, strtime: '10:00' }, admin);
    expect(moved.status).toBe(409);
    expect(moved.body.errmsg).toContain('09:00-10:00');
    const bad = await hall.post(`${A}/hall/save`, { ...current, strtime: '9点' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errmsg).toContain('09:00');
    const created = await hall.post(`${A}/hall/save`, { ...current, id: undefined, name: '新大厅' }, admin);
    expect(created.status).toBe(200);
    const newHall = created.body.data as QueueSettingsHall;
    const group = await hall.post(`${A}/group/save`, { comID: newHall.id, name: '抵押登记', prefix: 'd', remark: '', capacity: 5, sort: 1 }, admin);
    expect((group.body.data as QueueSettingsHall).groups[0]).toMatchObject({ prefix: 'D', capacity: 5, mostTaken: 0 });
    const samePrefix = await hall.post(`${A}/group/save`, { comID: newHall.id, name: '其他', prefix: 'D', remark: '', capacity: 5, sort: 2 }, admin);
    expect(samePrefix.status).toBe(409);
  });
});

describe('calling (窗口人员)', () => {
  it('gives each waiting number once across two counters calling at the same time', async () => {
    await clearToday();
    const taken = [];
    for (let i = 0; i < 6; i += 1) taken.push((await numberFor(`call-${i}`)).number);
    const other = await hall.quickOperator('counter-two', ['counter']);
    const calls = await Promise.all(Array.from({ length: 8 }, (_, i) => hall.post(`${A}/calling/next`, { groupId, window: i % 2 ? 3 : 5 }, i % 2 ? counter : other)));
    const called = calls.filter((call) => call.status === 200).map((call) => (call.body.data as QueueBoardNumber).number);
    expect(called.sort()).toEqual([...taken].sort());
    const refused = calls.filter((call) => call.status !== 200);
    expect(refused).toHaveLength(2);
    for (const call of refused) expect(call.body.errmsg).toBe('该业务今天已没有等待的号');
    const board = (await hall.post(`${A}/calling/board`, { groupId }, counter)).body.data as QueueBoard;
    expect(board.counts).toEqual({ waiting: 0, called: 6, serving: 0, skipped: 0, done: 0 });
  });

  it('recalls, skips and finishes only from the states that allow it, and audits each', async () => {
    await clearToday();
    const mine = await numberFor('state-citizen');
    const next = await hall.post(`${A}/calling/next`, { groupId, window: 3 }, counter);
    expect(next.body.data).toMatchObject({ id: mine.id, callState: 'called', callWindow: 3 });
    expect((await hall.post(`${A}/calling/finish`, { id: 'abc' }, counter)).status).toBe(400);
    expect((await hall.post(`${A}/calling/next`, { groupId, window: 0 }, counter)).body.errmsg).toContain('窗口号');
    expect((await hall.post(`${A}/calling/skip`, { id: mine.id }, counter)).body.data).toMatchObject({ callState: 'skipped' });
    expect((await hall.post(`${A}/calling/skip`, { id: mine.id }, counter)).status).toBe(409);
    expect((await hall.post(`${A}/calling/finish`, { id: mine.id }, counter)).status).toBe(409);
    expect((await hall.post(`${A}/calling/recall`, { id: mine.id, window: 4 }, counter)).body.data).toMatchObject({ callState: 'called', callWindow: 4 });
    expect((await hall.post(`${A}/calling/finish`, { id: mine.id }, counter)).body.data).toMatchObject({ callState: 'done' });
    expect((await hall.post(`${A}/calling/recall`, { id: mine.id, window: 4 }, counter)).status).toBe(409);
    expect(await auditedActionsOf(mine.id)).toEqual(['queue.call', 'queue.skip', 'queue.recall', 'queue.finish']);
  });

  it('a called number that comes to the window is 办理中 until 办结: not skipped or called again meanwhile, audited, off the display', async () => {
    await clearToday();
    const citizen = await hall.quickCitizen('serving-citizen');
    const mine = await numberFor('serving-citizen');
    expect(await hall.post(`${A}/calling/serve`, { id: mine.id }, counter)).toMatchObject({ status: 409, body: { errmsg: '该号码当前不在叫号中，请刷新列表后再操作' } });
    await hall.post(`${A}/calling/next`, { groupId, window: 6 }, counter);
    const serving = await hall.post(`${A}/calling/serve`, { id: mine.id }, counter);
    expect(serving.body).toMatchObject({ errcode: '00', errmsg: `${mine.number} 开始办理`, data: { id: mine.id, callState: 'serving', callWindow: 6 } });
    const listed = ((await callHall(hall, contract.queueOrders, {}, citizen)).body.data as QueueOrder[]).find((order) => order.id === mine.id);
    expect(listed).toMatchObject({ stateName: '办理中', callState: 'serving', cancellable: false });
    expect((await hall.post(`${A}/calling/board`, { groupId }, counter)).body.data).toMatchObject({ counts: { serving: 1, called: 0 } });
    expect(await readDisplay(hall.connection.db, HALL)).toMatchObject({ calls: [] });
    for (const [path, extra] of [
      ['skip', {}],
      ['recall', { window: 2 }],
      ['serve', {}],
    ] as const) {
      expect((await hall.post(`${A}/calling/${path}`, { id: mine.id, ...extra }, counter)).status, path).toBe(409);
    }
    expect((await hall.post(`${A}/calling/finish`, { id: mine.id }, counter)).body.data).toMatchObject({ callState: 'done' });
    expect(await hall.post(`${A}/calling/finish`, { id: mine.id }, counter)).toMatchObject({ status: 409, body: { errmsg: '该号码不在叫号中或已结束办理，请刷新列表后再操作' } });
    expect(await auditedActionsOf(mine.id)).toEqual(['queue.call', 'queue.serve', 'queue.finish']);
  });

  it('shows the citizen the state of their own number only', async () => {
    await clearToday();
    const citizen = await hall.quickCitizen('own-state-citizen');
    const someoneElse = await hall.quickCitizen('own-state-other');
    const mine = await numberFor('own-state-citizen');
    const stateOf = async (cookie: string) => ((await callHall(hall, contract.queueOrders, {}, cookie)).body.data as QueueOrder[]).find((order) => order.id === mine.id);
    expect(await stateOf(citizen)).toMatchObject({ callState: 'waiting', callWindow: null });
    await hall.post(`${A}/calling/next`, { groupId, window: 7 }, counter);
    expect(await stateOf(citizen)).toMatchObject({ callState: 'called', callWindow: 7 });
    expect(await stateOf(someoneElse)).toBeUndefined();
    await hall.post(`${A}/calling/skip`, { id: mine.id }, counter);
    expect(await stateOf(citizen)).toMatchObject({ callState: 'skipped' });
  });
});

/** The same text typed in full-width characters (ｑｃ－１３０４００－ａ), as a Chinese keyboard may send it. */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

async function rowOf(id: string) {
  const [row] = await hall.connection.db
    .select()
    .from(queueOrders)
    .where(eq(queueOrders.id, Number(id)));
  return row!;
}

describe('the operator’s halls, however an id is spelled', () => {
  let otherHall: string;
  beforeAll(async () => {
    otherHall = await hall.quickOperator('other-hall-counter', ['counter']);
    await hall.connection.db
      .update(operatorAccounts)
      .set({ sites: ['qc-130402'] })
      .where(eq(operatorAccounts.username, 'other-hall-counter'));
  });

  it('refuses a counter of another hall this hall’s board and next number by any spelling of the group, and calls nothing', async () => {
    await clearToday();
    const taken = await numberFor('spelling-group');
    const spellings = [groupId, ` ${groupId}`, `${groupId} `, `\u3000${groupId}\t`, fullWidth(groupId)];
    for (const spelling of spellings) {
      expect(await hall.post(`${A}/calling/board`, { groupId: spelling }, otherHall), spelling).toMatchObject({ status: 403, body: { errmsg: NOT_YOUR_HALL } });
      expect(await hall.post(`${A}/calling/next`, { groupId: spelling, window: 3 }, otherHall), spelling).toMatchObject({ status: 403, body: { errmsg: NOT_YOUR_HALL } });
    }
    expect(await rowOf(taken.id)).toMatchObject({ callState: 'waiting', callWindow: null });
    // The hall's own counter names the same group by any of them.
    for (const spelling of spellings) expect(((await hall.post(`${A}/calling/board`, { groupId: spelling }, counter)).body.data as QueueBoard).groupId).toBe(groupId);
  });

  it('refuses a counter of another hall this hall’s number by any spelling of its id (spaces, zero padding, full-width digits), and changes nothing', async () => {
    await clearToday();
    const taken = await numberFor('spelling-number');
    expect((await hall.post(`${A}/calling/next`, { groupId, window: 3 }, counter)).status).toBe(200);
    const spellings: (string | number)[] = [taken.id, Number(taken.id), ` ${taken.id}`, `${taken.id} `, `0${taken.id}`, `00${taken.id}`, fullWidth(taken.id), `\u3000${fullWidth(`0${taken.id}`)}`];
    for (const spelling of spellings) {
      for (const [path, extra] of [
        ['recall', { window: 5 }],
        ['skip', {}],
        ['finish', {}],
      ] as const) {
        const answer = await hall.post(`${A}/calling/${path}`, { id: spelling, ...extra }, otherHall);
        expect(answer, `${path} ${JSON.stringify(spelling)}`).toMatchObject({ status: 403, body: { errmsg: NOT_YOUR_HALL } });
      }
    }
    expect(await rowOf(taken.id)).toMatchObject({ callState: 'called', callWindow: 3 });
    // The hall's own counter: every spelling is the one number.
    expect((await hall.post(`${A}/calling/skip`, { id: `0${taken.id}` }, counter)).body.data).toMatchObject({ id: taken.id, callState: 'skipped' });
    expect((await hall.post(`${A}/calling/recall`, { id: fullWidth(taken.id), window: 4 }, counter)).body.data).toMatchObject({ id: taken.id, callState: 'called', callWindow: 4 });
    expect(await hall.post(`${A}/calling/finish`, { id: '1x' }, counter)).toMatchObject({ status: 400, body: { errmsg: ROW_ID_INVALID } });
  });
});

describe('the hall’s hours', () => {
  it('refuses calling a number outside the hall’s hours of the day, with the hours, and changes nothing; a called number can still be finished', async () => {
    await clearToday();
    const waiting = await numberFor('hours-waiting');
    const called = await numberFor('hours-called');
    expect((await hall.post(`${A}/calling/next`, { groupId, window: 2 }, counter)).body.data).toMatchObject({ id: waiting.id });
    // Hours that leave out this moment, whenever the test runs.
    const hourInChina = (new Date().getUTCHours() + 8) % 24;
    const [strtime, endtime] = hourInChina < 12 ? ['22:00', '23:00'] : ['01:00', '02:00'];
    await setHours(HALL, strtime, endtime);
    try {
      const message = `现在不在本大厅的办理时间（${strtime}-${endtime}），不能叫号，请在办理时间内叫号`;
      expect(await hall.post(`${A}/calling/next`, { groupId, window: 3 }, counter)).toMatchObject({ status: 409, body: { errmsg: message } });
      expect(await hall.post(`${A}/calling/recall`, { id: waiting.id, window: 3 }, counter)).toMatchObject({ status: 409, body: { errmsg: message } });
      expect(await rowOf(called.id)).toMatchObject({ callState: 'waiting', callWindow: null, calledAt: null });
      expect(await rowOf(waiting.id)).toMatchObject({ callState: 'called', callWindow: 2 });
      expect((await hall.post(`${A}/calling/finish`, { id: waiting.id }, counter)).body.data).toMatchObject({ callState: 'done' });
    } finally {
      await setHours(HALL, '00:00', '23:59');
    }
  });
});

/** Reads server-sent events from a real socket. */
async function openStream(url: string, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: cookie ? { cookie } : {} });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; data: unknown }[] = [];
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  const waitFor = async (match: (event: { event: string; data: unknown }) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(events)}`);
  };
  return { response, events, waitFor, close: () => controller.abort() };
}

describe('the live streams', () => {
  let base: string;
  beforeAll(async () => {
    await hall.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(hall.app.server.address() as AddressInfo).port}`;
  });

  it('a call made on a second server of the same database reaches the display served by the first', async () => {
    // A second server as a second process would be: its own pool, its own LISTEN connection, its own port.
    const connection = connectDatabase(hall.databaseUrl, 3);
    const second = await buildApp(await createContext({ env: hall.env, db: connection.db, pool: connection.pool, filesDir: hall.filesDir }));
    try {
      await clearToday();
      const taken = await numberFor('second-server-citizen');
      const stream = await openStream(`${base}/callnum/api/display/stream?hall=${HALL}`);
      await stream.waitFor((event) => event.event === 'calls', 1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const called = await second.inject({ method: 'POST', url: `${A}/calling/next`, payload: { groupId, window: 5 }, headers: { cookie: counter } });
      expect(called.statusCode, called.body).toBe(200);
      const event = await stream.waitFor((item) => JSON.stringify(item.data).includes(taken.number), 1000);
      expect((event.data as { calls: Record<string, unknown>[] }).calls[0]).toMatchObject({ number: taken.number, callWindow: 5 });
      stream.close();
    } finally {
      await second.close();
      await connection.close();
    }
  });

  it('sends the hall display a call within a second: number, business and window only', async () => {
    await clearToday();
    const taken = await numberFor('display-citizen');
    const stream = await openStream(`${base}/callnum/api/display/stream?hall=${HALL}`);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await stream.waitFor((event) => event.event === 'calls', 1000);
    // Let the listener start before the call.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await hall.post(`${A}/calling/next`, { groupId, window: 3 }, counter);
    const event = await stream.waitFor((item) => JSON.stringify(item.data).includes(taken.number), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const board = event.data as { hall: string; calls: Record<string, unknown>[] };
    expect(board.hall).toBe('邯郸市不动产登记中心');
    expect(board.calls[0]).toMatchObject({ number: taken.number, callWindow: 3 });
    expect(Object.keys(board.calls[0]!).sort()).toEqual(['callWindow', 'calledAt', 'groupName', 'number']);
    expect(JSON.stringify(stream.events)).not.toMatch(/王五|1381234/);
    stream.close();
  });

  it('answers an unknown hall with a plain 404', async () => {
    const response = await fetch(`${base}/callnum/api/display/stream?hall=nope`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errmsg: string }).errmsg).toContain('hall');
  });

  it('tells a citizen about their own number and not about anyone else’s', async () => {
    await clearToday();
    const cookie = await hall.quickCitizen('stream-citizen');
    const other = await numberFor('stream-other');
    const mine = await numberFor('stream-citizen');
    const refused = await fetch(`${base}/callnum/api/order/stream`);
    expect(refused.headers.get('content-type')).not.toContain('text/event-stream');
    const stream = await openStream(`${base}/callnum/api/order/stream`, cookie);
    await stream.waitFor((event) => event.event === 'ready', 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await hall.post(`${A}/calling/next`, { groupId, window: 2 }, counter); // the other's number first
    await hall.post(`${A}/calling/next`, { groupId, window: 2 }, counter);
    await stream.waitFor((event) => event.event === 'order' && (event.data as { id?: string }).id === mine.id, 1000);
    expect(stream.events.some((event) => (event.data as { id?: string }).id === other.id)).toBe(false);
    stream.close();
  });

  it('reads a hall’s board once per call, however many displays show it', async () => {
    await clearToday();
    const taken = await numberFor('one-read-citizen');
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < DISPLAY_STREAMS_PER_ADDRESS; i += 1) streams.push(await openStream(`${base}/callnum/api/display/stream?hall=${HALL}`));
    try {
      for (const stream of streams) await stream.waitFor((event) => event.event === 'calls', 1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const displayReads = (statement: { text?: string }) => Boolean(statement.text?.includes('"queue_groups"."name"') && statement.text.includes('limit'));
      const { statements } = await statementsWhile(hall.connection, displayReads, async () => {
        await hall.post(`${A}/calling/next`, { groupId, window: 6 }, counter);
        for (const stream of streams) await stream.waitFor((item) => JSON.stringify(item.data).includes(taken.number), 1000);
      });
      expect(statements).toBe(1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('refuses a client address more display streams than the cap, plainly, and takes one again when another closes', async () => {
    // The streams of the test before have let go of their places.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < DISPLAY_STREAMS_PER_ADDRESS; i += 1) streams.push(await openStream(`${base}/callnum/api/display/stream?hall=${HALL}`));
    try {
      for (const stream of streams) expect(stream.response.status).toBe(200);
      const refused = await fetch(`${base}/callnum/api/display/stream?hall=${HALL}`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).not.toContain('text/event-stream');
      expect(await refused.json()).toEqual({ errcode: '429', errmsg: TOO_MANY_DISPLAYS });
      streams.shift()!.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await openStream(`${base}/callnum/api/display/stream?hall=${HALL}`);
      streams.push(again);
      expect(again.response.status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
