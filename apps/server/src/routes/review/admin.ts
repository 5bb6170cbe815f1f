import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { hallStatistics, requireOperator } from '../../services/review/operators';
import { requireUser, toHallUser } from '../../services/session/users';
import { appInfoOf } from '../session/session';

/** The admin shell's start (spec part 1 §7): the app, the operator and the statistics it asks for. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;
  registerCall(app, contract.initAdminShell, { auth: 'citizen' }, async (request) => {
    const roles = await requireOperator(db, request.citizen.openid);
    const fields = new Set(request.body.dbfields);
    return {
      state: 1,
      data: {
        app: fields.has('app') ? { ...appInfoOf(app.hall), syscode: 'sys_admin' } : undefined,
        me: fields.has('me') ? { ...toHallUser(await requireUser(db, request.citizen.openid)), roles } : undefined,
        stat: fields.has('stat') ? await hallStatistics(db) : undefined,
      },
    };
  });
}
