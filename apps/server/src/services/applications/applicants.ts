import { NO_DATA_MESSAGE, type Applicant, type ApplicantSave } from '@hall/api/internal';
import { APPLICANT_CATEGORY_COMPANY, APPLICANT_CATEGORY_PERSON, applicantCategoryOf, personSaveNextTarget, resolveApplicantKind, validateApplicant } from '@hall/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicants, applications } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { firstRowById, parseRowId } from '../../lib/row-id';
import { lockEditableApplication, textOf } from './application-editing';
import { findOwnedApplication } from './applications';
import { toApplicant } from './applicant-view';

export type ApplicantRow = typeof applicants.$inferSelect;

export const APPLICANT_NOT_FOUND = '未找到该申请人';
export const COMPANY_NOT_ALLOWED = '保存失败：本业务的申请人不能是企业，请选择个人';

/** Company or person: category '1' or '2' when sent, else a company ID type (6, 7) makes a company. */
export function applicantCategory(save: Pick<ApplicantSave, 'category' | 'zjlx'>): string {
  const category = textOf(save.category);
  if (category === APPLICANT_CATEGORY_COMPANY || category === APPLICANT_CATEGORY_PERSON) return category;
  return applicantCategoryOf(textOf(save.zjlx));
}

/** The domain's applicant rule over a stored row (the check runs it again over every applicant). */
export function validateApplicantRow(row: ApplicantRow): string | null {
  return validateApplicant({
    category: applicantCategoryOf(row.sqrZjlx),
    name: row.sqrName,
    phone: row.sqrTel,
    idType: row.sqrZjlx,
    idNumber: row.sqrZjh,
    address: row.sqrAdress,
    agentIdType: row.sqrQtZjlx,
    agentIdNumber: row.sqrQtZjh,
    agentPhone: row.sqrQtTel,
    legalRepresentativePhone: row.sqrQtFrTel,
    sharingMode: row.sqrGyfs,
    share: row.sqrGyfe,
  });
}

/** An ID number as stored: trimmed and upper-case, so a final lower-case x becomes X (docs/architecture.md §14). */
const idNumber = (value: unknown) => textOf(value).toUpperCase();

/**
 * addPerson / save_sqr_wx: validates the applicant with the domain's rule and adds it to one of the
 * citizen's editable applications, or updates the applicant of that application named by id.
 * Answers the applicant's id.
 */
export async function saveApplicant(db: Database, openid: string, proinstid: string, save: ApplicantSave): Promise<string> {
  const category = applicantCategory(save);
  const sharingMode = textOf(save.gyfs) || '0';
  const problem = validateApplicant({
    category,
    name: save.sqrxm,
    phone: save.sqrlxdh,
    idType: save.zjlx,
    idNumber: save.sqrzjh,
    address: save.sqrdz,
    agentIdType: save.dlrzjlx,
    agentIdNumber: save.dlrzjh,
    agentPhone: save.dlrlxdh,
    legalRepresentativePhone: save.fddbrdh,
    sharingMode,
    share: save.gyfe,
  });
  if (problem) throw badRequest(problem);
  const values = {
    sqrLx: resolveApplicantKind(textOf(save.sqrlx) || '0', category),
    sqrName: textOf(save.sqrxm),
    sqrTel: textOf(save.sqrlxdh),
    sqrZjlx: textOf(save.zjlx),
    sqrZjh: idNumber(save.sqrzjh),
    sqrAdress: textOf(save.sqrdz),
    sqrQtDlrName: textOf(save.dlrxm),
    sqrQtZjh: idNumber(save.dlrzjh),
    sqrQtZjlx: textOf(save.dlrzjlx),
    sqrQtTel: textOf(save.dlrlxdh),
    sqrQtFrName: textOf(save.fddbrxm),
    sqrQtFrZjh: idNumber(save.fddbrzjh),
    sqrQtFrZjlx: textOf(save.fddbrzjlx),
    sqrQtFrTel: textOf(save.fddbrdh),
    iscqr: textOf(save.sfcqr) === '0' ? '0' : '1',
    sqrGyfs: sharingMode,
    // The share means nothing without a sharing mode (part 2 §5: shown only when the mode is not "0").
    sqrGyfe: sharingMode === '0' ? '' : textOf(save.gyfe),
  };
  return db.transaction(async (tx) => {
    const application = await lockEditableApplication(tx, openid, proinstid);
    // A company is saved only where its save may continue (part 2 §4: only 100+23); elsewhere it fails, nothing stored.
    const next = personSaveNextTarget({ applicationId: String(application.id), djlx: application.djlx, qllx: application.qllx, appointment: application.appointment, category });
    if (!next.ok) throw badRequest(COMPANY_NOT_ALLOWED);
    const existing = textOf(save.id);
    if (existing) {
      const updated = await firstRowById(existing, (rowId) =>
        tx
          .update(applicants)
          .set(values)
          .where(and(eq(applicants.id, rowId), eq(applicants.applicationId, application.id)))
          .returning({ id: applicants.id }),
      );
      if (!updated) throw notFound(APPLICANT_NOT_FOUND);
      return String(updated.id);
    }
    const [inserted] = await tx
      .insert(applicants)
      .values({ applicationId: application.id, ...values })
      .returning({ id: applicants.id });
    return String(inserted!.id);
  });
}

/** sqrlist_wx: the applicants of one of the citizen's applications; flag 0, 1 or 10 keeps that kind. */
export async function listApplicants(db: Database, openid: string, proinstid: string, flag?: string): Promise<Applicant[]> {
  const application = await findOwnedApplication(db, openid, proinstid);
  if (!application) throw notFound(NO_DATA_MESSAGE);
  const kind = textOf(flag);
  const rows = await db
    .select()
    .from(applicants)
    .where(and(eq(applicants.applicationId, application.id), ['0', '1', '10'].includes(kind) ? eq(applicants.sqrLx, kind) : undefined))
    .orderBy(asc(applicants.id));
  return rows.map(toApplicant);
}

/**
 * delPerson / delSqrmsg_wx: deletes an applicant of one of the citizen's editable applications. The
 * applicant names its application; a proinstid sent with it must be that one.
 */
export async function deleteApplicant(db: Database, openid: string, sqrid: string, proinstid?: string): Promise<void> {
  const applicantId = parseRowId(sqrid);
  if (applicantId === null) throw notFound(APPLICANT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ applicationId: applicants.applicationId })
      .from(applicants)
      .innerJoin(applications, eq(applications.id, applicants.applicationId))
      .where(and(eq(applicants.id, applicantId), eq(applications.openid, openid)));
    if (!owned) throw notFound(APPLICANT_NOT_FOUND);
    if (textOf(proinstid) && textOf(proinstid) !== String(owned.applicationId)) throw notFound(APPLICANT_NOT_FOUND);
    await lockEditableApplication(tx, openid, owned.applicationId);
    await tx.delete(applicants).where(and(eq(applicants.id, applicantId), eq(applicants.applicationId, owned.applicationId)));
  });
}
