import {
  FULFILMENT_ALREADY_ANSWERED,
  FULFILMENT_FIELD_REQUIRED,
  FULFILMENT_KINDS,
  FULFILMENT_UPLOAD_NOT_PDF,
  FULFILMENT_UPLOAD_UNREADABLE,
  FULFILMENT_WRONG_ANSWER,
  NO_DATA_MESSAGE,
  type FulfilmentAnswer,
  type FulfilmentItem,
  type FulfilmentKind,
  type FulfilmentRecord,
  FULFILMENT_QUEUE_MAX,
  FULFILMENT_KIND_LABELS,
  LIST_PAGE_SIZES,
  type FULFILMENT_QUEUE_SORTS,
  type ListOrder,
} from '@hall/api/internal';
import { maskMobileNumber, maskPersonName, QUERY_STATE_NOT_FOUND, queryRecordStateText } from '@hall/domain';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { HallContext } from '../../../context';
import type { Transaction } from '../../../db/client';
import { queryRecords, users } from '../../../db/schema';
import { maskIdNumber, PROOF_SIGNING_REASONS, PROOF_TITLES, type ProofKind } from '../../../documents/certificate-proof';
import { PDF_MAGIC } from '../../../documents/pdf-verifier';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { listOrderBy } from '../../../lib/list-order';
import { firstRowById } from '../../../lib/row-id';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { archiveOutcome } from '../archive/archive-queries';
import { propertyOutcome } from '../archive/property-queries';
import { recordAudit, type AuditActor } from '../../operators/audit';
import type { QueryRecordRow } from '../records/query-records';
import { certificateProofOutcome, FOUND_MESSAGE, storeRecordDocument, type Outcome } from './query-resolver';
import { notifyCitizen } from '../../notifications/outbox';
import { queryAnsweredNotice } from '../../notifications/notices';

const PENDING_STATES = [0, 10];
const DOCUMENT_KINDS: readonly string[] = ['zs', 'dzzz'];
export const FULFIL_ACTION = 'query.fulfil';

export const KIND_LABELS: Readonly<Record<FulfilmentKind, string>> = FULFILMENT_KIND_LABELS;

/** A queue holds what the operators on duty work through; this only bounds a runaway one. */

/** Who the record asks about (the owner the registry would match) and the certificate number, by kind. */
function ownerOf(row: QueryRecordRow): { name: string; idcard: string; qzh: string } {
  const p = row.params;
  if (row.kind === 'archive') return { name: p.qlrname ?? '', idcard: p.qlrcode ?? '', qzh: '' };
  if (row.kind === 'property') return { name: p.name ?? '', idcard: p.idcard ?? '', qzh: p.qlrqzh ?? '' };
  return { name: p.username ?? '', idcard: p.zjh ?? '', qzh: p.qzh ?? '' };
}

/** What the citizen asked, as lines to show; ID numbers and phones masked. */
function askedLines(row: QueryRecordRow): Array<{ label: string; value: string }> {
  const p = row.params;
  const owner = ownerOf(row);
  const lines = [
    { label: '权利人', value: owner.name },
    { label: '身份证号', value: maskIdNumber(owner.idcard) },
    ...(owner.qzh ? [{ label: '不动产权证号', value: owner.qzh }] : []),
    ...(p.xzqmc ? [{ label: '所在地区', value: p.xzqmc }] : []),
    ...(p.qlrphone ? [{ label: '联系电话', value: maskMobileNumber(p.qlrphone) }] : []),
    ...(p.sqdh ? [{ label: '申请单号', value: p.sqdh }] : []),
  ];
  return lines.filter((line) => line.value);
}

