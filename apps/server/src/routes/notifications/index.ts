import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { auditActor } from '../../plugins/operator-session';
import { listMessages, markAllRead, openMessage, readChannelChoice, saveChannelChoice, unreadCount } from '../../services/notifications/inbox';
import { failedDeliveries, resendDelivery, sendingFigures } from '../../services/notifications/sending-report';

/** The citizen's 消息中心 and channels, and the console's 消息发送 (系统管理员). */
export async function notificationsArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.listMessages, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: await listMessages(db, request.citizen.openid, request.body.page),
  }));

  registerCall(app, contract.unreadMessages, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: { unread: await unreadCount(db, request.citizen.openid) },
  }));

  registerCall(app, contract.openMessage, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: await openMessage(db, request.citizen.openid, request.body.id),
  }));

  registerCall(app, contract.readAllMessages, { auth: 'citizen' }, async (request) => {
    await markAllRead(db, request.citizen.openid);
    return { errcode: '00', errmsg: '已全部标为已读', data: { unread: 0 } };
  });

  registerCall(app, contract.getNotifyChannels, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: await readChannelChoice(db, request.citizen.openid),
  }));

  registerCall(app, contract.saveNotifyChannels, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveChannelChoice(db, request.citizen.openid, { sms: request.body.sms, wechat: request.body.wechat }),
  }));

  registerCall(app, contract.getNotificationSending, { auth: 'operator', operator: { role: 'admin' } }, async () => ({
    errcode: '00',
    data: { figures: await sendingFigures(db), failed: await failedDeliveries(db) },
  }));

  registerCall(app, contract.resendNotification, { auth: 'operator', operator: { role: 'admin' }, rateLimit: { max: 60, timeWindow: '1 minute' } }, async (request) => {
    await resendDelivery(db, auditActor(request), request.body.id);
    return { errcode: '00', errmsg: '已重新发送', data: { id: request.body.id } };
  });
}
