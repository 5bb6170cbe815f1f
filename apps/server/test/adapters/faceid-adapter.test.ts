import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaceIdError } from '../../src/adapters/faceid/faceid';
import { sha256Hex, signTc3, tc3SigningKey } from '../../src/adapters/faceid/tc3';
import { FACEID_VERSION, TencentFaceId } from '../../src/adapters/faceid/tencent';
import { startFakeFaceId, type FakeFaceId } from '../fake-faceid';

/**
 * A worked example of TC3-HMAC-SHA256, each step computed separately from the documented
 * algorithm (Python's hashlib and hmac) and written down here, so any wrong step fails.
 */
describe('TC3-HMAC-SHA256 signing', () => {
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'faceid',
    host: 'faceid.tencentcloudapi.com',
    action: 'DetectAuth',
    version: '2018-03-01',
    timestamp: 1551113065,
    payload: '{"RuleId":"1","IdCard":"11010519491231002X","Name":"张三","RedirectUrl":"https://hall.example.cn/userInfo"}',
  };

  it('hashes with SHA-256 in lower-case hex (the empty string as a known value)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('step 1: the canonical request (POST, /, empty query, signed headers, payload hash)', () => {
    const signed = signTc3(example);
    expect(signed.hashedPayload).toBe('b39806c5d4786e63bb084eae71a667761d4ce12659b724da4c13e07d44f578ae');
    expect(signed.canonicalRequest).toBe(
      'POST\n/\n\n' +
        'content-type:application/json; charset=utf-8\nhost:faceid.tencentcloudapi.com\nx-tc-action:detectauth\n\n' +
        'content-type;host;x-tc-action\n' +
        'b39806c5d4786e63bb084eae71a667761d4ce12659b724da4c13e07d44f578ae',
    );
  });

  it('step 2: the string to sign over the credential scope date/service/tc3_request (UTC date of the timestamp)', () => {
    const signed = signTc3(example);
    expect(signed.credentialScope).toBe('2019-02-25/faceid/tc3_request');
    expect(signed.stringToSign).toBe('TC3-HMAC-SHA256\n1551113065\n2019-02-25/faceid/tc3_request\n1af8c4159895c2a9496c8631d42c984911ec54b7b65d0b6857e654e74e03e4cd');
  });

  it('step 3: the signing key derived from TC3 + secret key, date, service, tc3_request', () => {
    expect(tc3SigningKey(example.secretKey, '2019-02-25', 'faceid').toString('hex')).toBe('026b14e03df110dc847101188ade39c643a4d15c7e2ac05f1ff38950673ed066');
  });

  it('step 4: the signature and the Authorization header, with the X-TC headers', () => {
    const signed = signTc3(example);
    expect(signed.signature).toBe('b3683019e72d61643f19c5db213ef2152d53530804921565085ca25720218ef7');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/faceid/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=b3683019e72d61643f19c5db213ef2152d53530804921565085ca25720218ef7',
    );
    expect(signed.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'X-TC-Action': 'DetectAuth',
      'X-TC-Timestamp': '1551113065',
      'X-TC-Version': '2018-03-01',
      Authorization: signed.authorization,
    });
  });

  it('changes with every input: secret, payload, timestamp, action', () => {
    const base = signTc3(example).signature;
    expect(signTc3({ ...example, secretKey: `${example.secretKey}x` }).signature).not.toBe(base);
    expect(signTc3({ ...example, payload: example.payload.replace('张三', '李四') }).signature).not.toBe(base);
    expect(signTc3({ ...example, timestamp: example.timestamp + 1 }).signature).not.toBe(base);
    expect(signTc3({ ...example, action: 'GetDetectInfoEnhanced' }).signature).not.toBe(base);
  });
});

