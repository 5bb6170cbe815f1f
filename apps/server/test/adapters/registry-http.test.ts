import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpRegistry } from '../../src/adapters/registry/http';
import { RegistryError } from '../../src/adapters/registry/registry';
import { BACK_OFFICE_CASE, BACK_OFFICE_CERTIFICATE, BACK_OFFICE_LICENCE, CLIENT, startFakeRegistry, type FakeRegistry } from './fake-registry';

let fake: FakeRegistry;
beforeAll(async () => {
  fake = await startFakeRegistry();
});
afterAll(() => fake.close());
afterEach(() => fake.behave('documented'));

function registry(overrides: Partial<ConstructorParameters<typeof HttpRegistry>[0]> = {}) {
  return new HttpRegistry({ baseUrl: fake.url, clientId: CLIENT.id, clientSecret: CLIENT.secret, fetch, timeoutMs: 2000, ...overrides });
}

const OWNER = { name: BACK_OFFICE_CERTIFICATE.qlr, idcard: BACK_OFFICE_CERTIFICATE.zjh };

describe('HttpRegistry against a back-office on loopback', () => {
  it('finds a certificate, sending JSON and the client credentials as HTTP Basic', async () => {
    // A lower-case x and stray spaces: the hall sends the ID number the way the registry keeps it.
    const found = await registry().findCertificate({ name: ' 王五 ', idcard: '11010519491231002x', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '130400' });
    expect(found).toEqual({
      qzh: BACK_OFFICE_CERTIFICATE.qzh,
      bdcdyh: BACK_OFFICE_CERTIFICATE.bdcdyh,
      ownerName: '王五',
      ownerIdcard: '11010519491231002X',
      zl: BACK_OFFICE_CERTIFICATE.zl,
      yt: '住宅',
      mj: '88.20',
      xzqdm: '130400',
      extra: { mortgages: [{ dyqr: '中国工商银行邯郸分行', zgzqse: '45' }], seizures: [{ cfjg: '邯郸市邯山区人民法院' }] },
    });
    const sent = fake.exchanges.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', rawPath: '/hall-api/v1/certificates/lookup', contentType: 'application/json', status: 200 });
    expect(sent.requestBody).toEqual({ qlr: '王五', zjh: '11010519491231002X', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '130400' });
    const [user, password] = Buffer.from(sent.authorization.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(/:(.*)/s);
    expect({ user, password }).toEqual({ user: CLIENT.id, password: CLIENT.secret });
  });

  it('answers null for the documented not-found: a wrong number, or the right number for someone else', async () => {
    expect(await registry().findCertificate({ ...OWNER, qzh: '冀(2025)邯郸市不动产权第0000000号', xzqdm: '' })).toBeNull();
    expect(fake.exchanges.at(-1)!.status).toBe(404);
    expect(await registry().findCertificate({ name: '李四', idcard: '130403199001014561', qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' })).toBeNull();
  });

  it('asks for a licence at its own path, and for the archive, the property unit and a case at theirs', async () => {
    expect((await registry().findLicence({ ...OWNER, qzh: BACK_OFFICE_LICENCE.qzh, xzqdm: '130400' }))?.qzh).toBe(BACK_OFFICE_LICENCE.qzh);
    expect(fake.exchanges.at(-1)!.rawPath).toBe('/hall-api/v1/licences/lookup');
    // The licence is not a certificate: the certificate path does not know it.
    expect(await registry().findCertificate({ ...OWNER, qzh: BACK_OFFICE_LICENCE.qzh, xzqdm: '130400' })).toBeNull();

    expect((await registry().listCertificatesOf(OWNER)).map((c) => c.qzh)).toEqual([BACK_OFFICE_CERTIFICATE.qzh]);
    expect(await registry().listCertificatesOf({ name: '李四', idcard: '130403199001014561' })).toEqual([]);

    expect(await registry().findPropertyUnit({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh })).toEqual({
      bdcdyh: BACK_OFFICE_CERTIFICATE.bdcdyh,
      zl: BACK_OFFICE_CERTIFICATE.zl,
      yt: '住宅',
      mj: '88.20',
      mortgages: [{ dyqr: '中国工商银行邯郸分行', zgzqse: '45' }],
    });
    expect(await registry().findPropertyUnit({ ...OWNER, qzh: 'nope' })).toBeNull();

    const progress = await registry().findCaseProgress(BACK_OFFICE_CASE.serialNumber);
    expect(progress).toEqual({
      acceptanceNumber: BACK_OFFICE_CASE.serialNumber,
      name: '王五 转移登记',
      processName: '转移登记',
      activityName: '审核',
      activityStartedAt: new Date('2025-11-20T01:30:00Z'),
    });
    // The number is one path segment, whatever it holds.
    expect(fake.exchanges.at(-1)!.rawPath).toBe(`/hall-api/v1/cases/${encodeURIComponent(BACK_OFFICE_CASE.serialNumber)}`);
  });

  it('a case number in another letter case is not found; the hall then looks among its own cases', async () => {
    const asked: string[] = [];
    const withHallCases = registry({ hallCases: async (number) => (asked.push(number), null) });
    expect(await withHallCases.findCaseProgress(BACK_OFFICE_CASE.serialNumber.toUpperCase())).toBeNull();
    expect(asked).toEqual([BACK_OFFICE_CASE.serialNumber.toUpperCase()]);
  });

  it('wrong credentials are an error naming the settings, never "not found"', async () => {
    const wrong = registry({ clientSecret: 'guessed' });
    const failure = await wrong.findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RegistryError);
    expect((failure as Error).message).toMatch(/credentials refused \(HTTP 401\).*REGISTRY_CLIENT_SECRET/);
    await expect(wrong.findCaseProgress(BACK_OFFICE_CASE.serialNumber)).rejects.toBeInstanceOf(RegistryError);
    await expect(wrong.listCertificatesOf(OWNER)).rejects.toBeInstanceOf(RegistryError);
  });

  it('a back-office slower than the timeout is an error, not a hang', async () => {
    fake.behave('slow', 1500);
    const started = Date.now();
    await expect(registry({ timeoutMs: 200 }).findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' })).rejects.toThrow(/no answer within 200 ms/);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('malformed JSON is an error, and nothing of it is believed', async () => {
    fake.behave('malformed');
    await expect(registry().findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' })).rejects.toThrow(/not JSON/);
    await expect(registry().listCertificatesOf(OWNER)).rejects.toBeInstanceOf(RegistryError);
  });

  it('JSON that does not follow the interface, or answers about another certificate or case, is an error', async () => {
    const lookup = { ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' };
    const { mj: _mj, ...withoutArea } = BACK_OFFICE_CERTIFICATE;
    fake.answerNextWith({ certificate: withoutArea });
    await expect(registry().findCertificate(lookup)).rejects.toThrow(/does not follow the interface \(certificate\.mj/);
    fake.answerNextWith({ certificate: { ...BACK_OFFICE_CERTIFICATE, mj: 88.2 } });
    await expect(registry().findCertificate(lookup)).rejects.toBeInstanceOf(RegistryError);
    fake.answerNextWith({ certificate: { ...BACK_OFFICE_CERTIFICATE, zjh: '130403199001014561', qlr: '李四' } });
    await expect(registry().findCertificate(lookup)).rejects.toThrow(/not the one asked about/);
    fake.answerNextWith({ certificates: [{ ...BACK_OFFICE_CERTIFICATE, qlr: '李四' }] });
    await expect(registry().listCertificatesOf(OWNER)).rejects.toThrow(/not the one asked about/);
    fake.answerNextWith({ case: { ...BACK_OFFICE_CASE, serialNumber: 'OTHER' } });
    await expect(registry().findCaseProgress(BACK_OFFICE_CASE.serialNumber)).rejects.toThrow(/answered case OTHER/);
    fake.answerNextWith({ case: { ...BACK_OFFICE_CASE, actStart: 'last Tuesday' } });
    await expect(registry().findCaseProgress(BACK_OFFICE_CASE.serialNumber)).rejects.toBeInstanceOf(RegistryError);
  });

  it('a 404 that is not the documented not-found (a wrong REGISTRY_URL) is an error, not "not found"', async () => {
    fake.behave('html404');
    await expect(registry().findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' })).rejects.toThrow(/is REGISTRY_URL right/);
    fake.behave('documented');
    const misplaced = registry({ baseUrl: fake.url.replace('/hall-api/v1', '/elsewhere') });
    await expect(misplaced.findCaseProgress(BACK_OFFICE_CASE.serialNumber)).rejects.toThrow(/is REGISTRY_URL right/);
  });

  it('refuses to build an address from a case number that is not one, and asks nothing', async () => {
    fake.exchanges.length = 0;
    for (const number of ['..', '.', '/x', '%2e%2e', 'HD1/..', ' HD1']) {
      await expect(registry().findCaseProgress(number)).rejects.toThrow(/refused to put a malformed acceptanceNumber into the address/);
    }
    expect(fake.exchanges).toEqual([]);
  });

  it('an unreachable back-office is an error', async () => {
    const gone = await startFakeRegistry();
    await gone.close();
    await expect(registry({ baseUrl: gone.url }).findCertificate({ ...OWNER, qzh: BACK_OFFICE_CERTIFICATE.qzh, xzqdm: '' })).rejects.toThrow(/unreachable/);
  });
});
