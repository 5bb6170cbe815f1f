import { contract, type CallDefinition } from '@hall/api';
import { OPERATOR_ROLE_CODES } from '@hall/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { operatorAccounts, queueConfigs, queueGroups, queueOrders } from '../../src/db/schema';
import { consoleCallGuards } from '../../src/routes/register-call';
import { formatShanghaiDate } from '../../src/lib/shanghai-time';
import { AREA, book, openDays } from '../appointments/settings/booking-helpers';
import { footprint } from '../footprint';
import { testHallForFile } from '../hall';
import { samplePayload, type Json } from '../malformed-payloads';

/**
 * Every console call of the contract, sent with a payload generated from its own schema: as each role
 * the call does not name, and (for the calls that act on a site, a hall, a group or a booking) as a
 * counter tied to another site with that site's ids spelt every way a keyboard can (padded, zero-filled,
 * full-width). Each is refused, none answers a 5xx, and no row of any table changes.
 */
const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
const consoles: Record<string, string> = {};
beforeAll(async () => {
  for (const role of OPERATOR_ROLE_CODES) consoles[role] = await hall.quickOperator(`refusals-${role}`, [role]);
});

const consoleCalls = () => Object.entries(contract as Record<string, CallDefinition>).filter(([, call]) => consoleCallGuards.has(call.path));

/** The request of a call with this payload: in the path, the query or the body, as the call takes it. */
function requestOf(call: CallDefinition, payload: Json, cookie: string): InjectOptions {
  const headers = { cookie };
  if (call.path.includes('/:')) {
    const values = (payload ?? {}) as Record<string, Json>;
    return { method: call.method, url: call.path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(values[key] ?? '1'))), headers };
  }
  if (call.method === 'GET') {
    const entries = Object.entries((payload ?? {}) as Record<string, Json>).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
    const query = new URLSearchParams(entries);
    return { method: 'GET', url: `${call.path}?${query}`, headers };
  }
  return { method: 'POST', url: call.path, payload: payload as object, headers };
}

