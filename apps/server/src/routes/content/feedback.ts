import { WEBSTATE_OK, contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { findOwnFeedback, listFeedback, submitFeedback } from '../../services/content/feedback';

/** Feedback calls of spec part 1 §7: submit, list and read the session user's own feedback. */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.sendSaveFeedback, { auth: 'citizen', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    const item = await submitFeedback(db, request.citizen.openid, request.body.content);
    return { webstate: WEBSTATE_OK, errmsg: '提交成功', data: { id: item.id } };
  });

  registerCall(app, contract.getFeedBackListPage, { auth: 'citizen' }, async (request) => ({
    webstate: WEBSTATE_OK,
    data: await listFeedback(db, request.citizen.openid),
  }));

  registerCall(app, contract.getFeedBack, { auth: 'citizen' }, async (request) => ({
    webstate: WEBSTATE_OK,
    data: await findOwnFeedback(db, request.citizen.openid, request.body.id),
  }));
}