/** The registry's tries of a record as 查询办理 shows them; no next try without a back-office, or past the retry window. */
function triesOf(hall: HallContext, row: QueryRecordRow): Pick<FulfilmentItem, 'attempts' | 'lastError' | 'lastTriedAt' | 'nextTryAt'> {
  const retrying = hall.certificateRegistry.answers && row.nextAttemptAt !== null && PENDING_STATES.includes(row.state);
  return {
    attempts: row.attempts,
    lastError: row.lastError ?? '',
    lastTriedAt: row.lastAttemptAt ? formatShanghaiDateTime(row.lastAttemptAt) : '',
    nextTryAt: retrying ? formatShanghaiDateTime(row.nextAttemptAt!) : '',
  };
}

function toItem(hall: HallContext, row: QueryRecordRow, citizen: { name: string; cardnum: string } | null): FulfilmentItem {
  return {
    id: String(row.id),
    kind: row.kind as FulfilmentKind,
    kindLabel: KIND_LABELS[row.kind as FulfilmentKind],
    askedAt: formatShanghaiDateTime(row.createdAt),
    citizenName: citizen?.name ?? '',
    citizenIdcard: citizen?.cardnum ? maskIdNumber(citizen.cardnum) : '',
    asked: askedLines(row),
    ...triesOf(hall, row),
  };
}

function toRecord(hall: HallContext, row: QueryRecordRow, citizen: { name: string; cardnum: string } | null): FulfilmentRecord {
  const owner = ownerOf(row);
  return {
    ...toItem(hall, row, citizen),
    state: row.state,
    stateMsg: row.stateMsg,
    pending: PENDING_STATES.includes(row.state),
    ownerName: owner.name,
    ownerIdcard: maskIdNumber(owner.idcard),
    qzh: owner.qzh,
  };
}

/** How 查询办理 asks for its queue: one kind or all, a page of it or the whole, and the column sorted. */
export interface FulfilmentQueueAsk {
  kind?: FulfilmentKind | undefined;
  /** From 1; left out, the whole queue (at most FULFILMENT_QUEUE_MAX). */
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: (typeof FULFILMENT_QUEUE_SORTS)[number] | undefined;
  order?: ListOrder | undefined;
}

/**
 * The records waiting for an operator, oldest first, or by the column sorted. Without a back-office every pending record of
 * the four kinds waits here; with one, those it failed to answer (tried at least once), since the
 * rest are answered in moments. They stay here while the resolver tries again and after its retry
 * window (services/queries/fulfilment/registry-retry.ts), until the registry or an operator answers them.
 */
export async function listFulfilmentQueue(hall: HallContext, ask: FulfilmentQueueAsk = {}): Promise<{ items: FulfilmentItem[]; total: number; pageSize: number }> {
  const waiting = and(
    inArray(queryRecords.state, PENDING_STATES),
    inArray(queryRecords.kind, ask.kind ? [ask.kind] : [...FULFILMENT_KINDS]),
    hall.certificateRegistry.answers ? gt(queryRecords.attempts, 0) : undefined,
  );
  const pageSize = ask.page === undefined ? FULFILMENT_QUEUE_MAX : (ask.pageSize ?? LIST_PAGE_SIZES[0]);
  const [rows, [counted]] = await Promise.all([
    hall.db
      .select({ row: queryRecords, name: users.name, cardnum: users.cardnum })
      .from(queryRecords)
      .leftJoin(users, eq(users.openid, queryRecords.openid))
      .where(waiting)
      .orderBy(
        ...listOrderBy(
          ask.sort,
          ask.order,
          { askedAt: queryRecords.createdAt, kind: queryRecords.kind },
          [asc(queryRecords.createdAt), asc(queryRecords.id)],
          [asc(queryRecords.createdAt), asc(queryRecords.id)],
        ),
      )
      .limit(pageSize)
      .offset(((ask.page ?? 1) - 1) * pageSize),
    hall.db.select({ n: count() }).from(queryRecords).where(waiting),
  ]);
  const items = rows.map(({ row, name, cardnum }) => toItem(hall, row, name === null ? null : { name, cardnum: cardnum ?? '' }));
  return { items, total: counted!.n, pageSize };
}

