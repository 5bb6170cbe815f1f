import { WEBSTATE_OK, contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { citizenReadInSession } from '../../../plugins/session';
import { feedbackItemsOf, findOwnFeedback, readFeedbackWithSession, submitFeedback } from '../../../services/content/public/feedback';

/** Feedback calls of spec part 1 §7: submit, list and read the session user's own feedback. */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.sendSaveFeedback, { auth: 'citizen', rateLimit: { max: 20, timeWindow: '1 minute' } }, async (request) => {
    const id = await submitFeedback(db, request.citizen.openid, request.body.content);
    return { webstate: WEBSTATE_OK, errmsg: '提交成功', data: { id } };
  });

  // The busiest citizen read: the session is found in the list's own statement. It is made afresh each
  // time: one citizen seldom asks twice within the life of a kept copy (docs/decisions/012-one-caching-scheme.md).
  registerCall(app, contract.getFeedBackListPage, { auth: 'citizen', sessionInRead: true }, async (request) => ({
    webstate: WEBSTATE_OK,
    data: feedbackItemsOf(await citizenReadInSession(request, (sessionId) => readFeedbackWithSession(db, sessionId))),
  }));

  registerCall(app, contract.getFeedBack, { auth: 'citizen' }, async (request) => ({
    webstate: WEBSTATE_OK,
    data: await findOwnFeedback(db, request.citizen.openid, request.body.id),
  }));
}
