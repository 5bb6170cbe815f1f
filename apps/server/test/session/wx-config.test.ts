import { describe, expect, it } from 'vitest';
import { eq, like, count } from 'drizzle-orm';
import { jsSdkSignature } from '../../src/adapters/wechat/js-sdk';
import { settings } from '../../src/db/schema';
import { SIMULATOR_APPID } from '../../src/adapters/wechat/oauth';
import { testHallForFile } from '../hall';

const hall = testHallForFile();

// WeChat's documented example (JS-SDK appendix 1, 签名算法).
const EXAMPLE = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
};

async function wxConfig(url: string) {
  const response = await hall.app.inject({
    method: 'POST',
    url: '/wechat/api/wechatimg/createwxconfig',
    payload: new URLSearchParams({ url }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { status: response.statusCode, body: response.json() as { stat: number; msg?: string; data?: { appId: string; timestamp: number; nonceStr: string; signature: string } } };
}

const cachedTicket = async () => (await hall.connection.db.select().from(settings).where(eq(settings.key, 'wechat_jsapi_ticket')))[0];
const tokensIssued = async () => (await hall.connection.db.select({ n: count() }).from(settings).where(like(settings.key, 'wechat_simulator_token:%')))[0]!.n;

describe('JS-SDK signature', () => {
  it("matches WeChat's documented example, with or without a #fragment", () => {
    expect(jsSdkSignature(EXAMPLE)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(jsSdkSignature({ ...EXAMPLE, url: `${EXAMPLE.url}#/upload?slsqId=1` })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('createWxConfig', () => {
  it('signs the page without its fragment with the cached jsapi ticket', async () => {
    const page = 'https://hall.example.cn/upload?slsqId=12&djlx=700';
    const { status, body } = await wxConfig(`${page}#wechat_redirect`);
    expect(status).toBe(200);
    expect(body.stat).toBe(1);
    const data = body.data!;
    expect(data.appId).toBe(SIMULATOR_APPID);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    const ticket = await cachedTicket();
    expect(ticket?.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(data.signature).toBe(jsSdkSignature({ ticket: ticket!.value, nonceStr: data.nonceStr, timestamp: data.timestamp, url: page }));

    // A second page within the ticket's life asks WeChat for nothing.
    const issued = await tokensIssued();
    const again = await wxConfig('https://hall.example.cn/other');
    expect(again.body.stat).toBe(1);
    expect((await cachedTicket())!.value).toBe(ticket!.value);
    expect(await tokensIssued()).toBe(issued);
  });

  it('fetches a fresh token and ticket once the cached ones expired', async () => {
    await wxConfig('https://hall.example.cn/a');
    const old = await cachedTicket();
    await hall.connection.db
      .update(settings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(settings.key, 'wechat_%'));
    const { body } = await wxConfig('https://hall.example.cn/a');
    expect(body.stat).toBe(1);
    const fresh = await cachedTicket();
    expect(fresh!.value).not.toBe(old!.value);
    expect(body.data!.signature).toBe(jsSdkSignature({ ticket: fresh!.value, nonceStr: body.data!.nonceStr, timestamp: body.data!.timestamp, url: 'https://hall.example.cn/a' }));
  });

  it('refuses an address that is not a web page', async () => {
    for (const url of ['', 'not a url', 'javascript:alert(1)']) {
      const { status, body } = await wxConfig(url);
      expect(status).toBe(400);
      expect(body).toMatchObject({ stat: 0, msg: '页面地址有误' });
    }
  });
});
