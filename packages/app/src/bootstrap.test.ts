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
