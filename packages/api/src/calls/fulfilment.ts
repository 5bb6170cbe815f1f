import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText, text } from '../common';
import { bareRequest, listOrder, listPageSize, listSort } from './shared/requests';
import { pagedReply } from './shared/replies';
import { FULFILMENT_QUEUE_SORTS } from '../console-limits';

/**
 * Query fulfilment in the console (docs/architecture.md §6, §12), for operators with the 窗口人员 role. Without
 * a registry back-office, certificate, licence, archive and property queries wait here for an
 * operator; with one, the queries it failed to answer do. The operator answers 未查到 or with the
 * result: a certificate proof the hall renders and signs from what the operator enters, an uploaded
 * PDF the hall signs, the archive's certificates, or the property unit. The citizen then sees the
 * record found (state 20) in their own lists, as if the registry had answered.
 *
 * The retry rule (the same in docs/registry-openapi.yaml and apps/server/README.md, "Registry
 * outages"): a try the registry fails — a 5xx, refused credentials, no answer within
 * REGISTRY_TIMEOUT_MS, no connection, a reply that does not follow the interface — is no answer.
 * The query stays pending (查询中 for the citizen, who is told nothing else) and is listed here with
 * its tries, last error and next try, while the hall tries again with exponential backoff
 * (HALL_REGISTRY_RETRY_FIRST_MS, doubling, at most HALL_REGISTRY_RETRY_MAX_MS apart) for
 * HALL_REGISTRY_RETRY_HOURS (24 by default) after it was asked. An operator may answer it at any
 * time, during the tries or after them. After the window the registry is not asked again and the
 * query stays here, pending, until an operator answers it: it is never closed as failed. Only a real
 * answer — the registry's found or not found, or an operator's — reaches the citizen.
 */

export const FULFILMENT_KINDS = ['zs', 'dzzz', 'archive', 'property'] as const;
export const fulfilmentKind = z.enum(FULFILMENT_KINDS);
export type FulfilmentKind = z.infer<typeof fulfilmentKind>;

/** One line of what the citizen asked, ready to show: 不动产权证号 …, ID numbers masked. */
export const askedLine = z.object({ label: z.string(), value: z.string() });

/** A pending query as the queue lists it. askedAt: YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const fulfilmentItem = z.object({
  id: z.string(),
  kind: fulfilmentKind,
  /** 不动产权证书查询, 电子证照查询, 查档, 不动产信息查询. */
  kindLabel: z.string(),
  askedAt: z.string(),
  /** The citizen who asked: the profile's name and masked ID number ('' when not filled in). */
  citizenName: z.string(),
  citizenIdcard: z.string(),
  asked: z.array(askedLine),
  /** Tries the registry made and failed (0 without a back-office). */
  attempts: z.number(),
  /** What went wrong at the last failed try, as the hall's registry client words it ('' when none failed). */
  lastError: z.string(),
  /** When the last failed try was, YYYY-MM-DD HH:mm:ss ('' when none failed). */
  lastTriedAt: z.string(),
  /** When the registry is asked again; '' when it is not (no back-office, or the retry window has ended: the operators answer). */
  nextTryAt: z.string(),
});
export type FulfilmentItem = z.infer<typeof fulfilmentItem>;

/**
 * One record opened: its state now, and what the answer form starts with — the owner the citizen
 * named (the proof is issued for that person only, as the registry matches name, ID and number)
 * and the certificate number asked about.
 */
export const fulfilmentRecord = fulfilmentItem.extend({
  state: z.number(),
  stateMsg: z.string(),
  pending: z.boolean(),
  ownerName: z.string(),
  ownerIdcard: z.string(),
  qzh: z.string(),
});
export type FulfilmentRecord = z.infer<typeof fulfilmentRecord>;

const field = (max: number) => plainText(max);

/** The certificate lines the operator enters for a zs or dzzz proof; the owner is the one the citizen named. */
export const enteredCertificate = z.object({
  qzh: field(100),
  bdcdyh: field(64),
  zl: field(200),
  yt: field(50),
  mj: field(30),
});
export type EnteredCertificate = z.infer<typeof enteredCertificate>;

/** The property unit of a property query (不动产信息查询), with its mortgages. */
export const enteredUnit = enteredCertificate.omit({ qzh: true }).extend({
  mortgages: z
    .array(z.object({ dyqr: field(100), zgzqse: field(30) }))
    .max(20)
    .default([]),
});
export type EnteredUnit = z.infer<typeof enteredUnit>;

/** One line of an archive certificate (查档), as the archive query shows it (ArchiveProperty). */
export const enteredArchiveProperty = enteredCertificate.omit({ qzh: true }).extend({
  bdcqzh: field(100),
  /** Mortgages and seizures as short text; 无 when left blank. */
  dyxx: field(200).default(''),
  cfxx: field(200).default(''),
});

/** How the operator answers: 未查到 (any kind), or the result its kind takes. */
export const fulfilmentAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notFound') }),
  z.object({ type: z.literal('certificate'), certificate: enteredCertificate }),
  z.object({ type: z.literal('archive'), properties: z.array(enteredArchiveProperty).min(1).max(50) }),
  z.object({ type: z.literal('property'), unit: enteredUnit }),
]);
export type FulfilmentAnswer = z.infer<typeof fulfilmentAnswer>;

const recordId = text(20);

/** The most of the queue one answer holds when no page is asked for (the whole queue, as it always was). */
export const FULFILMENT_QUEUE_MAX = 500;

export const fulfilmentCalls = {
  /**
   * The queries waiting for an operator, oldest first, or by the column sorted (order, ascending when
   * left out); kind narrows to one kind. Without page, the whole queue (at most FULFILMENT_QUEUE_MAX);
   * with it, that page of pageSize (default the first of LIST_PAGE_SIZES). total counts the whole queue.
   */
  listFulfilmentQueue: post(
    '/online/admin/api/fulfilment/list',
    bareRequest.extend({
      kind: fulfilmentKind.optional(),
      page: z.number().int().min(1).max(100_000).optional(),
      pageSize: listPageSize,
      sort: listSort(FULFILMENT_QUEUE_SORTS),
      order: listOrder,
    }),
    pagedReply(fulfilmentItem),
  ),
  /** One record of the four kinds, pending or answered; any other answers 查询无数据. */
  getFulfilmentRecord: post('/online/admin/api/fulfilment/get', bareRequest.extend({ id: recordId }), errcodeReply(fulfilmentRecord)),
  /**
   * Answers a pending record: 21 with the spec's 未查到 text, or 20 with the result (a zs or dzzz
   * proof is rendered in the hall's layout and signed). Only a record still pending changes: of two
   * operators at once, one wins and the other is told FULFILMENT_ALREADY_ANSWERED.
   */
  answerFulfilmentRecord: post('/online/admin/api/fulfilment/answer', bareRequest.extend({ id: recordId, answer: fulfilmentAnswer }), errcodeReply(fulfilmentRecord)),
  /**
   * Answers a pending zs or dzzz record with a PDF (multipart: id, Filedata): a real PDF of at most
   * FULFILMENT_UPLOAD_MAX_BYTES, which the hall signs before the citizen sees it.
   */
  uploadFulfilmentDocument: post('/online/admin/api/fulfilment/upload', bareRequest.extend({ id: recordId, Filedata: z.instanceof(Blob) }), errcodeReply(fulfilmentRecord), { multipart: true }),
} as const;
