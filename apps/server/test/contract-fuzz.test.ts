import { UNREADABLE_TEXT_MESSAGE, contract, type CallDefinition } from '@hall/api/internal';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication, verifiedCitizen } from './application-helpers';
import { footprint } from './footprint';
import { createTestHall, type TestHall } from './hall';
import { DEEP_JSON, NUL, encodedVariants, jsonVariants, multipartBody, pathVariants, samplePayload, type Json } from './malformed-payloads';

/**
 * Issue 10 point 8: no input answers a 5xx, and a refused request writes nothing. Every call of
 * the contract gets malformed payloads generated from its own schema, without a session and with
 * three (a citizen, a real-name verified citizen with an application, an operator), followed by the
 * routes registered by hand with NUL and invalid UTF-8 in their path and query.
 */

/** Requests in flight at once: enough to keep both cores busy without queueing on the pool of five. */
const CONCURRENCY = 6;

interface Session {
  name: string;
  cookie?: string;
  openid?: string;
}

interface Probe {
  label: string;
  mustRefuse: boolean;
  request: InjectOptions;
}

let hall: TestHall;
let sessions: Session[];
let applicationId: string;

beforeAll(async () => {
  // No background resolver: the only writes during the test are the requests' own.
  hall = await createTestHall({ HALL_QUERY_POLL_MS: 0 });
  const citizen = await hall.login('fuzz-citizen');
  const verified = await verifiedCitizen(hall, 'fuzz-verified');
  applicationId = await startApplication(hall, verified, 'pd-200-4');
  // An operator on the phone: the WeChat session and a console session holding every role.
  const operator = `${await hall.login('operator-demo')}; ${await hall.quickOperator('fuzz-operator', ['admin', 'reviewer', 'counter', 'content'])}`;
  sessions = [
    { name: 'no session' },
    { name: 'citizen', cookie: citizen, openid: 'fuzz-citizen' },
    { name: 'verified', cookie: verified, openid: 'fuzz-verified' },
    { name: 'operator', cookie: operator, openid: 'operator-demo' },
  ];
}, 120_000);
afterAll(() => hall?.close());

/** Values that get a plausible payload past the first checks, so a broken field reaches deeper code. */
function knownValues(session: Session): Record<string, string> {
  const own = session.openid ?? '';
  return { openid: own, openId: own, prodefid: 'pd-200-4', proinstid: applicationId, slsqId: applicationId, xzqdm: hall.env.HALL_XZQDM, syscode: 'sys_admin' };
}

function probesOf(name: string, call: CallDefinition, session: Session): Probe[] {
  const headers: Record<string, string> = session.cookie ? { cookie: session.cookie } : {};
  const at = (label: string) => `${name} ${call.method} [${session.name}] ${label}`;
  const sample = samplePayload(call.body as never, knownValues(session));
  const probes: Probe[] = [];
  const hasParams = call.path.includes('/:');
  const plainPath = call.path.replace(/:(\w+)/g, '1');

  for (const variant of pathVariants(call)) {
    probes.push({ label: at(variant.label), mustRefuse: true, request: { method: call.method, url: variant.path, headers } });
  }
  // A call with path parameters reads nothing but its path: its query and body can only be refused for their characters.
  if (call.method === 'GET' || call.form || call.multipart || hasParams) {
    for (const variant of encodedVariants(sample).filter((v) => v.characters || !hasParams)) {
      const inQuery = call.method === 'GET' || call.multipart || hasParams;
      const request: InjectOptions = inQuery
        ? { method: call.method, url: `${plainPath}?${variant.encoded}`, headers }
        : { method: 'POST', url: plainPath, payload: variant.encoded, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } };
      probes.push({ label: at(`${inQuery ? 'query' : 'form'}: ${variant.label}`), mustRefuse: variant.mustRefuse, request });
    }
  }
  if (call.method === 'POST' && hasParams) {
    const request: InjectOptions = { method: 'POST', url: plainPath, payload: { note: NUL }, headers };
    probes.push({ label: at('json: NUL in an unknown field'), mustRefuse: true, request });
  }
  if (call.method === 'POST' && !call.multipart && !hasParams) {
    for (const variant of jsonVariants(call, sample)) {
      const request: InjectOptions = variant.raw
        ? { method: 'POST', url: plainPath, payload: variant.raw.body, headers: { ...headers, 'content-type': variant.raw.contentType } }
        : { method: 'POST', url: plainPath, payload: JSON.stringify(variant.payload), headers: { ...headers, 'content-type': 'application/json' } };
      probes.push({ label: at(`json: ${variant.label}`), mustRefuse: variant.mustRefuse, request });
    }
  }
  if (call.multipart) probes.push(...multipartProbes(call, sample.payload, headers, at));
  return probes;
}

