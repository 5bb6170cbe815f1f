import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * The WeChat official-account server API beyond OAuth: the client-credential access token
 * (`{apiBase}/cgi-bin/token`), the JS-SDK ticket (`/cgi-bin/ticket/getticket?type=jsapi`) and
 * temporary media (`/cgi-bin/media/get`, what `wx.uploadImage` leaves for 3 days). Token and ticket
 * are cached in the settings table until shortly before they expire, so every server process
 * shares one and WeChat's daily quota is not spent per request.
 */
export interface WechatPlatformConfig {
  appid: string;
  secret: string;
  apiBase: () => string;
  fetch: typeof fetch;
  db: Database;
}

export type MediaDownload = { ok: true; content: Buffer; contentType: string } | { ok: false; errmsg: string };

/** Refresh this long before WeChat's expiry, so a cached value is never used at the edge. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;
const ACCESS_TOKEN_KEY = 'wechat_access_token';
const JSAPI_TICKET_KEY = 'wechat_jsapi_ticket';

export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat API error ${errcode}: ${errmsg}`);
    this.name = 'WechatApiError';
  }
}

export class WechatPlatform {
  constructor(private readonly config: WechatPlatformConfig) {}

  get appid(): string {
    return this.config.appid;
  }

  async accessToken(): Promise<string> {
    return this.cached(ACCESS_TOKEN_KEY, async () => {
      const query = new URLSearchParams({ grant_type: 'client_credential', appid: this.config.appid, secret: this.config.secret });
      const body = await this.getJson(`/cgi-bin/token?${query.toString()}`);
      if (typeof body.access_token !== 'string') throw new WechatApiError(Number(body.errcode ?? -1), String(body.errmsg ?? 'no access_token'));
      return { value: body.access_token, expiresIn: Number(body.expires_in ?? 7200) };
    });
  }

  async jsapiTicket(): Promise<string> {
    return this.cached(JSAPI_TICKET_KEY, async () => {
      const query = new URLSearchParams({ access_token: await this.accessToken(), type: 'jsapi' });
      const body = await this.getJson(`/cgi-bin/ticket/getticket?${query.toString()}`);
      if (typeof body.ticket !== 'string' || Number(body.errcode ?? 0) !== 0) throw new WechatApiError(Number(body.errcode ?? -1), String(body.errmsg ?? 'no ticket'));
      return { value: body.ticket, expiresIn: Number(body.expires_in ?? 7200) };
    });
  }

  /** A temporary media file by its media_id, at most maxBytes; WeChat answers JSON instead of the file on failure. */
  async downloadMedia(mediaId: string, maxBytes: number): Promise<MediaDownload> {
    const query = new URLSearchParams({ access_token: await this.accessToken(), media_id: mediaId });
    const response = await this.config.fetch(`${this.config.apiBase()}/cgi-bin/media/get?${query.toString()}`);
    const contentType = response.headers.get('content-type') ?? '';
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) return { ok: false, errmsg: 'media too large' };
    const content = Buffer.from(await response.arrayBuffer());
    if (!response.ok || /json|text\/plain/.test(contentType)) {
      let errmsg = `HTTP ${response.status}`;
      try {
        const body = JSON.parse(content.toString('utf8')) as { errmsg?: string; errcode?: number };
        errmsg = `${body.errcode ?? ''} ${body.errmsg ?? ''}`.trim();
      } catch {
        // not JSON: keep the status
      }
      return { ok: false, errmsg };
    }
    if (content.length > maxBytes) return { ok: false, errmsg: 'media too large' };
    return { ok: true, content, contentType };
  }

  /**
   * A template message to a follower (模板消息, /cgi-bin/message/template/send), opening `url`. An
   * expired token (40001, 42001) is dropped from the shared cache so the next try fetches a fresh one.
   */
  async sendTemplateMessage(message: { openid: string; templateId: string; url: string; data: Record<string, string> }): Promise<void> {
    const token = await this.accessToken();
    const response = await this.config.fetch(`${this.config.apiBase()}/cgi-bin/message/template/send?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        touser: message.openid,
        template_id: message.templateId,
        url: message.url,
        data: Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, { value }])),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({ errcode: -1, errmsg: `HTTP ${response.status}` }))) as Record<string, unknown>;
    const errcode = Number(body.errcode ?? (response.ok ? 0 : -1));
    if (errcode === 0) return;
    if (errcode === 40001 || errcode === 42001) await this.config.db.delete(settings).where(eq(settings.key, ACCESS_TOKEN_KEY));
    throw new WechatApiError(errcode, String(body.errmsg ?? `HTTP ${response.status}`));
  }

  private async cached(key: string, fetchFresh: () => Promise<{ value: string; expiresIn: number }>): Promise<string> {
    const { db } = this.config;
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    if (row && row.expiresAt && row.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) return row.value;
    const fresh = await fetchFresh();
    const expiresAt = new Date(Date.now() + fresh.expiresIn * 1000);
    await db
      .insert(settings)
      .values({ key, value: fresh.value, expiresAt })
      .onConflictDoUpdate({ target: settings.key, set: { value: fresh.value, expiresAt } });
    return fresh.value;
  }

  private async getJson(pathAndQuery: string): Promise<Record<string, unknown>> {
    const response = await this.config.fetch(`${this.config.apiBase()}${pathAndQuery}`);
    const body: unknown = await response.json().catch(() => ({}));
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }
}
