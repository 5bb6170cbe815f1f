import { z } from 'zod';
import { post } from '../define-call';
import { statReply } from '../envelopes';
import { text } from '../common';
import { siteContact } from './shared/records';
import { bareRequest, chosenDate, userRequest } from './shared/requests';
import { rowId, textId } from './shared/ids';
import { QUEUE_CALL_STATES } from '../queue-calling-limits';

/**
 * The queue-number module (spec part 3 §2.6, §3, §7 "Queue module"): halls (companies), business
 * groups, reservable days and times with the numbers left, the configuration, the module's news,
 * and the citizen's own orders. Every call is a POST under /callnum/api/ answering stat 1 on
 * success and stat 0 with a Chinese msg otherwise.
 */

const idText = textId();
const dateText = chosenDate;
const timeText = text(11);

/** A hall that hands out numbers, as the company select lists it. */
export const queueCompanyOption = z.object({ id: z.string(), name: z.string() });
/** A hall with its address, opening hours and phone ('' when unknown). */
export const queueCompany = queueCompanyOption.extend(siteContact);
export type QueueCompany = z.infer<typeof queueCompany>;

/** A business group of a hall: one queue with its own letter (prefix), e.g. A for 登记业务, its numbers A001 on. */
export const queueGroup = z.object({ id: z.string(), comID: z.string(), name: z.string(), prefix: z.string(), remark: z.string() });
export type QueueGroup = z.infer<typeof queueGroup>;

/** A business handled in a group (what the group's select lists under it). */
export const queueBusiness = z.object({ id: z.string(), groupId: z.string(), name: z.string() });
export type QueueBusiness = z.infer<typeof queueBusiness>;

/** A reservable day: holiday 1 closed (休息). */
export const queueDay = z.object({ date: z.string(), week: z.string(), holiday: z.number() });
export type QueueDayItem = z.infer<typeof queueDay>;

/** Numbers of a day: total handed out per day and how many are left (0 on a closed day). */
export const queueDayNumbers = z.object({ date: z.string(), holiday: z.number(), total: z.number(), left: z.number() });
export type QueueDayNumbers = z.infer<typeof queueDayNumbers>;

/** Numbers of one time of a day; bookable false once past the booking deadline (yuyueabovetime). */
export const queueTimeNumbers = z.object({ time: z.string(), total: z.number(), left: z.number(), bookable: z.boolean() });
export type QueueTimeNumbers = z.infer<typeof queueTimeNumbers>;

/** The configuration (part 3 §3): strtime/endtime HH:mm, addtime, yuyueabovetime, cancelyuyuetime in minutes, yuyueday days. */
export const queueConfig = z.object({
  id: z.string(),
  comID: z.string(),
  strtime: z.string(),
  endtime: z.string(),
  addtime: z.number(),
  yuyueabovetime: z.number(),
  cancelyuyuetime: z.number(),
  yuyueday: z.number(),
});
export type QueueConfigItem = z.infer<typeof queueConfig>;

export const queueNews = z.object({ id: z.string(), title: z.string(), content: z.string(), time: z.string() });
export type QueueNews = z.infer<typeof queueNews>;

/**
 * An order (part 3 §3: wechatid, webid, name, remark, phone, queueid, resDay, resTime) with its
 * number, hall and business names, state (1 待办理, 2 已取消), creation time, and whether it can
 * still be cancelled.
 */
export const queueOrder = z.object({
  id: z.string(),
  wechatid: z.string(),
  webid: z.string(),
  name: z.string(),
  remark: z.string(),
  phone: z.string(),
  queueid: z.string(),
  resDay: z.string(),
  resTime: z.string(),
  number: z.string(),
  comID: z.string(),
  companyName: z.string(),
  groupName: z.string(),
  state: z.number(),
  stateName: z.string(),
  createTime: z.string(),
  cancellable: z.boolean(),
  /** At the counter: waiting (等待中), called to callWindow (请到X号窗口), skipped (已过号), done (已办结). */
  callState: z.enum(QUEUE_CALL_STATES),
  callWindow: z.number().nullable(),
});
export type QueueOrder = z.infer<typeof queueOrder>;

const CALLNUM = '/callnum/api';
const comID = idText.optional();

export const queueCalls = {
  queueCompanyOptions: post(`${CALLNUM}/company/comlist`, bareRequest, statReply(z.array(queueCompanyOption))),
  queueCompanies: post(`${CALLNUM}/company/list`, bareRequest, statReply(z.array(queueCompany))),
  /** The businesses of a hall, of one group when groupId is given. */
  queueBusinesses: post(`${CALLNUM}/business/sellist`, bareRequest.extend({ comID, groupId: idText.optional() }), statReply(z.array(queueBusiness))),
  queueGroups: post(`${CALLNUM}/business/grouplist`, bareRequest.extend({ comID }), statReply(z.array(queueGroup))),
  /** The yuyueday days from today; a closed day has holiday 1. */
  queueDays: post(`${CALLNUM}/makeanapp/resdate`, bareRequest.extend({ comID }), statReply(z.array(queueDay))),
  /** Numbers left per day of a group. */
  queueDayNumbers: post(`${CALLNUM}/makeanapp/datanum`, bareRequest.extend({ comID, groupId: idText.optional() }), statReply(z.array(queueDayNumbers))),
  /** Numbers left per time of a day; aboutTime narrows the answer to that time. */
  queueTimeNumbers: post(
    `${CALLNUM}/makeanapp/timenum`,
    bareRequest.extend({ comID, groupId: idText.optional(), aboutDate: dateText.optional(), aboutTime: timeText.optional() }),
    statReply(z.array(queueTimeNumbers)),
  ),
  queueConfig: post(`${CALLNUM}/system/addtime`, bareRequest.extend({ comID }), statReply(queueConfig)),
  queueNewsList: post(`${CALLNUM}/system/newslist`, bareRequest, statReply(z.array(queueNews))),
  /** Takes a number for the session's citizen; wechatid and webid, when sent, must be the session's openid. */
  addQueueOrder: post(
    `${CALLNUM}/order/add`,
    userRequest.extend({
      wechatid: text(128).optional(),
      webid: text(128).optional(),
      name: text(50).optional(),
      remark: text(200).optional(),
      phone: text(20).optional(),
      queueid: idText.optional(),
      resDay: dateText.optional(),
      resTime: timeText.optional(),
    }),
    statReply(queueOrder),
  ),
  /** The citizen's own orders, the coming ones first. */
  queueOrders: post(`${CALLNUM}/order/list`, userRequest, statReply(z.array(queueOrder))),
  /** Cancels one of the citizen's own orders before its cancel deadline. */
  cancelQueueOrder: post(`${CALLNUM}/order/cancle`, userRequest.extend({ id: rowId }), statReply(queueOrder)),
  /** How many orders the citizen has: all, and still valid (待办理). */
  queueOrderCount: post(`${CALLNUM}/order/count`, userRequest, statReply(z.object({ total: z.number(), valid: z.number() }))),
} as const;
