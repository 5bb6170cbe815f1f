import { NO_DATA_MESSAGE, statementFields, type GuaranteePreview, type StatementBundle, type StatementTemplate } from '@hall/api/internal';
import { CHANGE_RECORD_FIELDS, INQUIRY_FIELDS, STATEMENT_TEMPLATE_NAMES, UNDERTAKING_FIELDS, isStatementTemplateName, validateDeathDate, validateSharePercent } from '@hall/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { applicants, applicationStatements, materials, propertyUnits } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { parseRowId } from '../../lib/row-id';
import type { FileStorage } from '../../storage/file-storage';
import { lockEditableApplication, parseJsonField, textOf } from './application-editing';
import { findOwnedApplication } from './applications';
import { readSignatures } from './hand-signatures';

export type StatementKind = 'jusInfo' | 'recordInfo' | 'changecqzInfo';
export type StatementInput = Partial<Record<StatementKind, unknown>>;
export type ParsedStatements = Partial<Record<StatementKind, Record<string, string>>>;

/** The fields each statement keeps; anything else a form sends is dropped. */
const FIELDS: Readonly<Record<StatementKind, readonly string[]>> = {
  jusInfo: UNDERTAKING_FIELDS,
  recordInfo: INQUIRY_FIELDS,
  changecqzInfo: CHANGE_RECORD_FIELDS,
};
const KINDS = Object.keys(FIELDS) as StatementKind[];

export const STATEMENT_REQUIRED = '请填写具结书、问询记录或换证说明';
export const NO_APPLICATION_ID = '请指定申请编号';
export const STATEMENTS_APART = '请分别保存申请人信息与具结书、问询记录';

/** The rule of each statement, from the domain: the date of death of the undertaking, the share of the questioning record. */
function problemOf(kind: StatementKind, fields: Record<string, string>): string | null {
  if (kind === 'jusInfo') return validateDeathDate(fields.swsj);
  if (kind === 'changecqzInfo') return validateSharePercent(fields.fostr);
  return null;
}

/**
 * The statements a save carries (JSON text or objects), each reduced to its own fields and checked
 * with the domain's rule; absent or blank ones are left out. A malformed one is the citizen's to fix.
 */
export function parseStatements(input: StatementInput): ParsedStatements {
  const parsed: ParsedStatements = {};
  for (const kind of KINDS) {
    const value = input[kind];
    if (value === undefined || value === null || value === '') continue;
    const sent = parseJsonField(value, statementFields);
    const fields: Record<string, string> = {};
    for (const field of FIELDS[kind]) fields[field] = textOf(sent[field]);
    const problem = problemOf(kind, fields);
    if (problem) throw badRequest(problem);
    parsed[kind] = fields;
  }
  return parsed;
}

export function hasStatements(parsed: ParsedStatements): boolean {
  return KINDS.some((kind) => parsed[kind] !== undefined);
}

/** Writes the parsed statements of an application inside the caller's transaction; a second save of a kind replaces the first. */
export async function writeStatements(tx: Transaction, applicationId: number, parsed: ParsedStatements): Promise<void> {
  for (const kind of KINDS) {
    const fields = parsed[kind];
    if (!fields) continue;
    await tx
      .insert(applicationStatements)
      .values({ applicationId, kind, fields })
      .onConflictDoUpdate({ target: [applicationStatements.applicationId, applicationStatements.kind], set: { fields, updatedAt: new Date() } });
  }
}

/** The house of the case as the statements print it: the first unit's certificate number, unit number and location. */
async function houseOf(db: Database, applicationId: number): Promise<StatementBundle['houseInfo']> {
  const [unit] = await db.select().from(propertyUnits).where(eq(propertyUnits.applicationId, applicationId)).orderBy(asc(propertyUnits.id)).limit(1);
  return { qzh: unit?.bdcqzmh ?? '', bdcdyh: unit?.bdcdyh ?? '', zl: unit?.zl ?? '' };
}

