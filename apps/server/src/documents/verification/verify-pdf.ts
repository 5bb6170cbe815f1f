import { X509Certificate } from 'node:crypto';
import { EncryptedPDFError, PDFDocument } from 'pdf-lib';
import { DecompressionCapError, type CappedDecoding } from './capped-decoding';
import { changesAfterSigning } from './changes-after-signing';
import { checkCms } from './cms-check';
import { readRevisionUpdate } from './revision-update';
import { checkByteRange, findSignatureFields } from './signature-fields';
import { worstVerdict, type SignatureFinding, type VerificationOutcome } from './verdicts';

const PDF_HEADER = '%PDF-';

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
}

/** Only blanks and comments: what readers skip, and what cannot change a page. */
function onlyBlanksAndComments(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('latin1');
  return text.split(/\r\n|\r|\n/).every((line) => /^[ \t\f\0]*(%.*)?$/.test(line));
}

/**
 * Verifies every signature of a PDF (see docs/architecture.md §9): the ByteRange, the CMS (digest, signature,
 * signer binding, chain and validity at signing time) and what changed after each signature. Runs
 * in the verification worker, with pdf-lib's stream decoding capped (`decoding`).
 */
export async function verifyPdf(bytes: Buffer, trustRoots: Buffer[], decoding: CappedDecoding): Promise<VerificationOutcome> {
  if (!bytes.subarray(0, 1024).toString('latin1').includes(PDF_HEADER)) return { ok: false, failure: 'notPdf' };
  let doc: PDFDocument;
  try {
    doc = await load(bytes);
  } catch (error) {
    if (error instanceof DecompressionCapError || decoding.exceeded) return { ok: false, failure: 'tooComplex' };
    if (error instanceof EncryptedPDFError) return { ok: false, failure: 'encrypted' };
    return { ok: false, failure: 'notPdf', detail: error instanceof Error ? error.message : undefined };
  }
  // A stream over the caps makes the file unverifiable even when pdf-lib carried on without it.
  if (decoding.exceeded) return { ok: false, failure: 'tooComplex' };
  if (doc.isEncrypted) return { ok: false, failure: 'encrypted' };
  const roots = trustRoots.map((der) => new X509Certificate(der));
  const signatures = findSignatureFields(doc);
  const ranges = signatures.map((s) => checkByteRange(bytes, s));
  const ends = ranges.flatMap((r) => ('signedEnd' in r ? [r.signedEnd] : []));
  const revisions = new Map<number, PDFDocument>([[bytes.length, doc]]);

  const findings: SignatureFinding[] = [];
  for (const [index, signature] of signatures.entries()) {
    const range = ranges[index]!;
    const finding: SignatureFinding = {
      field: signature.field,
      verdict: 'invalid',
      signer: '',
      organisation: '',
      signedAt: signature.claimedTime?.toISOString() ?? null,
      reason: signature.reason,
      issuer: '',
      algorithm: '',
      coversWholeFile: false,
      notes: [],
    };
    findings.push(finding);
    if ('problem' in range) {
      finding.notes.push(range.problem);
      continue;
    }
    const [gapStart, gapEnd] = range.gap;
    const cms = checkCms(signature.contents!, [bytes.subarray(0, gapStart), bytes.subarray(gapEnd, range.signedEnd)], roots, signature.claimedTime);
    Object.assign(finding, {
      verdict: cms.verdict,
      signer: cms.signer,
      organisation: cms.organisation,
      issuer: cms.issuer,
      algorithm: cms.algorithm,
      signedAt: cms.signedAt?.toISOString() ?? finding.signedAt,
      notes: cms.notes,
    });
    finding.coversWholeFile = range.signedEnd === bytes.length;
    if (finding.coversWholeFile || cms.verdict === 'invalid') continue;

    const appended = bytes.subarray(range.signedEnd);
    if (onlyBlanksAndComments(appended)) {
      finding.notes.push('签名后文件末尾仅追加了空白或注释，不影响显示内容');
      continue;
    }
    let signed = revisions.get(range.signedEnd);
    if (!signed) {
      signed = await load(bytes.subarray(0, range.signedEnd));
      revisions.set(range.signedEnd, signed);
    }
    const update = await readRevisionUpdate(appended, range.signedEnd, decoding);
    const changes = changesAfterSigning({ signed, update, coveredByLaterSignature: ends.some((end) => end > range.signedEnd) });
    if (changes.length) {
      finding.notes.unshift(...changes);
      if (finding.verdict !== 'modified') finding.verdict = 'modified';
    } else {
      finding.notes.push('签名后的更新只添加了签名或验证数据，未改变显示内容');
    }
  }
  if (decoding.exceeded) return { ok: false, failure: 'tooComplex' };
  return { ok: true, verification: { verdict: worstVerdict(findings.map((f) => f.verdict)), signatures: findings } };
}
