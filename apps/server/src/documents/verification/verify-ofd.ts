import { X509Certificate, createHash, type KeyObject } from 'node:crypto';
import { OID } from '../signing/cms-signature';
import { nameAttribute } from '../signing/signing-identity';
import { decodeSm2Signature, isSm2Key, sm2, sm2PublicPoint } from '../signing/sm2';
import { checkChain } from './cms-check';
import { MAX_PACKAGE_ENTRIES, OutsidePathError, PackageError, readOfdPackage, resolveIn, type OfdPackage } from './ofd-package';
import { listedSignatures, signatureFiles } from './ofd-signatures';
import { attribute, child, children, parseOfdXml, textOf, UnsafeXmlError, type XmlNode } from './ofd-xml';
import { readSesSignature, SesFormatError, type SesSignature } from './ses-signature';
import { checkTimeStamp } from './time-stamp';
import { worstVerdict, type DocumentFacts, type SignatureFinding, type VerificationOutcome } from './verdicts';

/** The digests a Reference's CheckMethod may name: SM3 by OID or name (GB/T 33190 §18.2.2), SHA-256 by either too. */
const CHECK_METHODS: Record<string, string> = {
  [OID.sm3]: 'sm3',
  sm3: 'sm3',
  [OID.sha256]: 'sha256',
  'sha-256': 'sha256',
  sha256: 'sha256',
};

/** The signature algorithms that name SM2 over SM3 in an SES_Signature and in Signature.xml. */
const SM2_ALGORITHMS = new Set<string>([OID.sm2WithSm3, OID.sm2Sign]);

const sm3 = (data: Buffer) => createHash('sm3').update(data).digest();

/** (r, s) of an SM2 signature: DER as X.509 carries it, or the 64 bytes r‖s that some seal makers write. */
function sm2Value(signature: Buffer): { r: bigint; s: bigint } | null {
  const der = decodeSm2Signature(signature);
  if (der) return der;
  if (signature.length !== 64) return null;
  return { r: BigInt(`0x${signature.subarray(0, 32).toString('hex')}`), s: BigInt(`0x${signature.subarray(32).toString('hex')}`) };
}

function verifiesWith(key: KeyObject, message: Buffer, signature: Buffer): boolean {
  const value = sm2Value(signature);
  if (!value) return false;
  try {
    return sm2.verify(message, value, sm2PublicPoint(key));
  } catch {
    return false;
  }
}

/** A certificate and its key, or null when either cannot be read (a malformed DER, a point off the curve). */
function certificateOf(der: Buffer): { certificate: X509Certificate; key: KeyObject } | null {
  try {
    const certificate = new X509Certificate(der);
    return { certificate, key: certificate.publicKey };
  } catch {
    return null;
  }
}

function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The seal's own checks: the maker's signature over it, and that it names the signer's certificate. */
function sealProblems(ses: SesSignature, signerDer: Buffer): string[] {
  const maker = certificateOf(ses.seal.makerCertificate);
  if (!maker) return ['电子印章中的制章人证书无法读取'];
  if (!SM2_ALGORITHMS.has(ses.seal.algorithm) || !isSm2Key(maker.key)) return ['电子印章的制章人签名不是SM2签名，本大厅无法校验'];
  if (!ses.seal.signedCandidates.some((candidate) => verifiesWith(maker.key, candidate, ses.seal.signedValue))) return ['电子印章的制章人签名无效，印章数据可能被伪造或改动'];
  const listed = ses.seal.signerCertificates;
  if (listed.length && !listed.some((der) => der.equals(signerDer))) return ['签章者证书不在电子印章授权使用的证书之中'];
  return [];
}

/** What one signature's references say: the files it covers, changed or removed. */
function referenceChanges(files: OfdPackage, info: XmlNode | undefined): { covered: Set<string>; changes: string[]; problem: string | null } {
  const references = child(info, 'References');
  const method = CHECK_METHODS[attribute(references, 'CheckMethod').toLowerCase() || OID.sm3];
  const covered = new Set<string>();
  const changes: string[] = [];
  if (!method) return { covered, changes, problem: `签章使用了本大厅不支持的摘要算法（${attribute(references, 'CheckMethod')}）` };
  const list = children(references, 'Reference');
  if (!list.length) return { covered, changes, problem: '签章没有保护文档中的任何文件' };
  for (const reference of list) {
    const location = attribute(reference, 'FileRef');
    const path = resolveIn('', location);
    covered.add(path);
    const content = files.get(path);
    if (!content) {
      changes.push(`签章保护的文件“${location}”已被删除`);
      continue;
    }
    const expected = Buffer.from(textOf(child(reference, 'CheckValue')), 'base64');
    if (!createHash(method).update(content).digest().equals(expected)) changes.push(`签章保护的文件“${location}”在签章后被改动`);
  }
  return { covered, changes, problem: null };
}

