import { APPLICANT_KINDS, REVIEW_STATUS, regionName } from '@hall/domain';
import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicants, materialFiles, materials } from '../../db/schema';
import type { AcceptanceReceiptInput } from '../../documents/acceptance-receipt';
import { conflict, notFound } from '../../lib/errors';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { findOwnedApplication } from './applications';

export const RECEIPT_MESSAGES = {
  notFound: '申请不存在或无权查看，请从“我的申请”重新打开',
  notSubmitted: '该申请尚未提交，提交后才有受理回执',
} as const;

/**
 * What the 受理回执 of one of the citizen's applications prints: only once it was submitted (it has its
 * number and its submission time), with its persons (masked by the document) and each material's
 * number of files. `progressUrl(number)` is the progress query's address the QR code holds.
 */
export async function receiptOf(db: Database, openid: string, id: string, progressUrl: (acceptanceNumber: string) => string): Promise<AcceptanceReceiptInput> {
  const row = await findOwnedApplication(db, openid, id);
  if (!row) throw notFound(RECEIPT_MESSAGES.notFound);
  if (row.shzt === REVIEW_STATUS.notSubmitted || !row.prolsh || !row.submittedAt) throw conflict(RECEIPT_MESSAGES.notSubmitted);
  const [persons, given] = await Promise.all([
    db.select().from(applicants).where(eq(applicants.applicationId, row.id)).orderBy(asc(applicants.id)),
    db
      .select({ name: materials.name, files: count(materialFiles.id) })
      .from(materials)
      .leftJoin(materialFiles, eq(materialFiles.materialId, materials.id))
      .where(eq(materials.applicationId, row.id))
      .groupBy(materials.id, materials.name, materials.sort)
      .orderBy(asc(materials.sort), asc(materials.id)),
  ]);
  return {
    acceptanceNumber: row.prolsh,
    businessName: row.name,
    placeName: row.areaname || regionName(row.xzqdm) || row.xzqdm,
    applicants: persons.map((p) => ({ role: (APPLICANT_KINDS as Record<string, string>)[p.sqrLx] ?? '申请人', name: p.sqrName, idNumber: p.sqrZjh })),
    materials: given.map((m) => ({ name: m.name, files: Number(m.files) })),
    submittedAt: formatShanghaiDateTime(row.submittedAt),
    progressUrl: progressUrl(row.prolsh),
  };
}
