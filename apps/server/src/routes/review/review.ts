import { contract, type ReviewQueue } from '@hall/api';
import { frozenPerValue } from '../../lib/deep-freeze';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { registerPictureRoute } from '../picture-route';
import { auditActor, requireOperator } from '../../plugins/operator-session';
import { PICTURE_NOT_FOUND } from '../../services/applications/material-files';
import { listMyDecisions } from '../../services/applications/review/my-decisions';
import { findSubmittedMaterialFile, readReviewApplication, readReviewQueues, reviewApplication } from '../../services/applications/review/review';

const REVIEWER = { role: 'reviewer' } as const;

/**
 * The back office's review of online applications (docs/architecture.md §7), for operators with the 审核员
 * role: the queues of the two stages, one application with its pictures, and the decisions (each in
 * the audit trail).
 */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  const { db, files } = app.hall;

  // The queues are shared and kept (services/review), and so is their reply.
  const queuesReply = frozenPerValue((lists: ReviewQueue[]) => ({ errcode: '00' as const, data: { lists } }));
  registerCall(app, contract.getReviewList, { auth: 'operator', operator: REVIEWER }, async (request) => {
    const { stage, page, pageSize, order } = request.body;
    return queuesReply(await readReviewQueues(db, stage, { page, pageSize, order }));
  });

  registerCall(app, contract.getMyReviewDecisions, { auth: 'operator', operator: REVIEWER }, async (request) => {
    return { errcode: '00', data: await listMyDecisions(db, request.operator.account.id, request.body) };
  });

  registerCall(app, contract.getReviewApply, { auth: 'operator', operator: REVIEWER }, async (request) => {
    return { errcode: '00', data: await readReviewApplication(db, request.body.proinstid) };
  });

  registerCall(app, contract.reviewApply, { auth: 'operator', operator: REVIEWER, rateLimit: { max: 120, timeWindow: '1 minute' } }, async (request) => {
    const data = await reviewApplication(db, auditActor(request), request.body);
    return { errcode: '00', errmsg: request.body.decision === 'pass' ? '审核通过' : '已驳回', data };
  });

  registerPictureRoute(app, {
    call: contract.reviewMaterialFile,
    files,
    missing: PICTURE_NOT_FOUND,
    authorize: (request) => requireOperator(request, REVIEWER),
    find: (_request, id) => findSubmittedMaterialFile(db, id),
  });
}
