/**
 * The events a citizen is told of and the outside channels that tell them (HALL_NOTIFY_CHANNELS,
 * WECHAT_TEMPLATES): read by env.ts and mode.ts to refuse a wrong or incomplete setting at start.
 */
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
  followUpAnswered: '评价整改答复',
} as const;
export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
const EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[];

/** The outside channels; the in-hall message (站内) is the notification row itself and always on. */
export const OUTSIDE_CHANNELS = ['sms', 'wechat'] as const;
export type OutsideChannel = (typeof OUTSIDE_CHANNELS)[number];

interface ChannelEnv {
  HALL_MODE: 'demo' | 'production';
  HALL_NOTIFY_CHANNELS?: string | undefined;
  WECHAT_TEMPLATES?: string | undefined;
}

const names = (value: string) =>
  value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/** What HALL_NOTIFY_CHANNELS or WECHAT_TEMPLATES names wrongly, in the words the refusal to start uses; null when right. */
export function notificationSettingProblem(env: Pick<ChannelEnv, 'HALL_NOTIFY_CHANNELS' | 'WECHAT_TEMPLATES'>): string | null {
  const unknown = names(env.HALL_NOTIFY_CHANNELS ?? '').filter((name) => !(OUTSIDE_CHANNELS as readonly string[]).includes(name));
  if (unknown.length) return `HALL_NOTIFY_CHANNELS names ${unknown.map((name) => `"${name}"`).join(', ')}: the channels are ${OUTSIDE_CHANNELS.join(', ')}`;
  const wrong = names(env.WECHAT_TEMPLATES ?? '').filter((pair) => {
    const [event, template] = pair.split('=');
    return !(EVENT_NAMES as string[]).includes(event?.trim() ?? '') || !template?.trim();
  });
  if (wrong.length) return `WECHAT_TEMPLATES takes event=templateId pairs, comma-separated, with the events ${EVENT_NAMES.join(', ')}; not: ${wrong.join(', ')}`;
  return null;
}

/** The outside channels this hall sends through: HALL_NOTIFY_CHANNELS, else SMS and WeChat in demo mode and SMS alone in production. */
export function notificationChannels(env: ChannelEnv): Set<OutsideChannel> {
  if (env.HALL_NOTIFY_CHANNELS === undefined) return new Set(env.HALL_MODE === 'demo' ? OUTSIDE_CHANNELS : ['sms']);
  return new Set(names(env.HALL_NOTIFY_CHANNELS) as OutsideChannel[]);
}

/**
 * The WeChat template of each event (WECHAT_TEMPLATES). A demo hall's stand-in takes any template, so
 * an event without one is sent under its own name there.
 */
export function wechatTemplates(env: ChannelEnv): Partial<Record<NotificationEvent, string>> {
  const given = Object.fromEntries(names(env.WECHAT_TEMPLATES ?? '').map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]));
  if (env.HALL_MODE === 'production') return given;
  return Object.fromEntries(EVENT_NAMES.map((event) => [event, given[event] ?? event]));
}

/** The events a production hall sending by WeChat has no template for (each refuses the start). */
export function eventsWithoutWechatTemplate(env: ChannelEnv): NotificationEvent[] {
  if (!notificationChannels(env).has('wechat')) return [];
  const templates = wechatTemplates(env);
  return EVENT_NAMES.filter((event) => !templates[event]);
}
