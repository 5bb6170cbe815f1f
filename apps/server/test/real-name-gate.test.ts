import { contract } from '@hall/api';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testHallForFile } from './hall';

/**
 * Spec part 1 §6: business paths require a completed profile and real-name verification. The server
 * decides, whatever the client shows: every business call refuses an account that is not verified
 * (validateUserInfo's 3) or whose profile lacks its name, ID number or phone (1, 2, 4), with the
 * spec's message, before it reads the payload, and writes nothing.
 */
const BUSINESS_CALLS = [
  // Certificate and licence queries, and the signature verification upload.
  'certificateSearch',
  'dzzzcertificateSearch',
  'getDzzzyqUpload',
  // Every application write.
  'addPerson',
  'saveSqrWx',
  'delPerson',
  'delSqrmsgWx',
  'addReleasteInfo',
  'delReleasteInfo',
  'addQlxxInfo',
  'delQlxxInfo',
  'check',
  'savePicFromWXServer',
  'delSinglePic',
  'submitApplyProject',
  'revokeApply',
  'deleteApply',
  'saveQzxxWx',
  // Online and counter bookings, queue orders.
  'addAppointment',
  'addApmCount',
  'addQueueOrder',
  'cancelQueueOrder',
  // The archive query, the property query, the progress query.
  'phongQueryYzm',
  'getQueryYzm',
  'sentquerycert',
  'queryCertRecord',
  'relationfilesearch',
  'searchBdcdyInfoByBdcqzh',
  'querySearch',
] as const satisfies readonly (keyof typeof contract)[];

const hall = testHallForFile();

/** Rows in every table of the hall but the sessions (a refused call writes nothing else). */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await hall.connection.pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('sessions', 'rate_limit_hits')",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = await hall.connection.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table_name}"`));
    counts[table_name] = (result.rows[0] as { n: number }).n;
  }
  return counts;
}

async function send(name: (typeof BUSINESS_CALLS)[number] | 'getApplyCode', cookie: string) {
  const call = contract[name];
  const url = call.path.replace(/:(\w+)/g, 'x');
  const multipart = 'multipart' in call && call.multipart;
  const response = await hall.app.inject({
    method: call.method,
    url,
    ...(multipart
      ? {
          payload: '--b\r\nContent-Disposition: form-data; name="Filedata"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\r\n--b--\r\n',
          headers: { cookie, 'content-type': 'multipart/form-data; boundary=b' },
        }
      : { payload: call.method === 'GET' ? undefined : {}, headers: { cookie } }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('the real-name gate of business calls', () => {
  it.each([
    ['not real-name verified', { realNameAuth: 0 }, '3', '您未实名认证，请实名认证后再办理业务'],
    ['without a name', { name: '' }, '1', '请完善用户信息'],
    ['without an ID number', { cardnum: '' }, '2', '请完善用户信息'],
    ['without a phone', { phone: '' }, '4', '请完善用户信息'],
  ] as const)('refuses a citizen %s on every business call, with its code, and writes nothing', async (label, profile, code, message) => {
    const cookie = await hall.quickCitizen(`gate-${code}`, profile);
    const before = await rowCounts();
    for (const name of BUSINESS_CALLS) {
      const { status, body } = await send(name, cookie);
      expect(status, `${name} (${label})`).toBe(403);
      expect(body.errcode, name).toBe(code);
      expect(body.errmsg ?? body.msg, name).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers getApplyCode with the apply codes of part 1 §8: 03 not verified, 02 profile incomplete', async () => {
    const unverified = await hall.quickCitizen('gate-apply-3', { realNameAuth: 0 });
    const incomplete = await hall.quickCitizen('gate-apply-2', { phone: '' });
    const apply = (cookie: string) => hall.app.inject({ method: 'POST', url: contract.getApplyCode.path, payload: { prodefid: 'pd-100-4', appointment: '0' }, headers: { cookie } });
    const before = await rowCounts();
    expect((await apply(unverified)).json()).toMatchObject({ errcode: '03', errmsg: '您未实名认证，请实名认证后再办理业务' });
    expect((await apply(incomplete)).json()).toMatchObject({ errcode: '02', errmsg: '请完善用户信息' });
    expect(await rowCounts()).toEqual(before);
  });

  it('lets a verified citizen through to the call itself', async () => {
    const cookie = await hall.quickCitizen('gate-verified');
    for (const name of BUSINESS_CALLS) {
      const { body } = await send(name, cookie);
      // The call's own rules may still refuse an empty payload; the gate does not.
      expect(['1', '2', '3', '4'], name).not.toContain(body.errcode);
      expect(['请完善用户信息', '您未实名认证，请实名认证后再办理业务'], name).not.toContain(body.errmsg ?? body.msg);
    }
  });
});
