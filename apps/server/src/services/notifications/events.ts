import { maskIdNumber } from '@hall/domain';

/** Every change a citizen hears of, by the name the outbox and the console count it under. */
export const NOTIFICATION_EVENTS = {
  submitted: '申请已提交',
  surveyPassed: '权籍调查审核通过',
  surveyRejected: '权籍调查审核未通过',
  accepted: '申请已受理',
  acceptanceRejected: '申请不予受理',
  queryAnswered: '查询结果',
  feedbackReplied: '反馈已回复',
  bookingConfirmed: '预约成功',
  bookingMoved: '预约已改期',
  bookingCancelled: '预约已取消',
  bookingReminder: '预约提醒',
  queueCalled: '叫号提醒',
} as const;
export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;

/** The outside channels; the in-hall message (站内) is the notification row itself. */
export const OUTSIDE_CHANNELS = ['sms', 'wechat'] as const;
export type OutsideChannel = (typeof OUTSIDE_CHANNELS)[number];
export const CHANNEL_LABELS: Readonly<Record<OutsideChannel | 'hall', string>> = { hall: '站内消息', sms: '短信', wechat: '微信' };

/** What one change tells its citizen. */
export interface CitizenNotice {
  openid: string;
  event: NotificationEvent;
  /** The thing it is about (application:12, booking:5): with the event, one message per event of a thing. */
  subject: string;
  body: string;
  /** The hall page the message opens. */
  link: string;
}

// An 18-character (or 15-digit) ID number anywhere in a text; masked before any message is stored.
const ID_NUMBER_IN_TEXT = /(?<![0-9A-Za-z])(\d{17}[\dXx]|\d{15})(?![0-9A-Za-z])/g;

/**
 * A message's text as it may leave the hall: an ID number an operator typed into an opinion or a
 * reply is masked, so no channel ever carries a full one.
 */
export function withoutIdNumbers(text: string): string {
  return text.replace(ID_NUMBER_IN_TEXT, (found) => maskIdNumber(found));
}

/** A message's text for SMS and WeChat: the title and the body, signed as the hall. */
export function outsideText(title: string, body: string): string {
  return `【不动产登记网上办事大厅】${title}：${body}`;
}
