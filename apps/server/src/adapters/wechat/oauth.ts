/** The appid the hall's own WeChat stand-in (routes/simulator) answers to. */
export const SIMULATOR_APPID = 'wxhallsimulator0001';

/**
 * WeChat web OAuth2 (公众号网页授权), the documented flow: send the browser to
 * `{openBase}/connect/oauth2/authorize`, take the `code` it comes back with, exchange it at
 * `{apiBase}/sns/oauth2/access_token`, and for snsapi_userinfo read `{apiBase}/sns/userinfo`.
 * The same code talks to real WeChat or to the hall's simulator; only the bases differ.
 */
export interface WechatOAuthConfig {
  appid: string;
  secret: string;
  /** Base of the server-to-server API, read at call time (the simulator's is known only after listen). */
  apiBase: () => string;
  /** Base of the browser-facing authorize page ('' means this server, for the simulator). */
  openBase: string;
  scope: 'snsapi_base' | 'snsapi_userinfo';
  fetch: typeof fetch;
}

export type CodeExchange = { ok: true; openid: string; accessToken: string; scope: string } | { ok: false; errcode: number; errmsg: string };

export interface WechatProfile {
  nickname: string;
  headimgurl: string;
  sex: string;
}

/** WeChat's codes for a code that was used already (40163) or is not valid (40029). */
export const STALE_CODE_ERRORS = [40163, 40029] as const;

export class WechatOAuth {
  constructor(private readonly config: WechatOAuthConfig) {}

  get appid(): string {
    return this.config.appid;
  }

  get scope(): string {
    return this.config.scope;
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const query = new URLSearchParams({
      appid: this.config.appid,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: this.config.scope,
      state,
    });
    return `${this.config.openBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
  }

  async exchangeCode(code: string): Promise<CodeExchange> {
    const query = new URLSearchParams({
      appid: this.config.appid,
      secret: this.config.secret,
      code,
      grant_type: 'authorization_code',
    });
    const body = await this.getJson(`/sns/oauth2/access_token?${query.toString()}`);
    if (typeof body.openid === 'string' && typeof body.access_token === 'string') {
      return { ok: true, openid: body.openid, accessToken: body.access_token, scope: String(body.scope ?? this.config.scope) };
    }
    return { ok: false, errcode: Number(body.errcode ?? -1), errmsg: String(body.errmsg ?? 'unknown error') };
  }

  async userInfo(accessToken: string, openid: string): Promise<WechatProfile | null> {
    const query = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
    const body = await this.getJson(`/sns/userinfo?${query.toString()}`);
    if (typeof body.openid !== 'string') return null;
    return { nickname: String(body.nickname ?? ''), headimgurl: String(body.headimgurl ?? ''), sex: String(body.sex ?? '') };
  }

  private async getJson(pathAndQuery: string): Promise<Record<string, unknown>> {
    const response = await this.config.fetch(`${this.config.apiBase()}${pathAndQuery}`);
    const body: unknown = await response.json().catch(() => ({}));
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  }
}
