import { contract } from '@hall/api';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { auditActor } from '../../plugins/operator-session';
import { deleteConsoleArticle, listConsoleArticles, publishConsoleArticle, readConsoleArticle, saveConsoleArticle } from '../../services/content-console/articles';

const CONTENT = { role: 'content' } as const;
const WRITES = { max: 120, timeWindow: '1 minute' } as const;

/** The console's content management (DESIGN.md §10) for the 内容管理员: articles with drafts and publishing, every write audited. */
export async function contentConsoleArea(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  registerCall(app, contract.listConsoleArticles, { auth: 'operator', operator: CONTENT }, async (request) => ({ errcode: '00', data: await listConsoleArticles(db, request.body) }));

  registerCall(app, contract.getConsoleArticle, { auth: 'operator', operator: CONTENT }, async (request) => ({ errcode: '00', data: await readConsoleArticle(db, request.body.id) }));

  registerCall(app, contract.saveConsoleArticle, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleArticle(db, auditActor(request), request.body),
  }));

  registerCall(app, contract.publishConsoleArticle, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: request.body.publish ? '已发布' : '已撤回为草稿',
    data: await publishConsoleArticle(db, auditActor(request), request.body.id, request.body.publish),
  }));

  registerCall(app, contract.deleteConsoleArticle, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '已删除',
    data: await deleteConsoleArticle(db, auditActor(request), request.body.id),
  }));
}