async function findRecord(hall: HallContext, id: string): Promise<{ row: QueryRecordRow; citizen: { name: string; cardnum: string } | null }> {
  const found = await firstRowById(id, (rowId) =>
    hall.db
      .select({ row: queryRecords, name: users.name, cardnum: users.cardnum })
      .from(queryRecords)
      .leftJoin(users, eq(users.openid, queryRecords.openid))
      .where(and(eq(queryRecords.id, rowId), inArray(queryRecords.kind, [...FULFILMENT_KINDS]))),
  );
  if (!found) throw notFound(NO_DATA_MESSAGE);
  return { row: found.row, citizen: found.name === null ? null : { name: found.name, cardnum: found.cardnum ?? '' } };
}

/** One record of the four kinds, pending or answered. */
export async function readFulfilmentRecord(hall: HallContext, id: string): Promise<FulfilmentRecord> {
  const { row, citizen } = await findRecord(hall, id);
  return toRecord(hall, row, citizen);
}

const blank = (value: string) => !value.trim();

/** What an answer sets on the record: the kind's 未查到, or its found result (a zs or dzzz proof rendered, signed and stored). */
async function outcomeOf(hall: HallContext, tx: Transaction, row: QueryRecordRow, answer: FulfilmentAnswer, created: string[]): Promise<Outcome> {
  const kind = row.kind as FulfilmentKind;
  if (answer.type === 'notFound') {
    if (kind === 'archive') return archiveOutcome([]);
    if (kind === 'property') return propertyOutcome(null);
    return { state: Number(QUERY_STATE_NOT_FOUND), stateMsg: queryRecordStateText(QUERY_STATE_NOT_FOUND) };
  }
  if (answer.type === 'certificate' && DOCUMENT_KINDS.includes(kind)) {
    const entered = answer.certificate;
    if ([entered.qzh, entered.bdcdyh, entered.zl, entered.yt, entered.mj].some(blank)) throw badRequest(FULFILMENT_FIELD_REQUIRED);
    const owner = ownerOf(row);
    const certificate = {
      qzh: entered.qzh.trim(),
      bdcdyh: entered.bdcdyh.trim(),
      zl: entered.zl.trim(),
      yt: entered.yt.trim(),
      mj: entered.mj.trim(),
      ownerName: owner.name,
      ownerIdcard: owner.idcard,
      xzqdm: row.params.xzqdm ?? '',
      extra: {},
    };
    return certificateProofOutcome(hall, tx, row, certificate, created);
  }
  if (answer.type === 'archive' && kind === 'archive') {
    const properties = answer.properties.map((entry) => ({ ...entry, dyxx: entry.dyxx.trim() || '无', cfxx: entry.cfxx.trim() || '无' }));
    if (properties.some((entry) => [entry.bdcqzh, entry.bdcdyh, entry.zl, entry.yt, entry.mj].some(blank))) throw badRequest(FULFILMENT_FIELD_REQUIRED);
    return archiveOutcome(properties);
  }
  if (answer.type === 'property' && kind === 'property') {
    const { unit } = answer;
    if ([unit.bdcdyh, unit.zl, unit.yt, unit.mj].some(blank)) throw badRequest(FULFILMENT_FIELD_REQUIRED);
    return propertyOutcome(unit);
  }
  throw badRequest(FULFILMENT_WRONG_ANSWER);
}

/**
 * Works out an answer and writes it in one transaction: the record changes only while still pending
 * (a conditional UPDATE … WHERE state IN (0, 10)), so of two operators answering at once, or an
 * operator and the resolver, exactly one answer is kept; the loser's document is removed and the
 * operator told. The audit entry lands with the change.
 */