/** query_sqr_wx: the house, the saved statements and the signatures of one of the citizen's applications. */
export async function readStatementBundle(db: Database, files: FileStorage, openid: string, id: string): Promise<{ bundle: StatementBundle; signatures: Awaited<ReturnType<typeof readSignatures>> }> {
  const application = await findOwnedApplication(db, openid, id);
  if (!application) throw notFound(NO_DATA_MESSAGE);
  const rows = await db.select().from(applicationStatements).where(eq(applicationStatements.applicationId, application.id));
  const bundle: StatementBundle = { houseInfo: await houseOf(db, application.id), jusInfo: {}, recordInfo: {}, changecqzInfo: {} };
  for (const row of rows) if (KINDS.includes(row.kind as StatementKind)) bundle[row.kind as StatementKind] = row.fields;
  return { bundle, signatures: await readSignatures(db, files, openid, application.id) };
}

/** queryTyp: the materials of one of the citizen's applications that are statement templates, in order. */
export async function listStatementTemplates(db: Database, openid: string, id: string): Promise<StatementTemplate[]> {
  const application = await findOwnedApplication(db, openid, id);
  if (!application) throw notFound(NO_DATA_MESSAGE);
  const rows = await db
    .select({ id: materials.id, name: materials.name })
    .from(materials)
    .where(and(eq(materials.applicationId, application.id), inArray(materials.name, Object.values(STATEMENT_TEMPLATE_NAMES))))
    .orderBy(asc(materials.sort), asc(materials.id));
  return rows.filter((row) => isStatementTemplateName(row.name)).map((row) => ({ id: String(row.id), name: row.name }));
}

/** Whether a material of one of the citizen's applications is a statement template (where rendered statements go). */
export async function isStatementMaterial(db: Database, openid: string, materialId: number): Promise<boolean> {
  const [row] = await db.select({ name: materials.name, applicationId: materials.applicationId }).from(materials).where(eq(materials.id, materialId));
  if (!row || !isStatementTemplateName(row.name)) return false;
  return (await findOwnedApplication(db, openid, row.applicationId)) !== null;
}

/**
 * htpreview_wx: the guarantee preview of one of the citizen's applications: the first rights
 * holder's signature (buyer_qzinfo) and name, the certificate number and extend_data with the house.
 */
export async function readGuaranteePreview(db: Database, files: FileStorage, openid: string, id: string): Promise<GuaranteePreview> {
  const { bundle, signatures } = await readStatementBundle(db, files, openid, id);
  const application = (await findOwnedApplication(db, openid, id))!;
  const [holder] = await db
    .select({ id: applicants.id, name: applicants.sqrName })
    .from(applicants)
    .where(and(eq(applicants.applicationId, application.id), eq(applicants.sqrLx, '0')))
    .orderBy(asc(applicants.id))
    .limit(1);
  const signature = holder ? signatures.find((row) => row.sqrid === String(holder.id)) : undefined;
  return {
    buyer_qzinfo: signature?.qzxx ?? '',
    buyer_compactBuyer_Name: holder?.name ?? '',
    qzh: bundle.houseInfo.qzh,
    extend_data: JSON.stringify({ houseInfo: bundle.houseInfo, jusInfo: bundle.jusInfo }),
  };
}

/** save_sqr_wx with onlyUserinfo, or addQlxxInfo without a record: the statements of one of the citizen's editable applications alone. */
export async function saveStatementsOnly(db: Database, openid: string, proinstid: string, parsed: ParsedStatements): Promise<void> {
  if (!hasStatements(parsed)) throw badRequest(STATEMENT_REQUIRED);
  await db.transaction(async (tx) => {
    const application = await lockEditableApplication(tx, openid, proinstid);
    await writeStatements(tx, application.id, parsed);
  });
}

export const NOT_STATEMENT_MATERIAL = '该材料不是具结书、问询记录或说明，不能上传文书图片';

/**
 * savePicFromWXServer with addgsgg 'true' (a rendered statement, ysr the signer's name): the material
 * must be a statement template of one of the citizen's applications; other uploads pass untouched.
 */
export async function requireStatementTarget(db: Database, openid: string, body: { addgsgg?: string | undefined; datuminstId?: string | undefined; materialId?: string | undefined }): Promise<void> {
  if (textOf(body.addgsgg) !== 'true') return;
  const materialId = parseRowId(textOf(body.datuminstId) || textOf(body.materialId));
  if (materialId === null || !(await isStatementMaterial(db, openid, materialId))) throw badRequest(NOT_STATEMENT_MATERIAL);
}