/**
 * Checks one seal of the document (GB/T 33190 §18, GB/T 38540 §8): its Signature.xml and the
 * SES_Signature in its SignedValue; the signer's SM2 signature over TBS_Sign; the seal (its maker's
 * signature, the signer's certificate among the seal's); the SES dataHash against SM3 of
 * Signature.xml; every Reference's CheckValue against the file it names; the signer's chain to the
 * hall's trust roots and the seal's validity at the signing time; v4's time stamp (time-stamp.ts),
 * whose genTime, where it holds, is the signing time.
 */
function checkSeal(files: OfdPackage, listed: XmlNode, signsDirectory: string, roots: X509Certificate[]): SignatureFinding {
  const [location, id] = [attribute(listed, 'BaseLoc'), attribute(listed, 'ID')];
  const finding: SignatureFinding = { field: `签章${id}`, verdict: 'invalid', signer: '', organisation: '', signedAt: null, reason: '', issuer: '', algorithm: '', coversWholeFile: false, notes: [] };
  const fail = (note: string, verdict: SignatureFinding['verdict'] = 'invalid') => Object.assign(finding, { verdict, notes: [note, ...finding.notes] });
  // Type="Sign" is a plain digital signature (GB/T 33190 §18.1), whose SignedValue is no SES_Signature.
  if (attribute(listed, 'Type') === 'Sign') return fail('该签名是数字签名而非电子印章签章，本大厅暂不能校验', 'unsupported');
  const read = signatureFiles(files, listed, signsDirectory);
  if (read.missing) return fail(read.missing === 'description' ? `签章描述文件“${location}”不存在，签章已被移除或损坏` : '签章的签名值文件不存在，签章已被移除或损坏');
  const { description, signature, value } = read;
  const info = child(signature, 'SignedInfo');

  let ses: SesSignature;
  try {
    ses = readSesSignature(value);
  } catch (error) {
    if (!(error instanceof SesFormatError)) throw error;
    return fail('签名值不是有效的电子签章数据（GB/T 38540），可能是伪造或损坏的签章');
  }
  if (ses.seal.name) finding.field = `${ses.seal.name}（签章${id}）`;
  finding.signedAt = ses.signedAt?.toISOString() ?? null;
  const signer = certificateOf(ses.signerCertificate);
  if (!signer) return fail('签章者证书无法读取（证书或其公钥已损坏）');
  finding.signer = nameAttribute(signer.certificate.subject, 'CN') ?? '';
  finding.organisation = nameAttribute(signer.certificate.subject, 'O') ?? '';
  finding.issuer = nameAttribute(signer.certificate.issuer, 'CN') ?? nameAttribute(signer.certificate.issuer, 'O') ?? '';
  if (!isSm2Key(signer.key)) return fail('签章者证书不是SM2证书，本大厅暂不能校验此类电子签章', 'unsupported');
  finding.algorithm = 'SM3 / SM2';
  // An SM2 key makes no other kind of signature: another algorithm named here is a broken seal.
  if (!SM2_ALGORITHMS.has(ses.signatureAlgorithm)) return fail('签章声明的签名算法与签章者证书不符，签名无效');
  if (!verifiesWith(signer.key, ses.signedBytes, ses.signature)) return fail('电子签章的签名值与签章者证书不符，签名无效');
  const sealProblem = sealProblems(ses, ses.signerCertificate);
  if (sealProblem.length) return fail(sealProblem[0]!);
  // A broken time stamp is a broken part of the seal (invalid); one from a TSA the hall does not trust
  // proves no time but breaks nothing: the seal is judged as if it had none, at its own timeInfo.
  const stamp = ses.timeStamp ? checkTimeStamp(ses.timeStamp, ses.signature, roots) : null;
  if (stamp?.status === 'broken') return fail(stamp.notes[0]!);
  if (stamp?.status === 'valid') Object.assign(finding, { signedAt: stamp.genTime.toISOString(), timeStamped: true });

  const references = referenceChanges(files, info);
  if (references.problem) return fail(references.problem, references.problem.includes('不支持') ? 'unsupported' : 'invalid');
  const changes = [...(sm3(description).equals(ses.dataHash) ? [] : ['签章描述文件（Signature.xml）在签章后被改动']), ...references.changes];
  const ownFiles = (name: string) => name.startsWith(signsDirectory);
  finding.coversWholeFile = [...files.keys()].every((name) => ownFiles(name) || references.covered.has(name));
  if (changes.length) return Object.assign(finding, { verdict: 'modified', notes: changes });
  finding.notes.push(`签章保护的${references.covered.size}个文件与签章时一致`, '签名值校验通过', '电子印章的制章人签名校验通过', ...(stamp?.notes ?? []));
  if (!finding.coversWholeFile) finding.notes.push('文档中有签章未保护的文件（如签章后添加的内容）');

  // The certificates and the seal must be valid when the seal was put on: at the time stamp's time where one holds.
  const at = (stamp?.status === 'valid' ? stamp.genTime : ses.signedAt) ?? new Date();
  const maker = certificateOf(ses.seal.makerCertificate);
  const problems = checkChain(signer.certificate, maker ? [maker.certificate] : [], roots, at);
  const { validFrom, validTo } = ses.seal;
  if ((validFrom && at < validFrom) || (validTo && at > validTo)) {
    problems.push(`电子印章在签章时不在有效期内（有效期 ${validFrom ? formatDate(validFrom) : '—'} 至 ${validTo ? formatDate(validTo) : '—'}）`);
  }
  if (problems.length) return Object.assign(finding, { verdict: 'untrusted', notes: [...problems, ...finding.notes] });
  finding.notes.push('签章者证书可追溯到本大厅信任的根证书，签章时证书与印章均在有效期内');
  return Object.assign(finding, { verdict: 'valid' });
}

