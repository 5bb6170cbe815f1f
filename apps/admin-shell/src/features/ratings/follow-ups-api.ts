import { errcodeOk, replyMessage, type RatingFollowUpItem } from '@hall/api/browser';
import { RATING_MESSAGES } from '@hall/domain';
import { LOAD_FAILED_TRY_LATER, NotFoundError } from '@hall/app';
import { api } from '../../lib/hall';

export interface FollowUpPage {
  items: RatingFollowUpItem[];
  total: number;
  open: number;
  pageSize: number;
}

/** A page of the follow-ups of the operator's roles, open first by deadline. Throws the server's message. */
export async function loadFollowUps(page: number, onlyOpen: boolean): Promise<FollowUpPage> {
  const reply = await api.listRatingFollowUps({ page, only: onlyOpen ? 'open' : undefined });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** One follow-up. Throws NotFoundError for an unknown one or another role's, else the server's message. */
export async function loadFollowUp(id: string): Promise<RatingFollowUpItem> {
  const reply = await api.getRatingFollowUp({ id });
  if (errcodeOk(reply) && reply.data) return reply.data;
  const message = replyMessage(reply, LOAD_FAILED_TRY_LATER);
  throw message === RATING_MESSAGES.followUpNotFound ? new NotFoundError(message) : new Error(message);
}

/** The answer; the follow-up as answered, or the server's message (empty, too long, already answered …). */
export async function sendAnswer(id: string, answer: string): Promise<{ item: RatingFollowUpItem } | { problem: string }> {
  const reply = await api.answerRatingFollowUp({ id, answer });
  return errcodeOk(reply) && reply.data ? { item: reply.data } : { problem: replyMessage(reply, '答复失败，请稍后重试') };
}
