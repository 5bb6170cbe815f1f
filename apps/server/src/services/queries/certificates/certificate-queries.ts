import type { CertificateQueryForm, QueryCity } from '@hall/api';
import { MESSAGE_COMPLETE_USER_INFO, MESSAGE_NOT_REAL_NAME_VERIFIED, normalizeIdNumber, normalizeTypedNumber, queryRecordStateText, validateCertificateQuery } from '@hall/domain/internal';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { queryCities, queryRecords } from '../../../db/schema';
import { badRequest, forbidden } from '../../../lib/errors';
import { requireUser } from '../../session/users';

/** The two queries of the certificate pages: zs (不动产证书查询) and dzzz (电子证照查询). */
export type CertificateQueryKind = 'zs' | 'dzzz';

export const NOT_OWN_PROPERTY = '只能查询本人名下的不动产，姓名和身份证号须与个人信息一致';
export const CITY_NOT_OFFERED = '所选城市不在查询范围内，请重新选择';

/** The city selector (xzqs). */
export async function listQueryCities(db: Database): Promise<QueryCity[]> {
  const rows = await db.select().from(queryCities).orderBy(asc(queryCities.sort), asc(queryCities.xzqdm));
  return rows.map((row) => ({ xzqMc: row.xzqmc, xzqBm: row.xzqdm }));
}

/**
 * Submits a certificate or licence query for the session user: the screen's rule and messages,
 * then the city must be one the hall offers, the name and ID must be the user's own profile's
 * (the screen shows them prefilled and disabled), and the licence query needs real-name
 * verification (the spec has it run face verification first). A pending record (state 0) is
 * written; the resolver answers it.
 */
export async function submitCertificateQuery(db: Database, openid: string, kind: CertificateQueryKind, form: CertificateQueryForm): Promise<string> {
  // A phone keyboard's full-width （２０２３） is the registry's (2023): numbers are brought to that form before the rule and the lookup.
  const idcard = form.zjh === undefined ? undefined : normalizeIdNumber(String(form.zjh));
  const failure = validateCertificateQuery({ city: form.xzqmc, name: form.username, idNumber: idcard, certificateNumber: form.qzh });
  const qzh = normalizeTypedNumber(String(form.qzh));
  if (failure) throw badRequest(failure);
  const name = String(form.username).trim();

  const cityName = String(form.xzqmc).trim();
  const cityCode = form.xzqdm === undefined ? '' : String(form.xzqdm).trim();
  const [city] = await db
    .select()
    .from(queryCities)
    .where(cityCode ? eq(queryCities.xzqdm, cityCode) : eq(queryCities.xzqmc, cityName));
  if (!city || city.xzqmc !== cityName) throw badRequest(CITY_NOT_OFFERED);

  const user = await requireUser(db, openid);
  if (!user.name || !user.cardnum) throw badRequest(MESSAGE_COMPLETE_USER_INFO);
  if (user.name.trim() !== name || normalizeIdNumber(user.cardnum) !== idcard) throw forbidden(NOT_OWN_PROPERTY);
  if (kind === 'dzzz' && user.realNameAuth !== 1) throw forbidden(MESSAGE_NOT_REAL_NAME_VERIFIED);

  const [row] = await db
    .insert(queryRecords)
    .values({
      openid,
      kind,
      params: { username: name, zjh: idcard, qzh, xzqmc: city.xzqmc, xzqdm: city.xzqdm },
      state: 0,
      stateMsg: queryRecordStateText(0),
    })
    .returning({ id: queryRecords.id });
  return String(row!.id);
}