/** An upload with a NUL in each text field, and one whose file name hides a NUL. */
function multipartProbes(call: CallDefinition, payload: Json, headers: Record<string, string>, at: (label: string) => string): Probe[] {
  const fields = Object.fromEntries(Object.entries(payload as Record<string, Json>).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  const pdf = Buffer.from('%PDF-1.4\n% fuzz\n');
  const upload = (label: string, texts: Record<string, string>, encodedName: string): Probe => {
    const { body, contentType } = multipartBody(texts, { field: 'Filedata', encodedName, content: pdf });
    return { label: at(`multipart: ${label}`), mustRefuse: true, request: { method: 'POST', url: call.path, payload: body, headers: { ...headers, 'content-type': contentType } } };
  };
  return [
    ...Object.keys(fields).map((key) => upload(`NUL in ${key}`, { ...fields, [key]: NUL }, 'signed.pdf')),
    upload('NUL in the file name', fields, 'a%00b.pdf'),
    // Not malformed once decoded: the multipart parser reads invalid UTF-8 in a name as U+FFFD, which is text.
    { ...upload('WTF-8 surrogate in the file name', fields, 'a%ED%A0%80b.pdf'), mustRefuse: false },
  ];
}

/** Routes registered by hand, outside the contract: each with NUL and invalid UTF-8 where it reads input. */
function handWrittenProbes(session: Session): Probe[] {
  const headers: Record<string, string> = session.cookie ? { cookie: session.cookie } : {};
  const urls = [
    '/online/public/hall-qrcode.svg?v=a%00b',
    '/online/wx/appoint/index?proinstid=a%00b',
    '/online/wx/appoint/index?proinstid=a%ED%A0%80b',
    '/online/public/appointment/showcard?wlsh=a%00b',
    '/online/public/appointment/calendars/%00',
    '/online/public/material/file?id=%00',
    '/online/platform/cms/file/index_download?name=a%00b',
    '/logout?next=a%00b',
    '/healthz?a=%00',
    '/readyz?a=%00',
    '/metrics?a=%00',
    '/a%00b',
    '/admin/a%00b',
    '/assets/a%00b.js',
    '/online/wx/apilist/a%00b',
    '/simulator/wechat/connect/oauth2/authorize?appid=a%00b&redirect_uri=http%3A%2F%2Flocalhost%2F',
    '/simulator/wechat/sns/oauth2/access_token?code=a%00b',
    '/simulator/wechat/sns/userinfo?access_token=a%00b&openid=a%00b',
    '/simulator/wechat/cgi-bin/token?grant_type=client_credential&appid=a%00b&secret=a%00b',
    '/simulator/wechat/cgi-bin/ticket/getticket?access_token=a%00b&type=jsapi',
    '/simulator/wechat/cgi-bin/media/get?access_token=a%00b&media_id=a%00b',
    '/simulator/sms/inbox?phone=a%00b',
    '/simulator/faceid?BizToken=a%00b',
  ];
  const forms = [
    ['/simulator/wechat/connect/oauth2/authorize', 'appid=a%00b&redirect_uri=http%3A%2F%2Flocalhost%2F&openid=a%00b&nickname=a%00b'],
    ['/simulator/faceid', 'BizToken=a%00b&result=pass'],
  ] as const;
  return [
    ...urls.map((url) => ({ label: `GET ${url} [${session.name}]`, mustRefuse: true, request: { method: 'GET' as const, url, headers } })),
    ...forms.map(([url, payload]) => ({
      label: `POST ${url} form [${session.name}]`,
      mustRefuse: true,
      request: { method: 'POST' as const, url, payload, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } },
    })),
    // Parsing a body this deep takes tens of milliseconds, so one route stands for all: the body check is the same for every route.
    {
      label: `POST /online/wx/apilist/addSugge json nested 100,000 deep [${session.name}]`,
      mustRefuse: true,
      request: { method: 'POST' as const, url: '/online/wx/apilist/addSugge', payload: DEEP_JSON, headers: { ...headers, 'content-type': 'application/json' } },
    },
    {
      label: `POST /simulator/wechat/media/upload json [${session.name}]`,
      mustRefuse: true,
      request: { method: 'POST' as const, url: '/simulator/wechat/media/upload', payload: { base64: NUL }, headers },
    },
  ];
}