/** DocInfo of the first document (GB/T 33190 §7.4) and its page count, for the report where no page is drawn. */
function documentFacts(files: OfdPackage, body: XmlNode | undefined): DocumentFacts {
  const info = child(body, 'DocInfo');
  const rootLocation = textOf(child(body, 'DocRoot'));
  const rootPath = rootLocation ? resolveIn('', rootLocation) : '';
  const document = files.get(rootPath);
  const pages = document ? children(child(child(parseOfdXml(document), 'Document'), 'Pages'), 'Page').length : 0;
  return { format: 'OFD', title: textOf(child(info, 'Title')), author: textOf(child(info, 'Author')), createdOn: textOf(child(info, 'CreationDate')), pages };
}

export interface OfdCaps {
  maxEntryBytes: number;
  maxInflatedBytes: number;
}

/**
 * Verifies the seals of an OFD e-licence (GB/T 33190, seals of GB/T 38540) in the PDF worker: the
 * container read under the caps (ofd-package.ts), its XML without DTDs (ofd-xml.ts), each signature
 * that Signatures.xml lists checked by checkSeal. A container over a cap, unsafe or unreadable is a
 * failure with its reason; the verdicts are those of a PDF's signatures.
 */
export async function verifyOfd(bytes: Buffer, trustRoots: Buffer[], caps: OfdCaps): Promise<VerificationOutcome> {
  let files: OfdPackage;
  try {
    files = await readOfdPackage(bytes, { perEntry: caps.maxEntryBytes, perFile: caps.maxInflatedBytes, entries: MAX_PACKAGE_ENTRIES });
  } catch (error) {
    if (!(error instanceof PackageError)) throw error;
    const failure = ({ tooLarge: 'tooComplex', unsafe: 'unsafeOfd', malformed: 'notOfd' } as const)[error.reason];
    return { ok: false, failure, detail: error.message };
  }
  try {
    const entry = files.get('OFD.xml');
    if (!entry) return { ok: false, failure: 'notOfd', detail: 'no OFD.xml' };
    const ofd = child(parseOfdXml(entry), 'OFD');
    const body = child(ofd, 'DocBody');
    if (!body) return { ok: false, failure: 'notOfd', detail: 'no DocBody' };
    const document = documentFacts(files, body);
    const roots = trustRoots.map((der) => new X509Certificate(der));
    const { listed, directory: signsDirectory } = listedSignatures(files, body);
    const findings = listed.map((signature) => checkSeal(files, signature, signsDirectory, roots));
    return { ok: true, verification: { verdict: worstVerdict(findings.map((f) => f.verdict)), signatures: findings, document } };
  } catch (error) {
    if (error instanceof OutsidePathError) return { ok: false, failure: 'unsafeOfd', detail: `path ${error.message}` };
    if (error instanceof UnsafeXmlError) return { ok: false, failure: error.reason === 'unsafe' ? 'unsafeOfd' : 'notOfd', detail: error.message };
    // Anything else a malformed container provokes is still an OFD the hall cannot read, said as such.
    return { ok: false, failure: 'notOfd', detail: error instanceof Error ? error.message : String(error) };
  }
}
