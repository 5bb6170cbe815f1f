import { SignInRefusedError, type HallClient } from '@hall/api/browser';
import { describe, expect, it } from 'vitest';
import { runSessionBootstrap } from './bootstrap';

/** A client that records the calls made and answers the authorise call with a refusal. */
function refusingClient(message: string) {
  const calls: string[] = [];
  const answer = (name: string, reply: unknown) => async () => {
    calls.push(name);
    return reply;
  };
  const client = {
    wechatItemGet: answer('wechatItemGet', {}),
    authorize: answer('authorize', { state: 0, msg: message, errmsg: message }),
  } as unknown as HallClient;
  return { client, calls };
}

describe('runSessionBootstrap', () => {
  it('says why a sign-in was refused (too many tries) instead of going back to WeChat without a word', async () => {
    const { client, calls } = refusingClient('操作过于频繁，请稍后再试');
    const refused = runSessionBootstrap(client, { code: 'c', state: 's', landingUrl: 'http://localhost/' });
    await expect(refused).rejects.toBeInstanceOf(SignInRefusedError);
    await expect(refused).rejects.toThrow('操作过于频繁，请稍后再试');
    // Only the app item and the authorise call went out: nothing that would start the sign-in again.
    expect(calls).toEqual(['wechatItemGet', 'authorize']);
  });
});

/** A client whose calls are recorded as they start and end; each answers on the next turn. */
function recordingClient(authorizeMessage: string) {
  const events: string[] = [];
  const answer = (name: string, reply: unknown) => async () => {
    events.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
    events.push(`end ${name}`);
    return reply;
  };
  const user = { openid: 'o-1', nickname: '张三' };
  const client = {
    wechatItemGet: answer('wechatItemGet', { state: 1, data: { appid: 'wx-hall', appname: '大厅', version: '1', scope: 'snsapi_base' } }),
    authorize: answer('authorize', { state: 1, msg: authorizeMessage }),
    refreshUser: answer('refreshUser', { state: 1, data: user }),
    appInfo: answer('appInfo', { state: 1, data: { appid: 'wx-hall', appname: '大厅', version: '1', xzqdm: '130400', syscode: 'sys_wx' } }),
    getYhxx: answer('getYhxx', { errcode: '00', data: user }),
  } as unknown as HallClient;
  return { client, events };
}

describe('runSessionBootstrap order', () => {
  it('loads the app item and authorises at once; a returning citizen (noRefresh) then reads the app info and the user at once', async () => {
    const { client, events } = recordingClient('noRefresh');
    const told: string[] = [];
    const result = await runSessionBootstrap(client, { landingUrl: 'http://localhost/', onAppId: (appid) => told.push(`${appid} after ${events.at(-1)}`) });
    expect(told).toEqual(['wx-hall after end wechatItemGet']);
    expect(events).toEqual(['start wechatItemGet', 'start authorize', 'end wechatItemGet', 'end authorize', 'start appInfo', 'start getYhxx', 'end appInfo', 'end getYhxx']);
    expect(result).toMatchObject({ kind: 'ready', appInfo: { appid: 'wx-hall' }, user: { openid: 'o-1' } });
  });

  it('refreshes the user first (refreshUser), then reads only the app info', async () => {
    const { client, events } = recordingClient('refreshUser');
    await runSessionBootstrap(client, { landingUrl: 'http://localhost/' });
    expect(events.filter((e) => e.startsWith('start'))).toEqual(['start wechatItemGet', 'start authorize', 'start refreshUser', 'start appInfo']);
    expect(events.indexOf('end refreshUser')).toBeLessThan(events.indexOf('start appInfo'));
  });

  it('tells the first screen once the session exists, after the session steps and before the app info and the user', async () => {
    const { client, events } = recordingClient('refreshUser');
    const told: string[] = [];
    await runSessionBootstrap(client, { landingUrl: 'http://localhost/', onSignedIn: () => told.push(`signed in after ${events.at(-1)}`) });
    expect(told).toEqual(['signed in after end refreshUser']);
    expect(events.at(-2)).toBe('start appInfo');
  });
});
