import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { auditActor } from '../../../plugins/operator-session';
import { listInbox, readInboxFeedback, replyToInboxFeedback } from '../../../services/content/inbox/feedback-inbox';

const COUNTER = { role: 'counter' } as const;

/** The console's feedback inbox (docs/architecture.md §6) for the 窗口人员: the citizens' feedback and the replies to it, each reply audited. */
export async function feedbackInboxArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.listInboxFeedback, { auth: 'operator', operator: COUNTER }, async (request) => {
    return { errcode: '00', data: await listInbox(db, request.body) };
  });

  registerCall(app, contract.getInboxFeedback, { auth: 'operator', operator: COUNTER }, async (request) => {
    return { errcode: '00', data: await readInboxFeedback(db, request.body.id) };
  });

  registerCall(app, contract.replyInboxFeedback, { auth: 'operator', operator: COUNTER, rateLimit: { max: 120, timeWindow: '1 minute' } }, async (request) => {
    const data = await replyToInboxFeedback(db, auditActor(request), request.body.id, request.body.reply);
    return { errcode: '00', errmsg: '回复成功', data };
  });
}
