import { errcodeOk, replyMessage, type QueueSettingsHall } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';
import { api } from '../../lib/hall';

export type HallValues = Omit<QueueSettingsHall, 'id' | 'times' | 'groups' | 'closedDays' | 'workingDays'>;
export type GroupValues = { name: string; prefix: string; remark: string; capacity: number; sort: number };

/** Every hall with its times and groups. Throws the server's message. */
export async function loadQueueSettings(): Promise<QueueSettingsHall[]> {
  const reply = await api.listQueueSettings({});
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** Saves a hall (no id: a new one); answers null when saved, else the server's message. */
export async function saveHall(id: string | undefined, values: HallValues): Promise<string | null> {
  const reply = await api.saveQueueHall({ id, ...values });
  return errcodeOk(reply) ? null : replyMessage(reply, '保存失败，请稍后重试');
}

/** Saves a group of a hall (no id: a new one); answers null when saved, else the server's message (a capacity below the numbers taken says how many). */
export async function saveGroup(comID: string, id: string | undefined, values: GroupValues): Promise<string | null> {
  const reply = await api.saveQueueGroup({ comID, id, ...values });
  return errcodeOk(reply) ? null : replyMessage(reply, '保存失败，请稍后重试');
}