async function eachWithLimit<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

/** Sends every probe; answers the ones that were not refused as they should be. */
async function send(probes: Probe[]): Promise<string[]> {
  const wrong: string[] = [];
  await eachWithLimit(probes, CONCURRENCY, async (probe) => {
    const response = await hall.app.inject(probe.request);
    const status = response.statusCode;
    if (status >= 500 || (probe.mustRefuse && (status < 400 || status >= 500))) wrong.push(`${status} ${probe.label}`);
  });
  return wrong.sort();
}

describe('a refusal for unreadable characters', () => {
  it('is a 400 in the envelope of the route, with a message a citizen can read', async () => {
    const inJson = await hall.post('/online/wx/apilist/getList', { type: NUL });
    expect(inJson).toMatchObject({ status: 400, body: { errcode: '01', errmsg: UNREADABLE_TEXT_MESSAGE } });
    const inPath = await hall.app.inject({ method: 'GET', url: '/online/public/appointment/calendars/%00' });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({ errcode: '01', msg: UNREADABLE_TEXT_MESSAGE });
    const inState = await hall.post('/wechat/api/wechatitem/get', { code: NUL });
    expect(inState).toMatchObject({ status: 400, body: { state: 0, msg: UNREADABLE_TEXT_MESSAGE } });
    const inQueue = await hall.post('/callnum/api/company/list', { reqseq: 'a\uD800' });
    expect(inQueue).toMatchObject({ status: 400, body: { stat: 0, msg: UNREADABLE_TEXT_MESSAGE } });
  });

  it('leaves Chinese text, emoji and escaped Chinese in a URL alone', async () => {
    // Before the fuzzing below, which uses up the sessions' rate limits.
    const feedback = await hall.post('/online/wx/apilist/addSugge', { content: '周末能否办理😀？' }, sessions[2]!.cookie);
    expect(feedback.status).toBe(200);
    const download = await hall.app.inject({ method: 'GET', url: `/online/platform/cms/file/index_download?name=${encodeURIComponent('没有这个文件😀.pdf')}` });
    expect(download.statusCode).toBe(404);
  });
});

describe('malformed input', () => {
  it('is refused with a 4xx, never a 5xx, and writes nothing', async () => {
    const probes = sessions.flatMap((session) => [...Object.entries(contract).flatMap(([name, call]) => probesOf(name, call as CallDefinition, session)), ...handWrittenProbes(session)]);
    const refused = probes.filter((probe) => probe.mustRefuse);
    const before = await footprint(hall);
    const wrong = await send(refused);
    const after = await footprint(hall);
    expect(wrong).toEqual([]);
    expect(after).toEqual(before);
    // Every session outlived the refused requests, so each of them met a signed-in citizen where it should.
    for (const session of sessions.filter((s) => s.cookie)) {
      expect((await hall.post('/online/wx/apilist/getYhxx', {}, session.cookie)).body, session.name).toMatchObject({ errcode: '00' });
    }

    // A number where a form field also takes one, an unknown key: accepted or not, never a 5xx.
    expect(await send(probes.filter((probe) => !probe.mustRefuse))).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    console.info(`contract fuzz: ${probes.length} requests (${refused.length} must be refused) over ${Object.keys(contract).length} calls and ${sessions.length} sessions`);
  }, 180_000);
});
