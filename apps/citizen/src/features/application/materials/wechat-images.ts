import { api } from '../../../lib/api';
import { isIos, landingUrl } from '../../../lib/landing';

/** The WeChat JS-SDK (jweixin) surface this screen uses: chooseImage, then uploadImage for a media id. */
interface WxSdk {
  config: (options: Record<string, unknown>) => void;
  ready: (callback: () => void) => void;
  error: (callback: (reason: unknown) => void) => void;
  chooseImage: (options: { count: number; sizeType: string[]; sourceType: string[]; success: (res: { localIds: string[] }) => void; fail?: (reason: unknown) => void; cancel?: () => void }) => void;
  uploadImage: (options: { localId: string; isShowProgressTips: number; success: (res: { serverId: string }) => void; fail?: (reason: unknown) => void }) => void;
}

const SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
let ready: Promise<WxSdk> | null = null;

function loadScript(): Promise<WxSdk> {
  return new Promise((resolve, reject) => {
    const existing = (window as unknown as { wx?: WxSdk }).wx;
    if (existing) return resolve(existing);
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => {
      const wx = (window as unknown as { wx?: WxSdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error('no wx'));
    };
    script.onerror = () => reject(new Error('JS-SDK unavailable'));
    document.head.appendChild(script);
  });
}

/**
 * The JS-SDK configured for this page (docs/architecture.md §14: Android WeChat ignores file inputs). iOS WeChat signs
 * the address the page was opened at, other browsers the current one; the fragment is never signed.
 * Rejects when the script cannot be loaded (offline) or the config fails; the caller falls back to
 * the file input.
 */
export function wechatSdk(): Promise<WxSdk> {
  if (!ready) {
    ready = (async () => {
      const wx = await loadScript();
      const url = (isIos() ? landingUrl : window.location.href).split('#')[0] ?? '';
      const reply = await api.createWxConfig({ url });
      if (String(reply.stat) !== '1' || !reply.data) throw new Error('config failed');
      const { appId, timestamp, nonceStr, signature } = reply.data;
      await new Promise<void>((resolve, reject) => {
        wx.config({ debug: false, appId, timestamp, nonceStr, signature, jsApiList: ['chooseImage', 'uploadImage'] });
        wx.ready(resolve);
        wx.error(reject);
      });
      return wx;
    })();
    ready.catch(() => {
      ready = null;
    });
  }
  return ready;
}

/** Picks up to `count` images in WeChat and uploads each to WeChat's server: their media ids. */
export function chooseAndUpload(wx: WxSdk, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    wx.chooseImage({
      count,
      sizeType: ['original'],
      sourceType: ['album', 'camera'],
      cancel: () => resolve([]),
      fail: reject,
      success: ({ localIds }) => {
        void (async () => {
          const ids: string[] = [];
          // uploadImage must run one at a time.
          for (const localId of localIds) {
            ids.push(await new Promise<string>((done, fail) => wx.uploadImage({ localId, isShowProgressTips: 1, success: (res) => done(res.serverId), fail })));
          }
          resolve(ids);
        })().catch(reject);
      },
    });
  });
}
