import { contract } from '@hall/api';
import { RATING_MESSAGES, type RatedServiceKind } from '@hall/domain';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../../plugins/operator-session';
import { answerFollowUp, listFollowUps, readFollowUp } from '../../services/ratings/follow-ups';
import { myRatings, rateService, ratingStates, serviceRatings } from '../../services/ratings/ratings';
import { ratingExport, ratingStatistics } from '../../services/ratings/rating-statistics';
import { registerCall } from '../register-call';

/**
 * 好差评 (issue 37 point 5): the citizen rates a finished service of theirs and reads the follow-up's
 * answer; the console's 审核员 and 窗口人员 answer the follow-ups of their services; the 系统管理员 reads
 * the statistics and takes the export for the province's platform.
 */
export async function ratingsArea(app: FastifyInstance): Promise<void> {
  const { db, env } = app.hall;

  registerCall(app, contract.getServiceRatings, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: await serviceRatings(db, request.citizen.openid, request.body.kind as RatedServiceKind, request.body.serviceId),
  }));

  registerCall(app, contract.rateService, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    errmsg: RATING_MESSAGES.saved,
    data: await rateService(db, request.citizen.openid, { ...request.body, kind: request.body.kind as RatedServiceKind }, env.HALL_RATING_FOLLOW_UP_DAYS),
  }));

  registerCall(app, contract.getRatingStates, { auth: 'citizen', rateLimit: { max: 60, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    data: { states: await ratingStates(db, request.citizen.openid, request.body.kind as RatedServiceKind, request.body.serviceIds) },
  }));

  registerCall(app, contract.getMyRatings, { auth: 'citizen' }, async (request) => ({ errcode: '00', data: { ratings: await myRatings(db, request.citizen.openid) } }));

  // Any operator may ask; the service answers only the follow-ups of the roles the operator holds.
  registerCall(app, contract.listRatingFollowUps, { auth: 'operator' }, async (request) => ({
    errcode: '00',
    data: await listFollowUps(db, request.operator.account.roles, request.body),
  }));

  registerCall(app, contract.getRatingFollowUp, { auth: 'operator' }, async (request) => ({
    errcode: '00',
    data: await readFollowUp(db, request.operator.account.roles, request.body.id),
  }));

  registerCall(app, contract.answerRatingFollowUp, { auth: 'operator', rateLimit: { max: 120, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    errmsg: '答复成功',
    data: await answerFollowUp(db, auditActor(request), request.operator.account.roles, request.body.id, request.body.answer),
  }));

  registerCall(app, contract.ratingStatistics, { auth: 'operator', operator: { role: 'admin' }, rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    data: await ratingStatistics(db, request.body),
  }));

  registerCall(app, contract.ratingExport, { auth: 'operator', operator: { role: 'admin' }, rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request, reply) => {
    const { from, to } = request.body;
    reply.header('content-disposition', `attachment; filename="ratings-${from}-${to}.json"`).header('cache-control', 'private, no-store');
    return ratingExport(db, { from, to }, env.HALL_XZQDM);
  });
}