async function fulfil(
  hall: HallContext,
  actor: AuditActor,
  id: string,
  how: string,
  outcomeFor: (tx: Transaction, row: QueryRecordRow, created: string[]) => Promise<Outcome>,
): Promise<FulfilmentRecord> {
  const { row, citizen } = await findRecord(hall, id);
  if (!PENDING_STATES.includes(row.state)) throw conflict(FULFILMENT_ALREADY_ANSWERED);
  const created: string[] = [];
  try {
    const updated = await hall.db.transaction(async (tx) => {
      const outcome = await outcomeFor(tx, row, created);
      const [changed] = await tx
        .update(queryRecords)
        .set({ ...outcome, resolvedAt: new Date(), nextAttemptAt: null })
        .where(and(eq(queryRecords.id, row.id), inArray(queryRecords.state, PENDING_STATES)))
        .returning();
      if (!changed) throw conflict(FULFILMENT_ALREADY_ANSWERED);
      await notifyCitizen(tx, queryAnsweredNotice(changed, changed.state !== Number(QUERY_STATE_NOT_FOUND)));
      await recordAudit(tx, actor, {
        action: FULFIL_ACTION,
        target: `query:${row.id}`,
        before: { state: row.state, stateMsg: row.stateMsg },
        after: {
          state: changed.state,
          stateMsg: changed.stateMsg,
          answer: how,
          ...(changed.fileId ? { fileId: changed.fileId } : {}),
          ...(changed.result ? { result: auditedResult(changed.result) } : {}),
        },
      });
      return changed;
    });
    return toRecord(hall, updated, citizen);
  } catch (error) {
    // Nothing of a lost or failed answer stays: the transaction rolled back, and its document goes too.
    for (const key of created) await hall.files.remove(key).catch(() => {});
    throw error;
  }
}

/** answerFulfilmentRecord: 未查到, or the result entered by the operator. */
export function answerFulfilmentRecord(hall: HallContext, actor: AuditActor, id: string, answer: FulfilmentAnswer): Promise<FulfilmentRecord> {
  return fulfil(hall, actor, id, answer.type, (tx, row, created) => outcomeOf(hall, tx, row, answer, created));
}

/**
 * uploadFulfilmentDocument: a zs or dzzz record answered with the operator's PDF, which must really
 * be one (its first bytes, and it must read whole within the caps) and is signed by the hall before
 * the citizen sees it, like every document the hall hands out. The record is checked first: nothing
 * of a file for a record of another kind, or one already answered, is read. The file is read and laid
 * out only in the PDF worker (documents/foreign-pdfs.ts).
 */
export async function answerWithUploadedDocument(hall: HallContext, actor: AuditActor, id: string, pdf: Buffer): Promise<FulfilmentRecord> {
  const { row } = await findRecord(hall, id);
  if (!DOCUMENT_KINDS.includes(row.kind)) throw badRequest(FULFILMENT_WRONG_ANSWER);
  if (!PENDING_STATES.includes(row.state)) throw conflict(FULFILMENT_ALREADY_ANSWERED);
  if (!pdf.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw badRequest(FULFILMENT_UPLOAD_NOT_PDF);
  const kind = row.kind as ProofKind;
  // Signed before anything is written: a file that starts like a PDF but cannot be read (cut short, encrypted, garbage, over the caps) is refused here.
  const signed = await hall.foreignPdfs.sign(pdf, { reason: PROOF_SIGNING_REASONS[kind] });
  if (!signed) throw badRequest(FULFILMENT_UPLOAD_UNREADABLE);
  return fulfil(hall, actor, id, 'upload', async (tx, current, created) => {
    const owner = ownerOf(current);
    const fileId = await storeRecordDocument(hall, tx, current, { pdf: signed, fileName: `${PROOF_TITLES[kind]}-${current.id}.pdf` }, created);
    return { state: 20, stateMsg: FOUND_MESSAGE, fileId, result: { qzh: owner.qzh, qlr: owner.name, zjh: maskIdNumber(owner.idcard), xzqdm: current.params.xzqdm ?? '' } };
  });
}

/** A result as the audit trail keeps it: the trail is never rewritten, so the owner's name goes in masked, as the ID number already is. */
function auditedResult(result: Record<string, unknown>): Record<string, unknown> {
  return typeof result.qlr === 'string' ? { ...result, qlr: maskPersonName(result.qlr) } : result;
}
