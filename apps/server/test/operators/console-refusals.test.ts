import { contract, type CallDefinition } from '@hall/api';
import { OPERATOR_ROLE_CODES } from '@hall/domain';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleCallGuards } from '../../src/lib/register-call';
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
