import { isAcceptanceNumber, normalizeIdNumber } from '@hall/domain';
import { z } from 'zod';
import type { CaseProgress, CertificateLookup, PropertyUnit, Registry, RegistryCertificate, RegistryOwner } from './registry';
import { RegistryError } from './registry';

export interface HttpRegistryConfig {
  /** The back-office interface's base address (REGISTRY_URL); the paths of docs/registry-openapi.yaml are under it. */
  baseUrl: string;
  /** Sent as HTTP Basic credentials with every call (REGISTRY_CLIENT_ID, REGISTRY_CLIENT_SECRET). */
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** How long one call may take, the answer's body included (REGISTRY_TIMEOUT_MS). */
  timeoutMs: number;
  /**
   * Asked when the back-office does not know an acceptance number: the hall numbers the cases it
   * accepts itself (HD…), and a back-office need not know them, yet their citizens follow them.
   */
  hallCases?: (acceptanceNumber: string) => Promise<CaseProgress | null>;
}

/** The interface's paths and methods, as docs/registry-openapi.yaml writes them (its test compares the two). */
export const REGISTRY_OPERATIONS = {
  certificate: { method: 'POST', path: '/certificates/lookup' },
  licence: { method: 'POST', path: '/licences/lookup' },
  certificatesOf: { method: 'POST', path: '/certificates/search' },
  propertyUnit: { method: 'POST', path: '/property-units/lookup' },
  caseProgress: { method: 'GET', path: '/cases/{acceptanceNumber}' },
} as const;

const text = z.string();
const mortgageJson = z.object({ dyqr: text, zgzqse: text });
const seizureJson = z.object({ cfjg: text });
const certificateJson = z.object({
  qzh: text,
  bdcdyh: text,
  qlr: text,
  zjh: text,
  zl: text,
  yt: text,
  mj: text,
  xzqdm: text,
  dyList: z.array(mortgageJson),
  cfList: z.array(seizureJson),
});
/** The answers' shapes, the JSON boundary of the interface (the document's response schemas). */
export const REGISTRY_ANSWERS = {
  certificate: z.object({ certificate: certificateJson }),
  licence: z.object({ certificate: certificateJson }),
  certificatesOf: z.object({ certificates: z.array(certificateJson) }),
  propertyUnit: z.object({ unit: z.object({ bdcdyh: text, zl: text, yt: text, mj: text, dyList: z.array(mortgageJson) }) }),
  caseProgress: z.object({ case: z.object({ serialNumber: text, name: text, processName: text, activityName: text, actStart: z.iso.datetime({ offset: true }) }) }),
} as const;
type Operation = keyof typeof REGISTRY_OPERATIONS;

/** The not-found answer: a 404 without it is a wrong address, not an answer. */
const notFoundJson = z.object({ error: z.literal('not_found') });

/**
 * A registration back-office's JSON interface over HTTPS (docs/registry-openapi.yaml), with HTTP
 * Basic credentials. A documented 404 answers null; anything else that is not the documented 200
 * (refused credentials, a server error, a timeout, malformed JSON, an answer about someone or
 * something else) throws a RegistryError, so nothing doubtful reaches a citizen and the resolver
 * retries the record later.
 */
export class HttpRegistry implements Registry {
  readonly answers = true;
  private readonly authorization: string;

  constructor(private readonly config: HttpRegistryConfig) {
    this.authorization = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
  }

  async findCertificate(lookup: CertificateLookup): Promise<RegistryCertificate | null> {
    const answer = await this.call('certificate', lookupBody(lookup));
    return answer && toCertificate(matching(answer.certificate, lookup));
  }

  async findLicence(lookup: CertificateLookup): Promise<RegistryCertificate | null> {
    const answer = await this.call('licence', lookupBody(lookup));
    return answer && toCertificate(matching(answer.certificate, lookup));
  }

  async listCertificatesOf(owner: RegistryOwner): Promise<RegistryCertificate[]> {
    const answer = await this.call('certificatesOf', { qlr: owner.name.trim(), zjh: normalizeIdNumber(owner.idcard) });
    return (answer?.certificates ?? []).map((certificate) => toCertificate(matching(certificate, owner)));
  }

  async findPropertyUnit(lookup: RegistryOwner & { qzh: string }): Promise<PropertyUnit | null> {
    const answer = await this.call('propertyUnit', { qlr: lookup.name.trim(), zjh: normalizeIdNumber(lookup.idcard), qzh: lookup.qzh.trim() });
    if (!answer) return null;
    const { bdcdyh, zl, yt, mj, dyList } = answer.unit;
    return { bdcdyh, zl, yt, mj, mortgages: dyList };
  }

