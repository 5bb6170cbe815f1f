import { EMPTY_LIST_MESSAGE, NO_DATA_MESSAGE, contract } from '@hall/api/internal';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../register-call';
import { addressList } from '../../../services/content/public/address-list';
import { listArticles, readArticle } from '../../../services/content/public/articles';
import { readGuide } from '../../../services/content/public/guides';
import { listCommonQuestions, readCommonQuestion, readContactLines } from '../../../services/content/public/hall-info';
import { findCaseProgress } from '../../../services/queries/archive/progress';
import { searchHall } from '../../../services/content/public/hall-search';

/**
 * The hall's published content (spec part 1 §7): common questions, contact lines, the region
 * chooser, article lists and pages, business guides — all public — and the progress query,
 * which the menu rule puts behind a signed-in citizen.
 */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.getCommonQuesList, { auth: 'public' }, async () => ({ errcode: '00', data: await listCommonQuestions(db) }));

  registerCall(app, contract.searchHall, { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, async (request) => ({
    errcode: '00',
    data: await searchHall(db, request.body.searchVal, app.hall.env.HALL_XZQDM),
  }));

  registerCall(app, contract.getCommonQues, { auth: 'public' }, async (request) => ({ errcode: '00', data: await readCommonQuestion(db, request.body.id) }));

  registerCall(app, contract.getContactUs, { auth: 'public' }, async () => ({ errcode: '00', data: await readContactLines(db) }));

  registerCall(app, contract.getAddressList, { auth: 'public' }, async (request) => ({ errcode: '00', data: { cityxzq: addressList(request.body.xzqdm) } }));

  // An empty list is an answer, not an error: errcode 01 with the text the app shows as its empty row.
  registerCall(app, contract.getServiceGuids, { auth: 'public' }, async (request) => {
    const list = await listArticles(db, request.body.type, request.body.searchVal);
    return list.length > 0 ? { errcode: '00', data: list } : { errcode: '01', errmsg: EMPTY_LIST_MESSAGE };
  });

  registerCall(app, contract.getArticle, { auth: 'public' }, async (request) => ({ errcode: '00', data: await readArticle(db, request.body.id, request.body.type) }));

  registerCall(app, contract.initGuide, { auth: 'public' }, async (request) => ({ errcode: '00', data: await readGuide(db, request.body.prodefid) }));

  // Rate-limited: acceptance numbers are guessable, and each answer names a person's case.
  registerCall(app, contract.querySearch, { auth: 'verified', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    const result = await findCaseProgress(app.hall.certificateRegistry, request.body.appPlosh, request.log);
    return result ? { errcode: '00', data: [result] } : { errcode: '01', errmsg: NO_DATA_MESSAGE };
  });
}
