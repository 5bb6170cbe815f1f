import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText } from '../common';
import { bareRequest } from './shared/requests';
import { rowId, textId } from './shared/ids';
import { QUEUE_CALL_STATES } from '../queue-calling-limits';
import { queueCompany, queueConfig, queueGroup } from './queue';

/**
 * The console's queue halls and calling (docs/architecture.md §6): the 系统管理员 sets up halls, their times
 * and business groups with the numbers each hands out per time; the 窗口人员 works a group's day,
 * calling numbers to a window. The hall's display and the citizen's 我的取号 follow the calls.
 */

export * from '../queue-calling-limits';

const idText = textId();
const clock = plainText(5);
const windowNumber = z.number().int();

/** A business group as the console sets it up: the citizen's group with its numbers and businesses. */
export const queueSettingsGroup = queueGroup.extend({
  /** Numbers handed out per time. */
  capacity: z.number(),
  sort: z.number(),
  /** The most numbers already taken in one time from today on: capacity cannot go below it. */
  mostTaken: z.number(),
  /** The businesses the group handles (what the citizen picks from). */
  businesses: z.array(z.object({ id: z.string(), name: z.string(), sort: z.number() })),
  /** Numbers ever handed out: a group with any cannot be removed. */
  numbersEver: z.number(),
});
export type QueueSettingsGroup = z.infer<typeof queueSettingsGroup>;

/** A hall as the console sets it up: the citizen's hall with its order, configuration, times, closed days and groups. */
export const queueSettingsHall = queueCompany.extend({
  sort: z.number(),
  /** The queue configuration (strtime, endtime, addtime, yuyueabovetime, cancelyuyuetime, yuyueday), as the citizen's calls read it. */
  ...queueConfig.omit({ id: true, comID: true }).shape,
  /** The times of a day these settings give. */
  times: z.array(z.string()),
  /** Days closed besides weekends, from today on. */
  closedDays: z.array(z.object({ date: z.string(), reason: z.string() })),
  /** Weekend days the hall opens all the same (调休上班), from today on. */
  workingDays: z.array(z.object({ date: z.string(), reason: z.string() })),
  groups: z.array(queueSettingsGroup),
});
export type QueueSettingsHall = z.infer<typeof queueSettingsHall>;

const hallFields = {
  name: plainText(200),
  address: plainText(200),
  worktime: plainText(100),
  phone: plainText(40),
  sort: z.number().int(),
  strtime: clock,
  endtime: clock,
  addtime: z.number().int(),
  yuyueabovetime: z.number().int(),
  cancelyuyuetime: z.number().int(),
  yuyueday: z.number().int(),
};

const groupFields = {
  comID: idText,
  name: plainText(200),
  prefix: plainText(10),
  remark: plainText(200),
  capacity: z.number().int(),
  sort: z.number().int(),
};

/** One number of a group's day as the counter sees it: no name, no phone. */
export const queueBoardNumber = z.object({
  id: z.string(),
  number: z.string(),
  resTime: z.string(),
  callState: z.enum(QUEUE_CALL_STATES),
  /** The window it was called to, null while waiting. */
  callWindow: z.number().nullable(),
  /** HH:mm:ss of the last call, '' while waiting. */
  calledAt: z.string(),
});
export type QueueBoardNumber = z.infer<typeof queueBoardNumber>;

export const queueBoard = z.object({
  day: z.string(),
  comID: z.string(),
  groupId: z.string(),
  counts: z.object({ waiting: z.number(), called: z.number(), serving: z.number(), skipped: z.number(), done: z.number() }),
  numbers: z.array(queueBoardNumber),
});
export type QueueBoard = z.infer<typeof queueBoard>;

/** One call as the hall's display shows it. */
export const queueDisplayCall = z.object({ number: z.string(), groupName: z.string(), callWindow: z.number(), calledAt: z.string() });
export type QueueDisplayCall = z.infer<typeof queueDisplayCall>;

const ADMIN_QUEUE = '/online/admin/api/queue';

export const queueCallingCalls = {
  /** Every hall with its times and groups (系统管理员). */
  listQueueSettings: post(`${ADMIN_QUEUE}/settings`, bareRequest, errcodeReply(z.array(queueSettingsHall))),
  /** A new hall (no id) or a hall's changes; times that still hold taken numbers cannot go away. */
  saveQueueHall: post(`${ADMIN_QUEUE}/hall/save`, bareRequest.extend({ id: idText.optional(), ...hallFields }), errcodeReply(queueSettingsHall)),
  /** A new group (no id) or a group's changes; capacity below the numbers already taken in a time is refused with that count. */
  saveQueueGroup: post(`${ADMIN_QUEUE}/group/save`, bareRequest.extend({ id: idText.optional(), ...groupFields }), errcodeReply(queueSettingsHall)),
  /** The halls and their groups, for the counter's choice (窗口人员). */
  listQueueCallingGroups: post(
    `${ADMIN_QUEUE}/calling/groups`,
    bareRequest,
    errcodeReply(z.array(z.object({ id: z.string(), name: z.string(), groups: z.array(z.object({ id: z.string(), name: z.string(), prefix: z.string() })) }))),
  ),
  /** Today's numbers of a group, in the order they are called. */
  getQueueBoard: post(`${ADMIN_QUEUE}/calling/board`, bareRequest.extend({ groupId: idText }), errcodeReply(queueBoard)),
  /** Calls the group's next waiting number to the window; two counters never get the same one. */
  callNextQueueNumber: post(`${ADMIN_QUEUE}/calling/next`, bareRequest.extend({ groupId: idText, window: windowNumber }), errcodeReply(queueBoardNumber)),
  /** Calls a called or skipped number again, to this window. */
  recallQueueNumber: post(`${ADMIN_QUEUE}/calling/recall`, bareRequest.extend({ id: rowId, window: windowNumber }), errcodeReply(queueBoardNumber)),
  /** A called number that came to the window: its service begins (办理中). */
  serveQueueNumber: post(`${ADMIN_QUEUE}/calling/serve`, bareRequest.extend({ id: rowId }), errcodeReply(queueBoardNumber)),
  /** A called number that did not come: 已过号. */
  skipQueueNumber: post(`${ADMIN_QUEUE}/calling/skip`, bareRequest.extend({ id: rowId }), errcodeReply(queueBoardNumber)),
  /** A called or serving number served: 已办结. */
  finishQueueNumber: post(`${ADMIN_QUEUE}/calling/finish`, bareRequest.extend({ id: rowId }), errcodeReply(queueBoardNumber)),
} as const;
