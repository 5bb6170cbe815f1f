import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../register-call';
import { dictionaryItems, listBusinessTypes, readApplyTitle, selectableBusinesses } from '../../services/applications/apply-catalogue';
import { requireUser } from '../../services/session/users';

/**
 * The business catalogue of the application flow (spec part 2 §2, §7): business types, the
 * businesses of a district, a business's unit fields and panel titles, and the fill screens'
 * dictionaries — all public — and the session user's kind.
 */
export async function applyCatalogueRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getApplyType, { auth: 'public' }, async () => ({ errcode: '00', data: await listBusinessTypes(db) }));

  registerCall(app, contract.initSel, { auth: 'public' }, async (request) => ({
    errcode: '00',
    data: { selList: await selectableBusinesses(db, request.body.xzqdm, request.body.dylx) },
  }));

  registerCall(app, contract.getUserType, { auth: 'citizen' }, async (request) => {
    const user = await requireUser(db, request.citizen.openid);
    return { errcode: '00', data: { usertype: user.usertype } };
  });

  registerCall(app, contract.getApplyTitle, { auth: 'public' }, async (request) => ({ errcode: '00', data: await readApplyTitle(db, request.body.prodefid) }));

  registerCall(app, contract.getList, { auth: 'public' }, async (request) => ({ errcode: '00', data: { items: await dictionaryItems(db, request.body.type) } }));
}
