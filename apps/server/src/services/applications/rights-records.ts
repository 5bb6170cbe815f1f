import type { RightsSave } from '@hall/api';
import {
  SAVE_TYPE_CANCELLATION,
  SAVE_TYPE_MORTGAGE,
  SAVE_TYPE_PRE_NOTATION,
  SAVE_TYPE_RIGHTS_INFO,
  validateCancellation,
  validateMortgage,
  validatePreNotice,
  validateTransferRights,
} from '@hall/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { applications, rightsInfo } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { lockEditableApplication, textOf } from './application-editing';

/** The failure words of the fill screens (part 2 §8): rights saves, and the cancellation's own. */
export const RIGHTS_SAVE_FAILED = '保存失败';
export const CANCELLATION_SAVE_FAILED = '保存数据失败';
export const SAVE_TYPE_INVALID = '保存类型有误';
export const RIGHTS_NOT_FOUND = '未找到该权利信息';

/** The spec's defaults of each record (part 2 §3) where the form leaves a field blank. */
const DEFAULTS: Record<string, Record<string, string>> = {
  [SAVE_TYPE_PRE_NOTATION]: { sfhbzs: '0', czfs: '01', cqly: '106', jgdw: '1', sfgycq: '1' },
  [SAVE_TYPE_MORTGAGE]: { dyfs: '1', zqdw: '3', sfczjzhxzzrdybdcdyd: '1' },
  [SAVE_TYPE_CANCELLATION]: {},
  [SAVE_TYPE_RIGHTS_INFO]: { dyfs: '1' },
};

/** The rule of each record, from the domain. */
function problemOf(savetype: string, f: Record<string, string>): string | null {
  switch (savetype) {
    case SAVE_TYPE_PRE_NOTATION:
      return validatePreNotice({ landUseStart: f.tdsyqsrq, landUseEnd: f.tdsyjsrq });
    case SAVE_TYPE_MORTGAGE:
      return validateMortgage({
        claimStart: f.zqqssj || f.zqlxqx_start,
        claimEnd: f.zqjssj || f.zqlxqx_end,
        method: f.dyfs,
        securedPrincipal: f.bdbzzqse,
        maximumClaim: f.zgzqse,
      });
    case SAVE_TYPE_CANCELLATION:
      return validateCancellation({ certificateNumber: f.BDCZMH });
    default:
      return validateTransferRights({ holdingMethod: f.czfs, certificateCount: f.sfhbzs, transactionAmount: f.qdjg });
  }
}

/** The record's fields as text, one nested object (the cancellation's ZXDJ) brought up a level. */
function flatten(input: RightsSave): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== null && typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) fields[inner] = textOf(innerValue);
    } else {
      fields[key] = textOf(value);
    }
  }
  return fields;
}

/**
 * addQlxxInfo: saves the record of a savetype (one per application and savetype: a second save
 * replaces the first) after the domain's rule for it; rights info (99) also sets the application's
 * czfs. A failure answers 保存失败 (保存数据失败 for a cancellation) with the reason.
 */
export async function saveRightsRecord(
  db: Database,
  openid: string,
  proinstid: string,
  savetype: string,
  input: RightsSave,
  /** More of the application written in the same transaction (the statements saved with the record). */
  alsoWrite?: (tx: Transaction, applicationId: number) => Promise<void>,
): Promise<string> {
  const type = savetype.trim();
  const failed = type === SAVE_TYPE_CANCELLATION ? CANCELLATION_SAVE_FAILED : RIGHTS_SAVE_FAILED;
  const defaults = DEFAULTS[type];
  if (!defaults) throw badRequest(`${failed}：${SAVE_TYPE_INVALID}`);
  const given = flatten(input);
  const fields = { ...given };
  for (const [key, value] of Object.entries(defaults)) if (!fields[key]) fields[key] = value;
  const problem = problemOf(type, fields);
  if (problem) throw badRequest(`${failed}：${problem}`);
  return db.transaction(async (tx) => {
    const application = await lockEditableApplication(tx, openid, proinstid);
    await alsoWrite?.(tx, application.id);
    const [row] = await tx
      .insert(rightsInfo)
      .values({ applicationId: application.id, savetype: type, fields })
      .onConflictDoUpdate({ target: [rightsInfo.applicationId, rightsInfo.savetype], set: { fields, updatedAt: sql`now()` } })
      .returning({ id: rightsInfo.id });
    if (type === SAVE_TYPE_RIGHTS_INFO)
      await tx
        .update(applications)
        .set({ czfs: fields.czfs ?? '' })
        .where(eq(applications.id, application.id));
    return String(row!.id);
  });
}

/** delQlxxInfo: deletes the record of a savetype, or every record when none is named; czfs goes with the rights info. */
export async function deleteRightsRecords(db: Database, openid: string, proinstid: string, savetype?: string): Promise<void> {
  const type = textOf(savetype);
  await db.transaction(async (tx) => {
    const application = await lockEditableApplication(tx, openid, proinstid);
    const removed = await tx
      .delete(rightsInfo)
      .where(and(eq(rightsInfo.applicationId, application.id), type ? eq(rightsInfo.savetype, type) : undefined))
      .returning({ savetype: rightsInfo.savetype });
    if (removed.length === 0) throw notFound(RIGHTS_NOT_FOUND);
    if (removed.some((row) => row.savetype === SAVE_TYPE_RIGHTS_INFO)) await tx.update(applications).set({ czfs: '' }).where(eq(applications.id, application.id));
  });
}
