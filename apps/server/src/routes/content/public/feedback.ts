import { WEBSTATE_OK, contract, type FeedbackItem } from '@hall/api';
import { frozenPerValue } from '../../../lib/deep-freeze';
import { keptForOne } from '../../../lib/reply-compression';
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

  // The busiest citizen read: the session is found in the list's own statement. The list is kept while
  // its rows are unchanged (services/content/public/feedback.ts), and so is its reply, which one citizen reads.
  const listReply = frozenPerValue((data: FeedbackItem[]) => keptForOne({ webstate: WEBSTATE_OK, data }));
  registerCall(app, contract.getFeedBackListPage, { auth: 'citizen', sessionInRead: true }, async (request) =>
    listReply(feedbackItemsOf(db, await citizenReadInSession(request, (sessionId) => readFeedbackWithSession(db, sessionId)))),
  );

  registerCall(app, contract.getFeedBack, { auth: 'citizen' }, async (request) => ({
    webstate: WEBSTATE_OK,
    data: await findOwnFeedback(db, request.citizen.openid, request.body.id),
  }));
}
