import type { ArchiveProperty, ArchiveQueryForm, ArchiveRecordDetail, ArchiveRecordItem } from '@hall/api';
import {
  ARCHIVE_QUERY_MESSAGES,
  archiveAcceptanceNumber,
  isArchiveRecordReturned,
  normalizeIdNumber,
  QUERY_STATE_FOUND,
  QUERY_STATE_NOT_FOUND,
  queryRecordStateText,
  regionName,
  VALIDATION_MESSAGES,
} from '@hall/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RegistryCertificate } from '../../../adapters/registry/registry';
import type { HallContext } from '../../../context';
import type { Database } from '../../../db/client';
import { queryRecords } from '../../../db/schema';
import type { ArchiveCertificateInput } from '../../../documents/archive-certificate';
import { badRequest, forbidden } from '../../../lib/errors';
import { formatShanghaiDate, formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { takeArchiveStep } from './archive-steps';
import type { Citizen } from '../../session/face-checks';
import { requireOwnRecord, type QueryRecordRow } from '../records/query-records';
import { requireUser } from '../../session/users';

/** The kind of the archive requests in query_records. */
export const ARCHIVE_KIND = 'archive';

export const ARCHIVE_FOUND_MESSAGE = '已查询到不动产登记记录';
export const ARCHIVE_NONE_MESSAGE = '未查询到不动产登记记录';

/**
 * sentquerycert: the request for the session's citizen, after the code and the face check
 * (takeArchiveStep enforces the order). Name, ID number and phone must be the profile's; the
 * district is the one sent, else the profile's. A pending record (state 0) is written with its
 * acceptance number; the resolver answers it.
 */
export async function requestArchiveQuery(db: Database, citizen: Citizen, form: ArchiveQueryForm): Promise<{ certId: string; sqdh: string }> {
  const user = await requireUser(db, citizen.openid);
  if (!user.name.trim() || !user.cardnum.trim()) throw badRequest(VALIDATION_MESSAGES.realNameIncomplete);
  const name = String(form.qlrname ?? '').trim();
  const idcard = normalizeIdNumber(String(form.qlrcode ?? ''));
  if (name !== user.name.trim() || idcard !== normalizeIdNumber(user.cardnum)) throw forbidden(ARCHIVE_QUERY_MESSAGES.notOwn);
  if (String(form.qlrphone ?? '').trim() !== user.phone.trim()) throw forbidden(ARCHIVE_QUERY_MESSAGES.phoneNotOwn);
  const xzqdm = String(form.xzqdm ?? '').trim() || user.xzqdm;
  const xzqmc = String(form.xzqmc ?? '').trim() || regionName(xzqdm) || '';

  return takeArchiveStep(db, citizen, form.bsm === undefined ? undefined : String(form.bsm), async (tx, step) => {
    const [row] = await tx
      .insert(queryRecords)
      .values({
        openid: citizen.openid,
        kind: ARCHIVE_KIND,
        params: { qlrname: name, qlrcode: idcard, qlrphone: step.phone, xzqmc, xzqdm, bsm: step.bsm },
        state: 0,
        stateMsg: queryRecordStateText(0),
      })
      .returning({ id: queryRecords.id, createdAt: queryRecords.createdAt });
    const sqdh = archiveAcceptanceNumber(row!.id, formatShanghaiDate(row!.createdAt));
    await tx
      .update(queryRecords)
      .set({ params: sql`${queryRecords.params} || ${JSON.stringify({ sqdh })}::jsonb` })
      .where(eq(queryRecords.id, row!.id));
    return { certId: String(row!.id), sqdh, recordId: row!.id };
  });
}

export function toArchiveItem(row: QueryRecordRow): ArchiveRecordItem {
  return {
    certId: String(row.id),
    sqdh: row.params.sqdh ?? '',
    qlrname: row.params.qlrname ?? '',
    searchtime: formatShanghaiDateTime(row.createdAt),
    state: row.state,
    state_msg: row.stateMsg,
  };
}

function propertiesOf(row: QueryRecordRow): ArchiveProperty[] {
  const properties = row.result?.properties;
  return Array.isArray(properties) ? (properties as ArchiveProperty[]) : [];
}

export function toArchiveDetail(row: QueryRecordRow): ArchiveRecordDetail {
  return { ...toArchiveItem(row), qlrcode: row.params.qlrcode ?? '', xzqmc: row.params.xzqmc ?? '', properties: propertiesOf(row) };
}

/** The citizen's requests, newest first; with a code, only the request of that acceptance number. */
export async function listArchiveRecords(db: Database, openid: string, code?: string): Promise<ArchiveRecordItem[]> {
  const wanted = code?.trim().toUpperCase();
  const rows = await db
    .select()
    .from(queryRecords)
    .where(and(eq(queryRecords.openid, openid), eq(queryRecords.kind, ARCHIVE_KIND), wanted ? sql`${queryRecords.params}->>'sqdh' = ${wanted}` : undefined))
    .orderBy(desc(queryRecords.createdAt), desc(queryRecords.id))
    .limit(500);
  return rows.map(toArchiveItem);
}

/** One of the citizen's own requests; another citizen's is not found. */
export function requireOwnArchiveRecord(db: Database, openid: string, id: string | number): Promise<QueryRecordRow> {
  return requireOwnRecord(db, openid, id, [ARCHIVE_KIND]);
}

/** A request the registry has returned (20 or 21): only those have a certificate. */
export async function requireReturnedArchiveRecord(db: Database, openid: string, id: string | number): Promise<QueryRecordRow> {
  const row = await requireOwnArchiveRecord(db, openid, id);
  if (!isArchiveRecordReturned(row.state)) throw badRequest(ARCHIVE_QUERY_MESSAGES.notReturned);
  return row;
}

/** What the certificate of a returned request prints. */
export function archiveCertificateInput(row: QueryRecordRow): ArchiveCertificateInput {
  return {
    sqdh: row.params.sqdh ?? '',
    name: row.params.qlrname ?? '',
    idcard: row.params.qlrcode ?? '',
    xzqmc: row.params.xzqmc ?? '',
    queriedAt: formatShanghaiDateTime(row.resolvedAt ?? row.createdAt),
    properties: propertiesOf(row),
  };
}

function describeList(items: unknown, describe: (item: Record<string, unknown>) => string): string {
  const list = Array.isArray(items) ? (items as Array<Record<string, unknown>>) : [];
  return list.length ? list.map(describe).join('；') : '无';
}

/** A registry certificate as the certificate's table shows it. */
export function toArchiveProperty(certificate: RegistryCertificate): ArchiveProperty {
  return {
    bdcqzh: certificate.qzh,
    bdcdyh: certificate.bdcdyh,
    zl: certificate.zl,
    yt: certificate.yt,
    mj: certificate.mj,
    dyxx: describeList(certificate.extra.mortgages, (m) => (m.zgzqse ? `${String(m.dyqr ?? '')}（${String(m.zgzqse)}万元）` : String(m.dyqr ?? ''))),
    cfxx: describeList(certificate.extra.seizures, (s) => String(s.cfjg ?? s.name ?? '已查封')),
  };
}

/** The resolver's answer to an archive request: 20 with the person's properties, 21 when the registry holds none. */
export async function resolveArchiveRecord(hall: HallContext, row: QueryRecordRow): Promise<{ state: number; stateMsg: string; result: Record<string, unknown> }> {
  const certificates = await hall.certificateRegistry.listCertificatesOf({ name: row.params.qlrname ?? '', idcard: row.params.qlrcode ?? '' });
  return archiveOutcome(certificates.map(toArchiveProperty));
}

/** An answered archive request: 20 with the person's properties, 21 with none (the registry's, or an operator's). */
export function archiveOutcome(properties: ArchiveProperty[]): { state: number; stateMsg: string; result: Record<string, unknown> } {
  return properties.length
    ? { state: Number(QUERY_STATE_FOUND), stateMsg: ARCHIVE_FOUND_MESSAGE, result: { properties } }
    : { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: ARCHIVE_NONE_MESSAGE, result: { properties: [] } };
}
