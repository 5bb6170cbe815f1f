import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CONSOLE_ARTICLE_CHANGED,
  CONSOLE_ARTICLE_CONTENT_REQUIRED,
  CONSOLE_ARTICLE_TITLE_REQUIRED,
  CONSOLE_ARTICLE_TITLE_TOO_LONG,
  type ArticleListItem,
  type ConsoleArticle,
} from '@hall/api/internal';
import { articles, auditTrail } from '../../../src/db/schema';
import { testHallForFile } from '../../hall';
import { rowById, auditedChanges } from '../../rows';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const GET = '/online/admin/api/content/articles/get';
const SAVE = '/online/admin/api/content/articles/save';
const PUBLISH = '/online/admin/api/content/articles/publish';
const DELETE = '/online/admin/api/content/articles/delete';
const CITIZEN_LIST = '/online/wx/apilist/getServiceGuids';

const hall = testHallForFile();
let content: string;
beforeAll(async () => {
  content = await hall.operator('content');
});

async function save(payload: Record<string, unknown>, cookie = content): Promise<ConsoleArticle> {
  const { status, body } = await hall.post(SAVE, payload, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ConsoleArticle;
}

async function publish(id: string, on = true): Promise<ConsoleArticle> {
  const { status, body } = await callHall(hall, contract.publishConsoleArticle, { id, publish: on }, content);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as ConsoleArticle;
}

async function citizenTitles(type: string): Promise<string[]> {
  const { body } = await hall.post(CITIZEN_LIST, { type });
  return body.errcode === '00' ? (body.data as ArticleListItem[]).map((item) => item.title) : [];
}

const auditOf = async (id: string) =>
  hall.connection.db
    .select()
    .from(auditTrail)
    .where(eq(auditTrail.target, `article:${id}`))
    .orderBy(auditTrail.id);
const auditCount = () => auditedChanges(hall);

describe('existing articles', () => {
  it('come out of the migration published, so citizens keep seeing them', async () => {
    const rows = await hall.connection.db.select().from(articles);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.status === 'published')).toBe(true);
  });
});

describe('drafts and publishing', () => {
  it('keeps a new article a draft, invisible to citizens in the list and by id, until it is published', async () => {
    const draft = await save({ type: 'article', title: '不动产登记中心搬迁公告', content: '<p>新址启用</p>' });
    // 最后修改 names the person (the demo 内容管理员 赵内容), not the account.
    expect(draft).toMatchObject({ status: 'draft', type: 'article', updatedBy: '赵内容' });
    expect(await citizenTitles('article')).not.toContain('不动产登记中心搬迁公告');
    const hidden = await callHall(hall, contract.getArticle, { id: draft.id });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ errcode: '01', errmsg: '查询无数据' });

    const published = await publish(draft.id);
    expect(published.status).toBe('published');
    expect((await citizenTitles('article'))[0]).toBe('不动产登记中心搬迁公告');
    const shown = await callHall(hall, contract.getArticle, { id: draft.id, type: 'article' });
    expect(shown.body).toMatchObject({ errcode: '00', data: { title: '不动产登记中心搬迁公告', content: '<p>新址启用</p>' } });

    // A correction to a published article shows at once.
    await save({ id: draft.id, version: published.version, type: 'article', title: '不动产登记中心搬迁公告（更正）', content: '<p>新址已启用</p>' });
    expect((await citizenTitles('article'))[0]).toBe('不动产登记中心搬迁公告（更正）');

    await publish(draft.id, false);
    expect(await citizenTitles('article')).not.toContain('不动产登记中心搬迁公告（更正）');
    expect((await callHall(hall, contract.getArticle, { id: draft.id })).status).toBe(404);
  });

  it('works for every one of the five types', async () => {
    for (const type of ['article', 'bszn', 'xxgs', 'laws', 'tzgg']) {
      const draft = await save({ type, title: `五类文章之${type}`, content: '<p>正文</p>' });
      expect(await citizenTitles(type)).not.toContain(`五类文章之${type}`);
      await publish(draft.id);
      expect(await citizenTitles(type)).toContain(`五类文章之${type}`);
    }
  });

  it('lists drafts and published articles to the console, narrowed by type, status and title', async () => {
    const draft = await save({ type: 'xxgs', title: '公示草稿甲', content: '<p>正文</p>' });
    const list = async (payload: Record<string, unknown>) => (await callHall(hall, contract.listConsoleArticles, payload, content)).body.data!.items;
    expect((await list({})).map((item) => item.id)).toContain(draft.id);
    const drafts = await list({ type: 'xxgs', status: 'draft' });
    expect(drafts.every((item) => item.type === 'xxgs' && item.status === 'draft')).toBe(true);
    expect(drafts.map((item) => item.id)).toContain(draft.id);
    expect((await list({ status: 'published' })).map((item) => item.id)).not.toContain(draft.id);
    expect((await list({ search: '草稿甲' })).map((item) => item.id)).toEqual([draft.id]);
    expect((await list({ search: '%' })).map((item) => item.id)).not.toContain(draft.id);
    const opened = await callHall(hall, contract.getConsoleArticle, { id: draft.id }, content);
    expect(opened.body).toMatchObject({ errcode: '00', data: { id: draft.id, content: '<p>正文</p>', status: 'draft' } });
  });
});

