import { contract, type CallDefinition } from '@hall/api';
import { OPERATOR_ROLE_CODES } from '@hall/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleCallGuards } from '../../src/routes/register-call';
import { testHallForFile } from '../hall';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });
let citizen: string;
let operatorOnPhone: string;
const consoles: Record<string, string> = {};
beforeAll(async () => {
  citizen = await hall.quickCitizen('roles-citizen');
  // A citizen session of the WeChat the demo 审核员 is bound to: still no console call without the console's own session.
  operatorOnPhone = await hall.login('operator-demo');
  for (const role of OPERATOR_ROLE_CODES) consoles[role] = await hall.quickOperator(`roles-${role}`, [role]);
});

/** The console calls of the contract; sign-out last, since it ends the session the others use. */
const consoleCalls = () =>
  Object.entries(contract as Record<string, CallDefinition>)
    .filter(([, call]) => consoleCallGuards.has(call.path))
    .sort(([a], [b]) => Number(a === 'operatorSignOut') - Number(b === 'operatorSignOut'));

async function send(call: CallDefinition, cookie: string) {
  const response = await hall.app.inject({
    method: call.method,
    url: call.method === 'GET' ? `${call.path}?reqseq=r` : call.path,
    ...(call.method === 'GET' ? {} : { payload: { reqseq: 'r' } }),
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('every console call, by role', () => {
  it('finds the console calls of the contract (review, accounts, audit …)', () => {
    const names = consoleCalls().map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['getReviewList', 'reviewApply', 'listOperators', 'createOperator', 'listAuditTrail', 'changeOperatorPassword']));
  });

  it('refuses everyone without a console session (no cookie, a citizen, an operator signed in to WeChat only): 401, errcode 401', async () => {
    for (const [name, call] of consoleCalls()) {
      for (const cookie of ['', citizen, operatorOnPhone]) {
        const { status, body } = await send(call, cookie);
        expect(status, `${name} with ${cookie ? 'a citizen session' : 'no session'}`).toBe(401);
        expect(body.errcode).toBe('401');
      }
    }
  });

  it('refuses each role the call does not name (403 您没有此项操作的权限) and lets the one it names past the guard', async () => {
    for (const [name, call] of consoleCalls()) {
      const guard = consoleCallGuards.get(call.path)!;
      for (const role of OPERATOR_ROLE_CODES) {
        const { status, body } = await send(call, consoles[role]!);
        if (!guard.role || guard.role === role) {
          // Past the guard: the empty payload may be refused by the call itself, never by the guard.
          expect([401, 403], `${name} as ${role}: ${JSON.stringify(body)}`).not.toContain(status);
        } else {
          expect(status, `${name} as ${role}`).toBe(403);
          expect(JSON.stringify(body), name).toContain('您没有此项操作的权限');
        }
      }
    }
  });
});
