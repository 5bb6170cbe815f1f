import { describe, expect, it } from 'vitest';
import { createHallClient, SessionLostError } from './client';
import { useRecordingServer } from './testing/recording-server';

const server = useRecordingServer();

describe('createHallClient', () => {
  it('posts JSON to the call path with a fresh reqseq every time and parses the reply', async () => {
    server.answer = { status: 200, body: { errcode: '0', errmsg: '' } };
    const client = createHallClient({ prefixUrl: server.origin });
    server.seen.length = 0;
    await client.validateUserInfo({ data: { openid: 'o1' } });
    await client.validateUserInfo({ data: { openid: 'o1' } });
    expect(server.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /online/wx/apilist/validateUserInfo', 'POST /online/wx/apilist/validateUserInfo']);
    const [first, second] = server.seen.map((s) => JSON.parse(s.body) as { reqseq: string; data: { openid: string } });
    expect(first!.data.openid).toBe('o1');
    expect(first!.reqseq).toMatch(/^\d{13}[a-z0-9]+$/);
    expect(first!.reqseq).not.toBe(second!.reqseq);
  });

  it('sends a GET call as a query string', async () => {
    server.answer = { status: 200, body: { state: 1, data: { appid: 'wx1', appname: '大厅', version: '1.0beta', xzqdm: '130400', syscode: 'sys_wx' } } };
    const client = createHallClient({ prefixUrl: server.origin });
    server.seen.length = 0;
    const reply = await client.appInfo({});
    expect(server.seen[0]!.method).toBe('GET');
    expect(server.seen[0]!.url).toMatch(/^\/api\/app\/appinfo\?reqseq=/);
    expect(reply.data?.version).toBe('1.0beta');
  });

  it.each([-1, -1005, -1001, -400])('hands status %i to onSessionLost with the address and rejects', async (status) => {
    server.answer = { status: 401, body: { status, url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=x', msg: '登录已失效，请重新进入' } };
    const lost: string[] = [];
    const client = createHallClient({ prefixUrl: server.origin, onSessionLost: (reply) => lost.push(reply.url) });
    await expect(client.getYhxx({})).rejects.toBeInstanceOf(SessionLostError);
    expect(lost).toEqual(['https://open.weixin.qq.com/connect/oauth2/authorize?appid=x']);
  });

  it('returns a 4xx envelope with its Chinese message instead of throwing', async () => {
    server.answer = { status: 400, body: { errcode: '01', errmsg: '请确认手机号码是否正确!' } };
    const client = createHallClient({ prefixUrl: server.origin });
    const reply = await client.saveUserInfo({ name: '张三', cardnum: '11010519491231002X', phone: '1', password: 'abc123' });
    expect(reply).toEqual({ errcode: '01', errmsg: '请确认手机号码是否正确!' });
  });

  it('refuses a reply that does not match the contract', async () => {
    server.answer = { status: 200, body: { unexpected: true } };
    const client = createHallClient({ prefixUrl: server.origin });
    await expect(client.validateUserInfo({})).rejects.toThrow();
  });
});
