import { createBrowserHallClient, SignInRefusedError } from '@hall/api/browser';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSessionBootstrap } from './bootstrap';

/** A small HTTP server on loopback that records the paths asked for and answers as told. */
let server: Server;
let origin: string;
const seen: string[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.url!);
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('runSessionBootstrap', () => {
  it('says why a sign-in was refused (too many tries) instead of going back to WeChat without a word', async () => {
    const client = createBrowserHallClient({ prefixUrl: origin });
    answer = { status: 429, body: { state: 0, msg: '操作过于频繁，请稍后再试', errmsg: '操作过于频繁，请稍后再试' } };
    seen.length = 0;
    const refused = runSessionBootstrap(client, { code: 'c', state: 's', landingUrl: 'http://localhost/' });
    await expect(refused).rejects.toBeInstanceOf(SignInRefusedError);
    await expect(refused).rejects.toThrow('操作过于频繁，请稍后再试');
    // Only the app item and the authorise call went out: nothing that would start the sign-in again.
    expect(seen).toEqual(['/wechat/api/wechatitem/get', '/wechat/api/outh2/authorize']);
  });
});