  async findCaseProgress(acceptanceNumber: string): Promise<CaseProgress | null> {
    let answer;
    try {
      answer = await this.call('caseProgress', undefined, { acceptanceNumber });
    } catch (error) {
      // A case the hall accepted itself is known here whether or not the back-office answers.
      const own = isAcceptanceNumber(acceptanceNumber) ? await this.config.hallCases?.(acceptanceNumber) : null;
      if (own) return own;
      throw error;
    }
    if (!answer) return (await this.config.hallCases?.(acceptanceNumber)) ?? null;
    const found = answer.case;
    if (found.serialNumber !== acceptanceNumber) throw new RegistryError(`the registry answered case ${found.serialNumber} for ${acceptanceNumber}`);
    return { acceptanceNumber: found.serialNumber, name: found.name, processName: found.processName, activityName: found.activityName, activityStartedAt: new Date(found.actStart) };
  }

  /** One call: the documented answer, or null for the documented not-found. */
  private async call<K extends Operation>(operation: K, body?: object, pathParams: Record<string, string> = {}): Promise<z.infer<(typeof REGISTRY_ANSWERS)[K]> | null> {
    const { method, path } = REGISTRY_OPERATIONS[operation];
    const label = `${method} ${path}`;
    const url = this.config.baseUrl.replace(/\/+$/, '') + path.replace(/\{(\w+)\}/g, (_, name: string) => pathSegment(label, name, pathParams[name] ?? ''));
    let status: number;
    let raw: string;
    try {
      const response = await this.config.fetch(url, {
        method,
        headers: { accept: 'application/json', authorization: this.authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new RegistryError(timedOut ? `registry ${label}: no answer within ${this.config.timeoutMs} ms` : `registry ${label}: unreachable (${(error as Error).message})`, { cause: error });
    }
    if (status === 401 || status === 403) throw new RegistryError(`registry ${label}: credentials refused (HTTP ${status}); check REGISTRY_CLIENT_ID and REGISTRY_CLIENT_SECRET`);
    if (status === 404) {
      if (notFoundJson.safeParse(parseJson(raw)).success) return null;
      throw new RegistryError(`registry ${label}: HTTP 404 without the not_found answer; is REGISTRY_URL right?`);
    }
    if (status !== 200) throw new RegistryError(`registry ${label}: HTTP ${status}`);
    const json = parseJson(raw);
    if (json === undefined) throw new RegistryError(`registry ${label}: the answer is not JSON`);
    const parsed = REGISTRY_ANSWERS[operation].safeParse(json);
    if (!parsed.success) throw new RegistryError(`registry ${label}: the answer does not follow the interface (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`);
    return parsed.data as z.infer<(typeof REGISTRY_ANSWERS)[K]>;
  }
}

/** The form each path parameter must have before it becomes part of an address. */
const PATH_PARAMETER_FORMATS: Readonly<Record<string, (value: string) => boolean>> = { acceptanceNumber: isAcceptanceNumber };

/**
 * A path parameter as one encoded segment. Callers check the format first (the progress query
 * answers 查询无数据 without asking); this refuses anything else again, since `..`, `.` or an empty
 * segment survive encodeURIComponent and would send the hall's credentials to another address.
 */
function pathSegment(label: string, name: string, value: string): string {
  const format = PATH_PARAMETER_FORMATS[name];
  if (!format?.(value) || value !== value.trim()) throw new RegistryError(`registry ${label}: refused to put a malformed ${name} into the address`);
  return encodeURIComponent(value);
}

function lookupBody(lookup: CertificateLookup) {
  return { qlr: lookup.name.trim(), zjh: normalizeIdNumber(lookup.idcard), qzh: lookup.qzh.trim(), ...(lookup.xzqdm ? { xzqdm: lookup.xzqdm } : {}) };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

type CertificateJson = z.infer<typeof certificateJson>;

/** The back-office's certificate, believed only when it is the one asked about, of the person asked about. */
function matching(certificate: CertificateJson, asked: RegistryOwner & { qzh?: string }): CertificateJson {
  const sameOwner = certificate.qlr.trim() === asked.name.trim() && normalizeIdNumber(certificate.zjh) === normalizeIdNumber(asked.idcard);
  const sameNumber = asked.qzh === undefined || certificate.qzh === asked.qzh.trim();
  if (!sameOwner || !sameNumber) throw new RegistryError(`the registry answered certificate ${certificate.qzh}, not the one asked about`);
  return certificate;
}

function toCertificate(certificate: CertificateJson): RegistryCertificate {
  return {
    qzh: certificate.qzh,
    bdcdyh: certificate.bdcdyh,
    ownerName: certificate.qlr,
    ownerIdcard: normalizeIdNumber(certificate.zjh),
    zl: certificate.zl,
    yt: certificate.yt,
    mj: certificate.mj,
    xzqdm: certificate.xzqdm,
    // The shape the demo registry stores and the archive and property answers read.
    extra: { mortgages: certificate.dyList, seizures: certificate.cfList },
  };
}
