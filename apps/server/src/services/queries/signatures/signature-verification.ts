import { QUERY_STATE_FOUND, QUERY_STATE_NOT_FOUND } from '@hall/domain';
import { and, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { HallContext } from '../../../context';
import type { Transaction } from '../../../db/client';
import { storedFiles } from '../../../db/schema';
import { REPORT_STAMP_MARGIN, renderVerificationReport } from '../../../documents/verification-report';
import { VERDICT_EXPLANATIONS, VERDICTS, VERIFICATION_FAILURES, type VerificationOutcome } from '../../../documents/verification/verdicts';
import type { QueryRecordRow } from '../records/query-records';
import { recordStoredFile } from '../../storage/stored-files';

export const REPORT_REASON = '不动产登记网上办事大厅出具的电子签章验证报告';

/** What resolving a verification record sets on its row. */
export interface VerificationRecordOutcome {
  state: number;
  stateMsg: string;
  result: Record<string, unknown>;
}

/** The record's result: the verdict (or failure) in words and per signature, and where the signed report is. */
function resultOf(outcome: VerificationOutcome, digests: { sha256: string | null; sm3: string | null }, reportFileId: string): Record<string, unknown> {
  if (!outcome.ok) return { failure: outcome.failure, message: VERIFICATION_FAILURES[outcome.failure], ...digests, reportFileId };
  const { verdict, signatures, document } = outcome.verification;
  return {
    ...(document ? { document } : {}),
    verdict,
    verdictText: VERDICTS[verdict],
    message: VERDICT_EXPLANATIONS[verdict],
    signed: signatures.length > 0,
    signatures,
    ...digests,
    reportFileId,
  };
}

/**
 * Verifies the record's uploaded PDF (in the verifier's worker), then writes the report the hall signs
 * and keeps it as the citizen's file. A verdict closes the record at 20 (查看) with the verdict as its
 * message (有效, 已被修改 …); a file that could not be checked (not a PDF, over a cap) at 21 with the
 * reason. Storage keys written are pushed to `created`, so a failed transaction removes them.
 */
export async function resolveVerificationRecord(hall: HallContext, tx: Transaction, row: QueryRecordRow, created: string[]): Promise<VerificationRecordOutcome> {
  const [file] = row.fileId
    ? await tx
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.id, row.fileId), eq(storedFiles.openid, row.openid)))
    : [];
  const verified = file
    ? await hall.pdfVerifier.verify(() => hall.files.open(file.storageKey), file.size)
    : { outcome: { ok: false, failure: 'fileMissing' } as VerificationOutcome, sha256: null, sm3: null };
  const { outcome, sha256, sm3, pages } = verified;

  const report = await renderVerificationReport({
    recordId: String(row.id),
    fileName: row.filename ?? file?.originalName ?? '',
    size: file?.size ?? 0,
    sha256,
    sm3,
    uploadedAt: row.createdAt,
    verifiedAt: new Date(),
    outcome,
    pages,
  });
  const signed = await hall.documentSigner.sign(report, { reason: REPORT_REASON, at: { x: 595 - 132 - REPORT_STAMP_MARGIN, y: 48 } });
  const saved = await hall.files.save(Readable.from([signed]));
  created.push(saved.key);
  const reportFile = await recordStoredFile(tx, {
    openid: row.openid,
    storageKey: saved.key,
    originalName: `验签报告-${row.id}.pdf`,
    mime: 'application/pdf',
    size: saved.size,
  });
  const result = resultOf(outcome, { sha256, sm3 }, reportFile.id);
  if (!outcome.ok) return { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: VERIFICATION_FAILURES[outcome.failure], result };
  return { state: Number(QUERY_STATE_FOUND), stateMsg: VERDICTS[outcome.verification.verdict], result };
}
