import { errcodeOk, NO_DATA_MESSAGE, replyMessage, type FEEDBACK_INBOX_SORTS, type InboxFeedbackDetail, type InboxFeedbackItem } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER, NotFoundError } from '@hall/app';
import { api } from '../../lib/hall';
import { listAskOf, type TableState } from '../../lib/table-state';

export interface InboxPage {
  items: InboxFeedbackItem[];
  total: number;
  waiting: number;
  pageSize: number;
}

/** A page of the inbox, unanswered first unless the table sorts it. Throws the server's message. */
export async function loadInbox(table: TableState, search: string, onlyWaiting: boolean): Promise<InboxPage> {
  const ask = listAskOf<(typeof FEEDBACK_INBOX_SORTS)[number]>(table);
  const reply = await api.listInboxFeedback({ ...ask, search: search || undefined, only: onlyWaiting ? 'waiting' : undefined });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** One item with its citizen. Throws NotFoundError for an unknown one, else the server's message. */
export async function loadFeedback(id: string): Promise<InboxFeedbackDetail> {
  const reply = await api.getInboxFeedback({ id });
  if (errcodeOk(reply) && reply.data) return reply.data;
  const message = replyMessage(reply, LOAD_FAILED_TRY_LATER);
  throw message === NO_DATA_MESSAGE ? new NotFoundError(message) : new Error(message);
}

/** The reply; answers the item as replied, or the server's message (empty, too long, already replied …). */
export async function sendReply(id: string, text: string): Promise<{ item: InboxFeedbackDetail } | { problem: string }> {
  const reply = await api.replyInboxFeedback({ id, reply: text });
  return errcodeOk(reply) && reply.data ? { item: reply.data } : { problem: replyMessage(reply, '回复失败，请稍后重试') };
}
