import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { createApplication, deleteApplication, listApplications, readApplication } from '../../services/applications/applications';

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

  registerCall(app, contract.getApplyList, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: { lists: await listApplications(db, request.citizen.openid, request.body) },
  }));

  registerCall(app, contract.deleteApply, { auth: 'verified' }, async (request) => {
    await deleteApplication(db, files, request.citizen.openid, request.body.proinstid, request.log);
    return { errcode: '00', errmsg: '删除成功' };
  });
}
