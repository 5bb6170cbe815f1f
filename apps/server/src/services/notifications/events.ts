import { maskIdNumber } from '@hall/domain';

import { NOTIFICATION_EVENTS, OUTSIDE_CHANNELS, type NotificationEvent, type OutsideChannel } from '../../notification-channels';

export { NOTIFICATION_EVENTS, OUTSIDE_CHANNELS, type NotificationEvent, type OutsideChannel };

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
