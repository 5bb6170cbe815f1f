import { errcodeOk, NO_DATA_MESSAGE, replyMessage, type FULFILMENT_QUEUE_SORTS, type FulfilmentAnswer, type FulfilmentItem, type FulfilmentKind, type FulfilmentRecord } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER, NotFoundError } from '@hall/app';
import { api } from '../../lib/hall';
import { listAskOf, type TableState } from '../../lib/table-state';

/** A page of the queries waiting for an operator, oldest first unless the table sorts them, of one kind or all. Throws the server's message. */
export async function loadQueue(table: TableState, kind: FulfilmentKind | undefined): Promise<{ items: FulfilmentItem[]; total: number }> {
  const reply = await api.listFulfilmentQueue({ ...listAskOf<(typeof FULFILMENT_QUEUE_SORTS)[number]>(table), kind });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** One record. Throws NotFoundError for an unknown one, else the server's message. */
export async function loadRecord(id: string): Promise<FulfilmentRecord> {
  const reply = await api.getFulfilmentRecord({ id });
  if (errcodeOk(reply) && reply.data) return reply.data;
  const message = replyMessage(reply, LOAD_FAILED_TRY_LATER);
  throw message === NO_DATA_MESSAGE ? new NotFoundError(message) : new Error(message);
}

export type Answered = { record: FulfilmentRecord } | { problem: string };
const FAILED = '答复失败，请稍后重试';

/** 未查到 or the entered result; answers the record as answered, or the server's message. */
export async function answer(id: string, given: FulfilmentAnswer): Promise<Answered> {
  const reply = await api.answerFulfilmentRecord({ id, answer: given });
  return errcodeOk(reply) && reply.data ? { record: reply.data } : { problem: replyMessage(reply, FAILED) };
}

/** The operator's PDF as the answer; the hall signs it. */
export async function uploadDocument(id: string, file: File): Promise<Answered> {
  const reply = await api.uploadFulfilmentDocument({ id, Filedata: file });
  return errcodeOk(reply) && reply.data ? { record: reply.data } : { problem: replyMessage(reply, FAILED) };
}
