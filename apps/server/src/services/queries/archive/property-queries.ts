import type { PropertyQueryForm, PropertyQueryResult } from '@hall/api';
import {
  certificateNumberText,
  certificateYearOptions,
  isCertificateSerial,
  normalizeIdNumber,
  normalizeTypedNumber,
  PROPERTY_QUERY_MESSAGES,
  PROPERTY_QUERY_TYPE_CERTIFICATE,
  QUERY_STATE_FOUND,
  QUERY_STATE_NOT_FOUND,
  validatePropertyQuery,
  queryRecordStateText,
} from '@hall/domain';
import type { PropertyUnit } from '../../../adapters/registry/registry';
import type { HallContext } from '../../../context';
import type { Database } from '../../../db/client';
import { queryRecords } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { requireOwnRecord, type QueryRecordRow } from '../records/query-records';
import { requireUser } from '../../session/users';

/** The kind of the registration property queries in query_records. */
export const PROPERTY_KIND = 'property';

/** The certificate number the form names: built from year, kind and serial (type 1), or typed whole (type 2). */
export function propertyCertificateNumber(form: PropertyQueryForm, now = new Date()): string {
  const typed = normalizeTypedNumber(String(form.bdcqzh ?? ''));
  if (form.cxfs !== PROPERTY_QUERY_TYPE_CERTIFICATE) {
    if (!typed) throw badRequest(PROPERTY_QUERY_MESSAGES.legacyNumberRequired);
    return typed;
  }
  const year = String(form.nf ?? '').trim();
  if (!certificateYearOptions(now).map(String).includes(year)) throw badRequest(PROPERTY_QUERY_MESSAGES.year);
  if (!isCertificateSerial(typed)) throw badRequest(PROPERTY_QUERY_MESSAGES.serial);
  return certificateNumberText({ year, kind: form.zstype ?? '1', serial: typed });
}

export function toPropertyResult(row: QueryRecordRow): PropertyQueryResult {
  const result = row.result ?? {};
  const found = String(row.state) === QUERY_STATE_FOUND;
  return {
    ID: String(row.id),
    qlrqzh: row.params.qlrqzh ?? '',
    state: row.state,
    state_msg: row.stateMsg,
    ...(found
      ? {
          BDCDYH: String(result.BDCDYH ?? ''),
          zl: String(result.zl ?? ''),
          yt: String(result.yt ?? ''),
          mj: String(result.mj ?? ''),
          dyList: (result.dyList as PropertyQueryResult['dyList']) ?? [],
        }
      : {}),
  };
}

/**
 * searchBdcdyInfoByBdcqzh: the certificate the citizen names, looked up for the profile's name and
 * ID number (part 3 §5: a number first, then name and card number). A pending record is written;
 * the resolver answers it.
 */
export async function submitPropertyQuery(db: Database, openid: string, form: PropertyQueryForm): Promise<PropertyQueryResult> {
  const user = await requireUser(db, openid);
  const typed = normalizeTypedNumber(String(form.bdcqzh ?? ''));
  const failure = validatePropertyQuery({
    certificateNumber: form.cxfs === PROPERTY_QUERY_TYPE_CERTIFICATE ? typed : '',
    legacyNumber: form.cxfs === PROPERTY_QUERY_TYPE_CERTIFICATE ? '' : typed,
    name: user.name,
    cardNumber: user.cardnum,
  });
  if (failure) throw badRequest(failure);
  const qlrqzh = propertyCertificateNumber(form);
  const [row] = await db
    .insert(queryRecords)
    .values({
      openid,
      kind: PROPERTY_KIND,
      params: {
        qlrqzh,
        cxfs: form.cxfs,
        nf: String(form.nf ?? ''),
        zstype: form.zstype ?? '',
        name: user.name.trim(),
        idcard: normalizeIdNumber(user.cardnum),
        djlx: String(form.djlx ?? ''),
        qllx: String(form.qllx ?? ''),
        slbh: String(form.slbh ?? ''),
      },
      state: 0,
      stateMsg: queryRecordStateText(0),
    })
    .returning();
  return toPropertyResult(row!);
}

export async function readPropertyQuery(db: Database, openid: string, id: string | number): Promise<PropertyQueryResult> {
  return toPropertyResult(await requireOwnRecord(db, openid, id, [PROPERTY_KIND]));
}

/** The resolver's answer: 20 with the unit number and the mortgages, 21 when the registry has no such certificate of the person. */
export async function resolvePropertyRecord(hall: HallContext, row: QueryRecordRow): Promise<{ state: number; stateMsg: string; result?: Record<string, unknown> }> {
  const unit = await hall.certificateRegistry.findPropertyUnit({ name: row.params.name ?? '', idcard: row.params.idcard ?? '', qzh: row.params.qlrqzh ?? '' });
  return propertyOutcome(unit);
}

/** An answered property query: 20 with the unit and its mortgages, 21 when there is none (the registry's answer, or an operator's). */
export function propertyOutcome(unit: PropertyUnit | null): { state: number; stateMsg: string; result?: Record<string, unknown> } {
  if (!unit) return { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: PROPERTY_QUERY_MESSAGES.notFound };
  return {
    state: Number(QUERY_STATE_FOUND),
    stateMsg: '查询成功',
    result: {
      BDCDYH: unit.bdcdyh,
      zl: unit.zl,
      yt: unit.yt,
      mj: unit.mj,
      dyList: unit.mortgages.map(({ dyqr, zgzqse }) => ({ dyqr, zgzqse })),
    },
  };
}
