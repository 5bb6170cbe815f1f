import type { HallContext } from '../../context';
import { notificationChannels, wechatTemplates } from '../../notification-channels';
import { UnreachableError, type ChannelSender } from './delivery';
import { outsideText, type OutsideChannel } from './events';

/**
 * The senders of the channels this hall has turned on (HALL_NOTIFY_CHANNELS): SMS through the SMS
 * adapter, WeChat through its template messages, each event with its template (WECHAT_TEMPLATES).
 */
export function channelSenders(hall: HallContext): Partial<Record<OutsideChannel, ChannelSender>> {
  const enabled = notificationChannels(hall.env);
  const senders: Partial<Record<OutsideChannel, ChannelSender>> = {};
  if (enabled.has('sms')) {
    senders.sms = async (message) => {
      if (!message.phone) throw new UnreachableError('该用户未填写手机号');
      await hall.sms.sendText(message.phone, outsideText(message.title, message.body), message.key);
    };
  }
  if (enabled.has('wechat')) {
    const templates = wechatTemplates(hall.env);
    const origin = hall.env.HALL_PUBLIC_URL?.replace(/\/$/, '') ?? '';
    senders.wechat = async (message) => {
      const templateId = templates[message.event];
      if (!templateId) throw new UnreachableError(`未配置该事件的微信模板（${message.event}）`);
      await hall.wechatPlatform.sendTemplateMessage({
        openid: message.openid,
        templateId,
        url: `${origin}${message.link}`,
        data: { first: message.title, keyword1: message.body, remark: '点击查看详情' },
      });
    };
  }
  return senders;
}
