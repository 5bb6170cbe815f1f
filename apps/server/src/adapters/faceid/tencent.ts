import { FaceIdError, type DetectAuthInput, type DetectAuthResult, type DetectInfo, type FaceIdAdapter } from './faceid';
import { signTc3 } from './tc3';
import { failureMessage } from './failure-codes';

export const FACEID_VERSION = '2018-03-01';
/** The service of the credential scope: always faceid, whichever endpoint (a regional one, a test's stand-in) is used. */
export const FACEID_SERVICE = 'faceid';
const REQUEST_TIMEOUT_MS = 10_000;

export interface TencentFaceIdConfig {
  secretId: string;
  secretKey: string;
  /** The business flow configured in the FaceID console; GetDetectInfoEnhanced needs it too. */
  ruleId: string;
  /** https://faceid.tencentcloudapi.com, or a stand-in for tests. */
  endpoint: string;
  fetch: typeof fetch;
  /** Seconds since the epoch; the signature's timestamp. */
  now?: () => number;
}

type TencentReply = { Response?: Record<string, unknown> & { Error?: { Code?: string; Message?: string } } };

/**
 * Tencent Cloud FaceID, API 3.0: DetectAuth starts a check (BizToken and the H5 Url),
 * GetDetectInfoEnhanced reads its outcome (Text.ErrCode 0 is a pass, with the Name and IdCard
 * the check established). Every request is signed with TC3-HMAC-SHA256.
 */
export class TencentFaceId implements FaceIdAdapter {
  private readonly url: URL;

  constructor(private readonly config: TencentFaceIdConfig) {
    this.url = new URL(config.endpoint);
  }

  async detectAuth(input: DetectAuthInput): Promise<DetectAuthResult> {
    const response = await this.call('DetectAuth', {
      RuleId: input.ruleId,
      IdCard: input.idcard,
      Name: input.name,
      RedirectUrl: input.redirectUrl,
    });
    const bizToken = response.BizToken;
    const url = response.Url;
    if (typeof bizToken !== 'string' || !bizToken || typeof url !== 'string' || !url) throw new FaceIdError('DetectAuth answered without BizToken or Url');
    return { bizToken, url };
  }

  async getDetectInfo(bizToken: string): Promise<DetectInfo> {
    // InfoType 1: the text part only (result, name, ID number); photos and video are not needed.
    const response = await this.call('GetDetectInfoEnhanced', { BizToken: bizToken, RuleId: this.config.ruleId, InfoType: '1' });
    const text = (response.Text ?? null) as Record<string, unknown> | null;
    if (!text) return { passed: false, name: '', idcard: '', message: '人脸核身尚未完成' };
    const passed = text.ErrCode === 0;
    return {
      passed,
      name: typeof text.Name === 'string' ? text.Name : '',
      idcard: typeof text.IdCard === 'string' ? text.IdCard : '',
      message: passed ? '认证通过' : failureMessage(typeof text.ErrCode === 'number' ? text.ErrCode : null, typeof text.ErrMsg === 'string' && text.ErrMsg ? text.ErrMsg : '人脸核身未通过'),
    };
  }

  private async call(action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const payload = JSON.stringify(body);
    const { headers } = signTc3({
      secretId: this.config.secretId,
      secretKey: this.config.secretKey,
      service: FACEID_SERVICE,
      host: this.url.host,
      action,
      version: FACEID_VERSION,
      timestamp: this.config.now?.() ?? Math.floor(Date.now() / 1000),
      payload,
    });
    let reply: TencentReply;
    try {
      const response = await this.config.fetch(this.url, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (!response.ok) throw new FaceIdError(`${action}: HTTP ${response.status}`);
      reply = (await response.json()) as TencentReply;
    } catch (error) {
      if (error instanceof FaceIdError) throw error;
      throw new FaceIdError(`${action}: ${(error as Error).message}`);
    }
    const result = reply?.Response;
    if (!result || typeof result !== 'object') throw new FaceIdError(`${action}: no Response`);
    if (result.Error) throw new FaceIdError(`${action}: ${result.Error.Code ?? ''} ${result.Error.Message ?? ''}`.trim(), result.Error.Code);
    return result;
  }
}