describe('TencentFaceId against a fake FaceID service on loopback', () => {
  const credentials = { secretId: 'AKIDfakeHallTest0001', secretKey: 'fake-secret-key-for-tests' };
  let fake: FakeFaceId;
  let faceid: TencentFaceId;
  beforeAll(async () => {
    fake = await startFakeFaceId(credentials);
    faceid = new TencentFaceId({ ...credentials, ruleId: '7', endpoint: fake.url, fetch });
  });
  afterAll(() => fake.close());

  it('DetectAuth: a signed request with the rule, name, ID number and return address; answers BizToken and Url', async () => {
    const started = await faceid.detectAuth({ name: '张三', idcard: '11010519491231002X', redirectUrl: 'https://hall.example.cn/userInfo?type=1', ruleId: '7' });
    expect(started.bizToken).toMatch(/^[0-9A-F-]{36}$/);
    expect(started.url).toBe(`https://faceid.qq.com/api/v1/detect?token=${started.bizToken}`);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ action: 'DetectAuth', signatureValid: true });
    expect(call.body).toEqual({ RuleId: '7', IdCard: '11010519491231002X', Name: '张三', RedirectUrl: 'https://hall.example.cn/userInfo?type=1' });
  });

  it('GetDetectInfoEnhanced: ErrCode 0 is a pass, with the name and ID number the check established', async () => {
    const { bizToken } = await faceid.detectAuth({ name: '张三', idcard: '11010519491231002X', redirectUrl: 'https://hall.example.cn/', ruleId: '7' });
    fake.setOutcome(bizToken, { ErrCode: 0, ErrMsg: '成功', Name: '张三', IdCard: '11010519491231002X' });
    expect(await faceid.getDetectInfo(bizToken)).toEqual({ passed: true, name: '张三', idcard: '11010519491231002X', message: '认证通过' });
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ action: 'GetDetectInfoEnhanced', signatureValid: true });
    expect(call.body).toEqual({ BizToken: bizToken, RuleId: '7', InfoType: '1' });
  });

  it('a non-zero ErrCode is a failure with its message; no Text yet means not finished', async () => {
    const { bizToken } = await faceid.detectAuth({ name: '张三', idcard: '11010519491231002X', redirectUrl: 'https://hall.example.cn/', ruleId: '7' });
    expect(await faceid.getDetectInfo(bizToken)).toMatchObject({ passed: false, message: '人脸核身尚未完成' });
    fake.setOutcome(bizToken, { ErrCode: 1001, ErrMsg: '比对相似度未达到通过标准', Name: '张三', IdCard: '11010519491231002X' });
    expect(await faceid.getDetectInfo(bizToken)).toMatchObject({ passed: false, message: '比对相似度未达到通过标准' });
  });

  it('the result codes of a failed check are worded by their reason: the face, liveness, or the identity', async () => {
    for (const [ErrCode, message] of [
      [2016, '人脸与身份证照片不一致'],
      [1002, '活体检测未通过'],
      [2010, '活体检测未通过'],
      [2006, '身份信息不一致'],
      [2003, '身份信息不一致'],
    ] as const) {
      const { bizToken } = await faceid.detectAuth({ name: '张三', idcard: '11010519491231002X', redirectUrl: 'https://hall.example.cn/', ruleId: '7' });
      fake.setOutcome(bizToken, { ErrCode, ErrMsg: '腾讯云的原文', Name: '张三', IdCard: '11010519491231002X' });
      expect(await faceid.getDetectInfo(bizToken), String(ErrCode)).toMatchObject({ passed: false, message });
    }
  });

  it('a wrong secret key is refused by the service and surfaces as FaceIdError with its code', async () => {
    const wrong = new TencentFaceId({ ...credentials, secretKey: 'not-the-key', ruleId: '7', endpoint: fake.url, fetch });
    const failure = await wrong.detectAuth({ name: '张三', idcard: '11010519491231002X', redirectUrl: 'https://hall.example.cn/', ruleId: '7' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FaceIdError);
    expect((failure as FaceIdError).code).toBe('AuthFailure.SignatureFailure');
    expect(fake.calls.at(-1)!.signatureValid).toBe(false);
  });

  it('an unreachable service surfaces as FaceIdError', async () => {
    const closed = await startFakeFaceId(credentials);
    await closed.close();
    const gone = new TencentFaceId({ ...credentials, ruleId: '7', endpoint: closed.url, fetch });
    await expect(gone.getDetectInfo('X')).rejects.toBeInstanceOf(FaceIdError);
  });

  it('signs with the FaceID API version', () => {
    expect(FACEID_VERSION).toBe('2018-03-01');
  });
});
