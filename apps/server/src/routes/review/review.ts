import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { registerPictureRoute } from '../../lib/picture-route';
import { PICTURE_NOT_FOUND } from '../../services/applications/material-files';
import { requireOperator } from '../../services/review/operators';
import { findSubmittedMaterialFile, listReviewQueues, readReviewApplication, reviewApplication } from '../../services/review/review';

/**
 * The back office's review of online applications (DESIGN.md §9), for sys_admin operators only:
 * the queues of the two stages, one application with its pictures, and the decisions.
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { db, files } = app.hall;

  registerCall(app, contract.getReviewList, { auth: 'citizen' }, async (request) => {
    await requireOperator(db, request.citizen.openid);
    return { errcode: '00', data: { lists: await listReviewQueues(db, request.body.stage) } };
  });

  registerCall(app, contract.getReviewApply, { auth: 'citizen' }, async (request) => {
    await requireOperator(db, request.citizen.openid);
    return { errcode: '00', data: await readReviewApplication(db, request.body.proinstid) };
  });

  registerCall(app, contract.reviewApply, { auth: 'citizen', rateLimit: { max: 120, timeWindow: '1 minute' } }, async (request) => {
    await requireOperator(db, request.citizen.openid);
    const data = await reviewApplication(db, request.body);
    return { errcode: '00', errmsg: request.body.decision === 'pass' ? '审核通过' : '已驳回', data };
  });

  registerPictureRoute(app, {
    call: contract.reviewMaterialFile,
    files,
    missing: PICTURE_NOT_FOUND,
    authorize: async (request) => void (await requireOperator(db, request.citizen.openid)),
    find: (_request, id) => findSubmittedMaterialFile(db, id),
  });
}
