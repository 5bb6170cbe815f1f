import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../../lib/errors';
import { registerCall } from '../../register-call';
import { OPENID_MISMATCH } from '../../../services/session/sessions';
import {
  addOrder,
  cancelOwnOrder,
  countOwnOrders,
  listBusinesses,
  listCompanies,
  listDayNumbers,
  listDays,
  listGroups,
  listNews,
  listOwnOrders,
  listTimeNumbers,
  readConfig,
} from '../../../services/queue/citizen/queue';

/** The queue-number module of spec part 3 §7 (POST under /callnum/api, stat 1 on success). */
export async function queueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.queueCompanyOptions, { auth: 'public' }, async () => ({
    stat: 1,
    data: (await listCompanies(db)).map(({ id, name }) => ({ id, name })),
  }));
  registerCall(app, contract.queueCompanies, { auth: 'public' }, async () => ({ stat: 1, data: await listCompanies(db) }));
  registerCall(app, contract.queueGroups, { auth: 'public' }, async (request) => ({ stat: 1, data: await listGroups(db, request.body.comID) }));
  registerCall(app, contract.queueBusinesses, { auth: 'public' }, async (request) => ({ stat: 1, data: await listBusinesses(db, request.body.comID, request.body.groupId) }));
  registerCall(app, contract.queueDays, { auth: 'public' }, async (request) => ({ stat: 1, data: await listDays(db, request.body.comID) }));
  registerCall(app, contract.queueDayNumbers, { auth: 'public' }, async (request) => ({ stat: 1, data: await listDayNumbers(db, request.body.comID, request.body.groupId) }));
  registerCall(app, contract.queueTimeNumbers, { auth: 'public' }, async (request) => ({ stat: 1, data: await listTimeNumbers(db, request.body) }));
  registerCall(app, contract.queueConfig, { auth: 'public' }, async (request) => ({ stat: 1, data: await readConfig(db, request.body.comID) }));
  registerCall(app, contract.queueNewsList, { auth: 'public' }, async () => ({ stat: 1, data: await listNews(db) }));

  registerCall(app, contract.addQueueOrder, { auth: 'verified', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    // The order is the session's citizen's: a payload naming anyone else is refused.
    const { wechatid, webid } = request.body;
    if ((wechatid && wechatid !== request.citizen.openid) || (webid && webid !== request.citizen.openid)) throw forbidden(OPENID_MISMATCH);
    return { stat: 1, msg: '取号成功', data: await addOrder(db, request.citizen.openid, request.body) };
  });
  registerCall(app, contract.queueOrders, { auth: 'citizen' }, async (request) => ({ stat: 1, data: await listOwnOrders(db, request.citizen.openid) }));
  registerCall(app, contract.cancelQueueOrder, { auth: 'verified' }, async (request) => ({
    stat: 1,
    msg: '取消成功',
    data: await cancelOwnOrder(db, request.citizen.openid, request.body.id),
  }));
  registerCall(app, contract.queueOrderCount, { auth: 'citizen' }, async (request) => ({ stat: 1, data: await countOwnOrders(db, request.citizen.openid) }));
}
