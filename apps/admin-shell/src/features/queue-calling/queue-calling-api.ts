import { errcodeOk, replyMessage, type QueueBoard, type QueueBoardNumber } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';
import { api } from '../../lib/hall';

export interface CallingHall {
  id: string;
  name: string;
  groups: { id: string; name: string; prefix: string }[];
}

export async function loadCallingGroups(): Promise<CallingHall[]> {
  const reply = await api.listQueueCallingGroups({});
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

export async function loadBoard(groupId: string): Promise<QueueBoard> {
  const reply = await api.getQueueBoard({ groupId });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

export type CallAction = { kind: 'next'; groupId: string; window: number } | { kind: 'recall'; id: string; window: number } | { kind: 'serve' | 'skip' | 'finish'; id: string };

/** One calling action; answers the number with what the hall said, or the refusal. */
export async function runCall(action: CallAction): Promise<{ number: QueueBoardNumber; message: string } | { problem: string }> {
  const reply =
    action.kind === 'next'
      ? await api.callNextQueueNumber({ groupId: action.groupId, window: action.window })
      : action.kind === 'recall'
        ? await api.recallQueueNumber({ id: action.id, window: action.window })
        : action.kind === 'serve'
          ? await api.serveQueueNumber({ id: action.id })
          : action.kind === 'skip'
            ? await api.skipQueueNumber({ id: action.id })
            : await api.finishQueueNumber({ id: action.id });
  return errcodeOk(reply) && reply.data ? { number: reply.data, message: reply.errmsg ?? '' } : { problem: replyMessage(reply, '操作失败，请稍后重试') };
}
