import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { applicationTabs, createApplication, deleteApplication, readApplication, readApplicationsWithSession } from '../../services/applications/applications';
import { citizenReadInSession } from '../../plugins/session';

/**
 * A citizen's applications (spec part 2 §2, §4, §7): start one, read one, list them by review tab,
 * delete one. Every call works on the session user's own applications only.
 */
export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const { db, files } = app.hall;

  // Rate-limited: each call writes an application and its materials.
  registerCall(app, contract.getApplyCode, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    data: await createApplication(db, request.citizen.openid, request.body),
  }));

  registerCall(app, contract.getApply, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: await readApplication(db, request.citizen.openid, request.body.slsqId),
  }));

  // A hot read: the session, the user and the applications in one statement, made afresh each time
  // (docs/decisions/012-one-caching-scheme.md).
  registerCall(app, contract.getApplyList, { auth: 'citizen', sessionInRead: true }, async (request) => {
    const rows = await citizenReadInSession(request, (sessionId) => readApplicationsWithSession(db, sessionId, request.body));
    return { errcode: '00', data: { lists: applicationTabs(request.body, rows) } };
  });

  registerCall(app, contract.deleteApply, { auth: 'verified' }, async (request) => {
    await deleteApplication(db, files, request.citizen.openid, request.body.proinstid, request.log);
    return { errcode: '00', errmsg: '删除成功' };
  });
}
