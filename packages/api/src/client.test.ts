import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHallClient, SessionLostError } from './client';

/** A small HTTP server on loopback that records what the client sends and answers as told. */
let server: Server;
let origin: string;
const seen: { method: string; url: string; body: string; contentType: string }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => done(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({ method: request.method!, url: request.url!, body: await readBody(request), contentType: String(request.headers['content-type'] ?? '') });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('createHallClient', () => {
  it('posts JSON to the call path with a fresh reqseq every time and parses the reply', async () => {
    answer = { status: 200, body: { errcode: '0', errmsg: '' } };
    const client = createHallClient({ prefixUrl: origin });
    seen.length = 0;
    await client.validateUserInfo({ data: { openid: 'o1' } });
    await client.validateUserInfo({ data: { openid: 'o1' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /online/wx/apilist/validateUserInfo', 'POST /online/wx/apilist/validateUserInfo']);
    const [first, second] = seen.map((s) => JSON.parse(s.body) as { reqseq: string; data: { openid: string } });
    expect(first!.data.openid).toBe('o1');
    expect(first!.reqseq).toMatch(/^\d{13}[a-z0-9]+$/);
    expect(first!.reqseq).not.toBe(second!.reqseq);
  });

  it('sends a GET call as a query string', async () => {
    answer = { status: 200, body: { state: 1, data: { appid: 'wx1', appname: '大厅', version: '1.0beta', xzqdm: '130400', syscode: 'sys_wx' } } };
    const client = createHallClient({ prefixUrl: origin });
    seen.length = 0;
    const reply = await client.appInfo({});
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toMatch(/^\/api\/app\/appinfo\?reqseq=/);
    expect(reply.data?.version).toBe('1.0beta');
  });

  it.each([-1, -1005, -1001, -400])('hands status %i to onSessionLost with the address and rejects', async (status) => {
    answer = { status: 401, body: { status, url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=x', msg: '登录已失效，请重新进入' } };
    const lost: string[] = [];
    const client = createHallClient({ prefixUrl: origin, onSessionLost: (reply) => lost.push(reply.url) });
    await expect(client.getYhxx({})).rejects.toBeInstanceOf(SessionLostError);
    expect(lost).toEqual(['https://open.weixin.qq.com/connect/oauth2/authorize?appid=x']);
  });

  it('returns a 4xx envelope with its Chinese message instead of throwing', async () => {
    answer = { status: 400, body: { errcode: '01', errmsg: '请确认手机号码是否正确!' } };
    const client = createHallClient({ prefixUrl: origin });
    const reply = await client.saveUserInfo({ name: '张三', cardnum: '11010519491231002X', phone: '1', password: 'abc123' });
    expect(reply).toEqual({ errcode: '01', errmsg: '请确认手机号码是否正确!' });
  });

  it('refuses a reply that does not match the contract', async () => {
    answer = { status: 200, body: { unexpected: true } };
    const client = createHallClient({ prefixUrl: origin });
    await expect(client.validateUserInfo({})).rejects.toThrow();
  });
});
