import { contract, QUEUE_DISPLAY_STREAM_PATH, QUEUE_OWN_STREAM_PATH } from '@hall/api/internal';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { auditActor } from '../../../plugins/operator-session';
import { requireCitizen } from '../../../plugins/session';
import { callNext, finish, isOwnOrder, readBoard, readDisplay, recall, serve, skip } from '../../../services/queue/counter/queue-calling';
import { QueueLive } from '../../../services/queue/counter/queue-live';
import { listCallingGroups, listQueueSettings, saveQueueGroup, saveQueueHall } from '../../../services/queue/setup/queue-settings';
import { eachChange, openEventStream, StreamsPerAddress } from './event-stream';
import { DisplayFeed } from '../../../services/queue/counter/display-feed';
import { checkServesQueueGroup, checkServesQueueNumber } from '../../../services/operators/operator-sites';

const ADMIN = { role: 'admin' } as const;
const COUNTER = { role: 'counter' } as const;

/** Display streams one client address may hold open: a hall's screens, with room to spare; more is a client gone wrong. */
export const DISPLAY_STREAMS_PER_ADDRESS = 10;
export const TOO_MANY_DISPLAYS = `同一地址最多打开${DISPLAY_STREAMS_PER_ADDRESS}个叫号显示屏，请关闭不用的显示屏页面后重试`;

/** The console's queue settings and calling (docs/architecture.md §6), the hall display's stream and the citizen's own. */
export async function queueCallingArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  const live = new QueueLive(app.hall.pool.options);
  app.addHook('onClose', () => live.close());
  const feed = new DisplayFeed(
    live,
    (hallId) => readDisplay(db, hallId),
    (error) => app.log.warn({ err: error }, 'queue display could not read a change'),
  );
  const displays = new StreamsPerAddress(DISPLAY_STREAMS_PER_ADDRESS);

  registerCall(app, contract.listQueueSettings, { auth: 'operator', operator: ADMIN }, async () => ({ errcode: '00', data: await listQueueSettings(db) }));
  registerCall(app, contract.saveQueueHall, { auth: 'operator', operator: ADMIN }, async (request) => {
    return { errcode: '00', errmsg: '已保存', data: await saveQueueHall(db, auditActor(request), request.body) };
  });
  registerCall(app, contract.saveQueueGroup, { auth: 'operator', operator: ADMIN }, async (request) => {
    return { errcode: '00', errmsg: '已保存', data: await saveQueueGroup(db, auditActor(request), request.body) };
  });

  registerCall(app, contract.listQueueCallingGroups, { auth: 'operator', operator: COUNTER }, async (request) => ({
    errcode: '00',
    data: await listCallingGroups(db, request.operator.account.sites),
  }));
  registerCall(app, contract.getQueueBoard, { auth: 'operator', operator: COUNTER }, async (request) => {
    await checkServesQueueGroup(db, request.operator.account.sites, request.body.groupId);
    return { errcode: '00', data: await readBoard(db, request.body.groupId) };
  });
  registerCall(app, contract.callNextQueueNumber, { auth: 'operator', operator: COUNTER }, async (request) => {
    await checkServesQueueGroup(db, request.operator.account.sites, request.body.groupId);
    const data = await callNext(db, auditActor(request), request.body.groupId, request.body.window);
    return { errcode: '00', errmsg: `请 ${data.number} 到 ${data.callWindow} 号窗口`, data };
  });
  registerCall(app, contract.recallQueueNumber, { auth: 'operator', operator: COUNTER }, async (request) => {
    await checkServesQueueNumber(db, request.operator.account.sites, request.body.id);
    const data = await recall(db, auditActor(request), request.body.id, request.body.window);
    return { errcode: '00', errmsg: `已重呼 ${data.number}`, data };
  });
  registerCall(app, contract.skipQueueNumber, { auth: 'operator', operator: COUNTER }, async (request) => {
    await checkServesQueueNumber(db, request.operator.account.sites, request.body.id);
    const data = await skip(db, auditActor(request), request.body.id);
    return { errcode: '00', errmsg: `${data.number} 已过号`, data };
  });
  registerCall(app, contract.serveQueueNumber, { auth: 'operator', operator: COUNTER }, async (request) => {
    await checkServesQueueNumber(db, request.operator.account.sites, request.body.id);
    const data = await serve(db, auditActor(request), request.body.id);
    return { errcode: '00', errmsg: `${data.number} 开始办理`, data };
  });
  registerCall(app, contract.finishQueueNumber, { auth: 'operator', operator: COUNTER }, async (request) => {
    await checkServesQueueNumber(db, request.operator.account.sites, request.body.id);
    const data = await finish(db, auditActor(request), request.body.id);
    return { errcode: '00', errmsg: `${data.number} 已办结`, data };
  });

  // The hall's screen needs no sign-in: it shows only numbers, their business and windows.
  app.get<{ Querystring: { hall?: string } }>(QUEUE_DISPLAY_STREAM_PATH, async (request, reply) => {
    const address = request.ip;
    if (!displays.take(address)) return reply.code(429).send({ errcode: '429', errmsg: TOO_MANY_DISPLAYS });
    const hallId = String(request.query.hall ?? '').slice(0, 40);
    let first;
    try {
      first = await readDisplay(db, hallId);
    } catch (error) {
      displays.release(address);
      throw error;
    }
    if (!first) {
      displays.release(address);
      return reply.code(404).send({ errcode: '404', errmsg: '该办事大厅不存在，请检查显示屏地址中的 hall 参数' });
    }
    openEventStream(request, reply, {
      first: { event: 'calls', data: first },
      source: (send) => feed.subscribe(hallId, (board) => send({ event: 'calls', data: board })),
      onClose: () => displays.release(address),
    });
    return reply;
  });

  // The citizen hears only that one of their own numbers changed, then reads it through order/list.
  app.get(QUEUE_OWN_STREAM_PATH, { preHandler: requireCitizen }, async (request, reply) => {
    const openid = request.citizen.openid;
    openEventStream(request, reply, {
      first: { event: 'ready', data: {} },
      source: eachChange(live, request.log, async (change) => {
        if (change === 'resync') return { event: 'order', data: {} };
        return (await isOwnOrder(db, openid, change.orderId)) ? { event: 'order', data: { id: String(change.orderId) } } : null;
      }),
      // A session signed out elsewhere stops hearing at the next reconnect.
      maxMs: 10 * 60 * 1000,
    });
    return reply;
  });
}