describe('sanitising', () => {
  it('removes scripts, on* handlers and javascript: URLs and keeps the allowed formatting', async () => {
    const saved = await save({
      type: 'laws',
      title: '带脚本的法规',
      content:
        '<h2>第一条</h2><p onclick="steal()">正文<strong>加粗</strong><em>斜体</em><b>粗</b><i>斜</i></p><script>alert(1)</script>' +
        '<ul><li>一</li></ul><ol><li>二</li></ol><a href="javascript:alert(1)">坏链接</a><a href="https://www.gov.cn/">好链接</a>' +
        '<img src="x" onerror="alert(1)"><img src="https://example.gov.cn/a.png" alt="图">',
    });
    const row = await rowById(hall, articles, saved.id);
    for (const html of [row!.content, saved.content]) {
      expect(html).not.toMatch(/script|onclick|onerror|javascript:|alert/i);
      expect(html).toContain('<h2>第一条</h2>');
      expect(html).toContain('<strong>加粗</strong>');
      expect(html).toContain('<em>斜体</em>');
      expect(html).toContain('<strong>粗</strong><em>斜</em>');
      expect(html).toContain('<ul><li>一</li></ul><ol><li>二</li></ol>');
      expect(html).toContain('<a>坏链接</a>');
      expect(html).toContain('<a href="https://www.gov.cn/">好链接</a>');
      expect(html).toContain('<img src="https://example.gov.cn/a.png" alt="图" />');
    }
  });

  it('refuses a missing title, a too long one, and content that is nothing once made safe, and stores nothing', async () => {
    const before = (await hall.connection.db.select().from(articles)).length;
    const audits = await auditCount();
    for (const [payload, message] of [
      [{ title: '   ', content: '<p>正文</p>' }, CONSOLE_ARTICLE_TITLE_REQUIRED],
      [{ title: '长'.repeat(201), content: '<p>正文</p>' }, CONSOLE_ARTICLE_TITLE_TOO_LONG],
      [{ title: '只有脚本', content: '<script>alert(1)</script><p> </p><p><br></p>' }, CONSOLE_ARTICLE_CONTENT_REQUIRED],
    ] as const) {
      const { status, body } = await callHall(hall, contract.saveConsoleArticle, { type: 'article', ...payload }, content);
      expect(status).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect((await hall.connection.db.select().from(articles)).length).toBe(before);
    expect(await auditCount()).toBe(audits);
  });
});

describe('concurrent edits', () => {
  it('refuses a save over a change made since the article was opened, and keeps the newer change', async () => {
    const first = await save({ type: 'tzgg', title: '停电通知', content: '<p>周六停电</p>' });
    await save({ id: first.id, version: first.version, type: 'tzgg', title: '停电通知（改期）', content: '<p>周日停电</p>' });
    const { status, body } = await callHall(hall, contract.saveConsoleArticle, { id: first.id, version: first.version, type: 'tzgg', title: '停电通知（旧稿）', content: '<p>旧</p>' }, content);
    expect(status).toBe(409);
    expect(body.errmsg).toBe(CONSOLE_ARTICLE_CHANGED);
    const row = await rowById(hall, articles, first.id);
    expect(row!.title).toBe('停电通知（改期）');
  });

  it('answers 查询无数据 for a missing or malformed id, changing nothing', async () => {
    for (const [path, payload] of [
      [GET, { id: '99999999' }],
      [SAVE, { id: 'abc', type: 'article', title: '标题', content: '<p>正文</p>' }],
      [PUBLISH, { id: '99999999', publish: true }],
      [DELETE, { id: '99999999' }],
    ] as const) {
      const { status, body } = await hall.post(path, payload, content);
      expect(status, path).toBe(404);
      expect(body.errmsg).toBe('查询无数据');
    }
  });
});

describe('the audit trail', () => {
  it('records every write with what was before and after', async () => {
    const draft = await save({ type: 'bszn', title: '审计文章', content: '<p>初稿</p>' });
    await save({ id: draft.id, type: 'bszn', title: '审计文章', content: '<p>二稿</p>' });
    await publish(draft.id);
    await publish(draft.id); // already published: nothing to record
    await publish(draft.id, false);
    expect((await callHall(hall, contract.deleteConsoleArticle, { id: draft.id }, content)).status).toBe(200);
    const trail = await auditOf(draft.id);
    expect(trail.map((entry) => entry.action)).toEqual(['article.create', 'article.update', 'article.publish', 'article.unpublish', 'article.delete']);
    expect(trail.every((entry) => entry.operatorName === 'content')).toBe(true);
    expect(trail[1]).toMatchObject({ before: { content: '<p>初稿</p>', status: 'draft' }, after: { content: '<p>二稿</p>' } });
    expect(trail[2]).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });
    expect(trail[4]).toMatchObject({ before: { title: '审计文章', content: '<p>二稿</p>' }, after: null });
    expect((await callHall(hall, contract.getConsoleArticle, { id: draft.id }, content)).status).toBe(404);
  });

  it('refuses citizens and other roles, changing nothing', async () => {
    const citizen = await hall.quickCitizen('article-citizen');
    const reviewer = await hall.operator('reviewer');
    const audits = await auditCount();
    for (const cookie of [citizen, undefined]) expect((await callHall(hall, contract.saveConsoleArticle, { type: 'article', title: '冒名', content: '<p>x</p>' }, cookie)).status).toBe(401);
    expect((await callHall(hall, contract.saveConsoleArticle, { type: 'article', title: '冒名', content: '<p>x</p>' }, reviewer)).status).toBe(403);
    expect(await auditCount()).toBe(audits);
  });
});
