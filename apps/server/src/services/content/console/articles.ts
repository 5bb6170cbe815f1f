import {
  CONSOLE_ARTICLE_CHANGED,
  CONSOLE_ARTICLE_CONTENT_MAX_LENGTH,
  CONSOLE_ARTICLE_CONTENT_REQUIRED,
  CONSOLE_ARTICLE_CONTENT_TOO_LONG,
  CONSOLE_ARTICLE_PAGE_SIZE,
  type CONSOLE_ARTICLE_SORTS,
  type ListOrder,
  CONSOLE_ARTICLE_TITLE_MAX_LENGTH,
  CONSOLE_ARTICLE_TITLE_REQUIRED,
  CONSOLE_ARTICLE_TITLE_TOO_LONG,
  NO_DATA_MESSAGE,
  type ArticleStatus,
  type ArticleType,
  type ConsoleArticle,
  type ConsoleArticleItem,
} from '@hall/api/internal';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client';
import { articles } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import { listOrderBy } from '../../../lib/list-order';
import { parseRowId } from '../../../lib/row-id';
import { sanitizeContentHtml } from '../../../lib/safe-html';
import { formatShanghaiDateTime } from '../../../lib/shanghai-time';
import { recordAudit, type AuditActor, type OperatorActor } from '../../operators/audit';

type ArticleRow = typeof articles.$inferSelect;

export const ARTICLE_ACTIONS = { create: 'article.create', update: 'article.update', publish: 'article.publish', unpublish: 'article.unpublish', remove: 'article.delete' } as const;
const targetOf = (id: number) => `article:${id}`;

/** The version a save sends back: the last change's time as the row holds it. */
const versionOf = (row: ArticleRow) => String(row.updatedAt.getTime());

function toItem(row: ArticleRow): ConsoleArticleItem {
  return {
    id: String(row.id),
    type: row.type as ArticleType,
    title: row.title,
    status: row.status as ArticleStatus,
    publishedAt: formatShanghaiDateTime(row.publishedAt),
    updatedAt: formatShanghaiDateTime(row.updatedAt),
    updatedBy: row.updatedBy,
  };
}

function toArticle(row: ArticleRow): ConsoleArticle {
  return { ...toItem(row), content: sanitizeContentHtml(row.content), version: versionOf(row) };
}

/** What the audit trail keeps of an article: everything but the bookkeeping. */
const auditView = (row: ArticleRow) => ({ type: row.type, title: row.title, status: row.status, content: row.content, publishedAt: formatShanghaiDateTime(row.publishedAt) });

export interface ConsoleArticleFilter {
  page: number;
  pageSize?: number | undefined;
  sort?: (typeof CONSOLE_ARTICLE_SORTS)[number] | undefined;
  order?: ListOrder | undefined;
  type?: ArticleType | undefined;
  status?: ArticleStatus | undefined;
  search?: string | undefined;
}

/** A page of articles of every status, the latest change first. */
export async function listConsoleArticles(db: Database, filter: ConsoleArticleFilter): Promise<{ items: ConsoleArticleItem[]; total: number; pageSize: number }> {
  const conditions: SQL[] = [];
  if (filter.type) conditions.push(eq(articles.type, filter.type));
  if (filter.status) conditions.push(eq(articles.status, filter.status));
  const term = filter.search?.trim();
  if (term) conditions.push(sql`${articles.title} ILIKE ${containsPattern(term)} ESCAPE '\\'`);
  const where = conditions.length ? and(...conditions) : undefined;
  const pageSize = filter.pageSize ?? CONSOLE_ARTICLE_PAGE_SIZE;
  const rows = await db
    .select()
    .from(articles)
    .where(where)
    .orderBy(
      ...listOrderBy(
        filter.sort,
        filter.order,
        { title: articles.title, publishedAt: articles.publishedAt, updatedAt: articles.updatedAt },
        [desc(articles.updatedAt), desc(articles.id)],
        [desc(articles.id)],
      ),
    )
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(articles).where(where);
  return { items: rows.map(toItem), total: total!.n, pageSize };
}

export async function readConsoleArticle(db: Database, id: string): Promise<ConsoleArticle> {
  const rowId = parseRowId(id);
  const [row] = rowId === null ? [] : await db.select().from(articles).where(eq(articles.id, rowId));
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return toArticle(row);
}

