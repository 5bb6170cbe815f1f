import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { text } from '../common';
import { bareRequest, userRequest } from './shared/requests';

/**
 * The 消息中心 (the citizen's messages: a review decision, a registry answer, a reply, a booking) with
 * the channels the citizen chose, and the console's 消息发送 (how the messages fared, per event and channel).
 */

/** One message; time is YYYY-MM-DD HH:mm:ss (Asia/Shanghai); link is the hall page it opens. */
export const citizenMessage = z.object({
  id: z.string(),
  event: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  time: z.string(),
  read: z.boolean(),
});
export type CitizenMessage = z.infer<typeof citizenMessage>;

/** The outside channels a citizen receives messages by, besides the 消息中心 itself. */
export const notifyChannels = z.object({ sms: z.boolean(), wechat: z.boolean() });
export type NotifyChannels = z.infer<typeof notifyChannels>;

export const sendingFigures = z.object({
  event: z.string(),
  eventLabel: z.string(),
  channel: z.string(),
  channelLabel: z.string(),
  total: z.number(),
  sent: z.number(),
  waiting: z.number(),
  failed: z.number(),
  retried: z.number(),
  lastError: z.string(),
});
export type SendingFigures = z.infer<typeof sendingFigures>;

export const failedDelivery = z.object({ id: z.string(), eventLabel: z.string(), channelLabel: z.string(), attempts: z.number(), lastError: z.string(), time: z.string() });
export type FailedDelivery = z.infer<typeof failedDelivery>;

const messageId = text(20);

export const notificationCalls = {
  /** The citizen's messages, newest first, 20 a page, with the unread count. */
  listMessages: post(
    '/online/wx/api/message/list',
    userRequest.extend({ page: z.number().int().min(1).max(10_000).default(1) }),
    errcodeReply(z.object({ items: z.array(citizenMessage), unread: z.number(), total: z.number() })),
  ),
  /** The badge of /my and the tab bar. */
  unreadMessages: post('/online/wx/api/message/unread', userRequest, errcodeReply(z.object({ unread: z.number() }))),
  /** One message, marked read; another citizen's answers 该消息不存在或已删除. */
  openMessage: post('/online/wx/api/message/get', userRequest.extend({ id: messageId }), errcodeReply(citizenMessage)),
  /** 全部已读. */
  readAllMessages: post('/online/wx/api/message/readAll', userRequest, errcodeReply(z.object({ unread: z.number() }))),
  /** The channels the citizen receives messages by. */
  getNotifyChannels: post('/online/wx/api/message/channels', userRequest, errcodeReply(notifyChannels)),
  /** Saves them; wechat true is the citizen's consent to WeChat messages. */
  saveNotifyChannels: post('/online/wx/api/message/saveChannels', userRequest.extend(notifyChannels.shape), errcodeReply(notifyChannels)),
  /** 消息发送: per event and channel, sent, waiting, failed (with the last error), retried; and the failed ones. */
  getNotificationSending: post('/online/admin/api/notifications/sending', bareRequest, errcodeReply(z.object({ figures: z.array(sendingFigures), failed: z.array(failedDelivery) }))),
  /** 重新发送 a failed delivery. */
  resendNotification: post('/online/admin/api/notifications/resend', bareRequest.extend({ id: messageId }), errcodeReply(z.object({ id: z.string() }))),
};