describe('console calls refused by role', () => {
  it('each role the call does not name is refused (403) whatever the payload, and nothing changes', async () => {
    const before = await footprint(hall);
    const wrong: string[] = [];
    let sent = 0;
    for (const [name, call] of consoleCalls()) {
      const guard = consoleCallGuards.get(call.path)!;
      if (!guard.role) continue;
      const { payload } = samplePayload(call.body as never, {});
      for (const role of OPERATOR_ROLE_CODES.filter((code) => code !== guard.role)) {
        const response = await hall.app.inject(requestOf(call, payload, consoles[role]!));
        sent += 1;
        if (response.statusCode !== 403 || !response.body.includes('您没有此项操作的权限')) wrong.push(`${name} as ${role}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    expect(await footprint(hall)).toEqual(before);
  });
});

/** The console calls that act on one site's, hall's or group's rows, and the counter calls that act on none. */
const SITE_SCOPED = ['/online/admin/api/queue/calling/', '/online/admin/api/counter-day/'];
const NOT_SITE_SCOPED = ['/online/admin/api/feedback/', '/online/admin/api/fulfilment/'];
/** The demo's 邯郸 hall, which the operator below does not serve. */
const HALL = 'qc-130400';

/** The same text in full-width characters (ｑｃ－１３０４００), as a Chinese keyboard may send it. */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

/** Every way a keyboard or a copy can spell an id: padded, zero-filled, full-width, as a number. */
function spellingsOf(value: string): Json[] {
  const spellings: Json[] = [value, ` ${value}`, `${value} `, `\u3000${value}\t`, fullWidth(value)];
  if (/^\d+$/.test(value)) spellings.push(`0${value}`, `00${value}`, Number(value), fullWidth(`0${value}`));
  return spellings;
}

describe('console calls of a site, as a counter of another site, by every spelling of the ids', () => {
  it('every call that acts on a site is refused for another site’s hall, group, number and booking, names nobody, and changes nothing', async () => {
    const farCounter = await hall.quickOperator('far-counter', ['counter']);
    await hall.connection.db
      .update(operatorAccounts)
      .set({ sites: ['qc-130402', 'ap-140200-1'] })
      .where(eq(operatorAccounts.username, 'far-counter'));
    // The hall is open all day, so a refusal is the site's and never the hours'.
    await hall.connection.db.update(queueConfigs).set({ strtime: '00:00', endtime: '23:59' }).where(eq(queueConfigs.companyId, HALL));
    const [group] = await hall.connection.db.select().from(queueGroups).where(eq(queueGroups.companyId, HALL)).limit(1);
    const [called] = await hall.connection.db
      .insert(queueOrders)
      .values({
        openid: 'site-citizen',
        companyId: HALL,
        groupId: group!.id,
        resDay: formatShanghaiDate(new Date()),
        resTime: '09:00-10:00',
        name: '郑九',
        phone: '13812341234',
        number: 'A901',
        callState: 'called',
        callWindow: 2,
      })
      .returning();
    const [day] = await openDays(hall);
    const booking = await book(hall, day!, '09:00-10:00', { openid: 'site-booker', name: '郑九', phone: '13700009999' });

    const counterCalls = consoleCalls().filter(([, call]) => consoleCallGuards.get(call.path)!.role === 'counter');
    const unclassified = counterCalls.filter(([, call]) => ![...SITE_SCOPED, ...NOT_SITE_SCOPED].some((prefix) => call.path.startsWith(prefix))).map(([name]) => name);
    expect(unclassified, 'a new counter call: is it a site’s?').toEqual([]);
    const siteCalls = counterCalls.filter(([, call]) => SITE_SCOPED.some((prefix) => call.path.startsWith(prefix)));
    expect(siteCalls.map(([name]) => name)).toEqual(
      expect.arrayContaining(['getQueueBoard', 'callNextQueueNumber', 'recallQueueNumber', 'skipQueueNumber', 'finishQueueNumber', 'getCounterDay', 'markCounterAttendance']),
    );

    const before = await footprint(hall);
    const wrong: string[] = [];
    let sent = 0;
    for (const [name, call] of siteCalls) {
      const { payload } = samplePayload(call.body as never, {});
      // The day's list is asked for as its screens ask: one date, without the table's paging and order.
      const base: Record<string, Json> =
        name === 'getCounterDay' ? { date: day!.calendarDate } : { ...(payload as Record<string, Json>), ...(name === 'markCounterAttendance' ? { kind: 'counter', state: 'arrived' } : {}) };
      const ids: Record<string, string> = { groupId: group!.id, areaId: AREA, id: name === 'markCounterAttendance' ? String(booking.id) : String(called!.id) };
      const present = Object.keys(ids).filter((key) => key in base || (key === 'areaId' && name === 'getCounterDay'));
      if (present.length === 0) {
        // A list of the operator's own: it shows nothing of the hall the operator does not serve.
        const response = await hall.app.inject(requestOf(call, base, farCounter));
        if (response.statusCode >= 500 || response.body.includes(HALL)) wrong.push(`${name}: ${response.statusCode} ${response.body.slice(0, 80)}`);
        continue;
      }
      for (const key of present) {
        for (const spelling of spellingsOf(ids[key]!)) {
          const response = await hall.app.inject(requestOf(call, { ...base, ...Object.fromEntries(present.map((k) => [k, ids[k]!])), [key]: spelling }, farCounter));
          sent += 1;
          if (![403, 404].includes(response.statusCode) || response.body.includes('郑九'))
            wrong.push(`${name} ${key}=${JSON.stringify(spelling)}: ${response.statusCode} ${response.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBeGreaterThan(40);
    expect(await footprint(hall)).toEqual(before);
    const [still] = await hall.connection.db
      .select()
      .from(queueOrders)
      .where(and(eq(queueOrders.id, called!.id), eq(queueOrders.callState, 'called')));
    expect(still).toBeDefined();
  });
});