export interface ConsoleArticleInput {
  id?: string | undefined;
  version?: string | undefined;
  type: ArticleType;
  title: string;
  content: string;
}

/** The title trimmed and bounded, the HTML sanitised; refusals say what to fix. */
function checked(input: ConsoleArticleInput): { type: ArticleType; title: string; content: string } {
  const title = input.title.trim();
  if (!title) throw badRequest(CONSOLE_ARTICLE_TITLE_REQUIRED);
  if (Array.from(title).length > CONSOLE_ARTICLE_TITLE_MAX_LENGTH) throw badRequest(CONSOLE_ARTICLE_TITLE_TOO_LONG);
  const content = sanitizeContentHtml(input.content);
  // Text or an image must be left once the markup is gone: an article of empty paragraphs says nothing.
  if (!content.replace(/<(?!img\b)[^>]*>|&nbsp;|\s/gi, '')) throw badRequest(CONSOLE_ARTICLE_CONTENT_REQUIRED);
  if (content.length > CONSOLE_ARTICLE_CONTENT_MAX_LENGTH) throw badRequest(CONSOLE_ARTICLE_CONTENT_TOO_LONG);
  return { type: input.type, title, content };
}

/** The article locked for a change, or 查询无数据. */
async function lockArticle(tx: Transaction, id: string): Promise<ArticleRow> {
  const rowId = parseRowId(id);
  const [row] = rowId === null ? [] : await tx.select().from(articles).where(eq(articles.id, rowId)).for('update');
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return row;
}

/**
 * A new draft, or a change to an existing article (which keeps its status: a published article's
 * correction shows to citizens at once). The row is locked, so a save over a change made since the
 * operator opened the article is refused rather than silently overwriting it.
 */
export async function saveConsoleArticle(db: Database, actor: OperatorActor, input: ConsoleArticleInput): Promise<ConsoleArticle> {
  const values = checked(input);
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [created] = await tx
        .insert(articles)
        .values({ ...values, status: 'draft', publishedAt: now, updatedAt: now, updatedBy: actor.displayName })
        .returning();
      await recordAudit(tx, actor, { action: ARTICLE_ACTIONS.create, target: targetOf(created!.id), before: null, after: auditView(created!) });
      return created!;
    }
    const before = await lockArticle(tx, input.id);
    if (input.version !== undefined && input.version !== versionOf(before)) throw conflict(CONSOLE_ARTICLE_CHANGED);
    const [updated] = await tx
      .update(articles)
      .set({ ...values, updatedAt: now, updatedBy: actor.displayName })
      .where(eq(articles.id, before.id))
      .returning();
    await recordAudit(tx, actor, { action: ARTICLE_ACTIONS.update, target: targetOf(before.id), before: auditView(before), after: auditView(updated!) });
    return updated!;
  });
  return toArticle(row);
}

/** Publishing dates the article now; withdrawing keeps its date. Doing what is already done changes nothing and records nothing. */
export async function publishConsoleArticle(db: Database, actor: OperatorActor, id: string, publish: boolean): Promise<ConsoleArticle> {
  const row = await db.transaction(async (tx) => {
    const before = await lockArticle(tx, id);
    const status: ArticleStatus = publish ? 'published' : 'draft';
    if (before.status === status) return before;
    const now = new Date();
    const [updated] = await tx
      .update(articles)
      .set({ status, updatedAt: now, updatedBy: actor.displayName, ...(publish ? { publishedAt: now } : {}) })
      .where(eq(articles.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: publish ? ARTICLE_ACTIONS.publish : ARTICLE_ACTIONS.unpublish,
      target: targetOf(before.id),
      before: { status: before.status, publishedAt: formatShanghaiDateTime(before.publishedAt) },
      after: { status: updated!.status, publishedAt: formatShanghaiDateTime(updated!.publishedAt), title: updated!.title },
    });
    return updated!;
  });
  return toArticle(row);
}

/** Removes an article; the audit entry keeps what it said. */
export async function deleteConsoleArticle(db: Database, actor: AuditActor, id: string): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    const before = await lockArticle(tx, id);
    await tx.delete(articles).where(eq(articles.id, before.id));
    await recordAudit(tx, actor, { action: ARTICLE_ACTIONS.remove, target: targetOf(before.id), before: auditView(before), after: null });
  });
  return { id };
}
