import { NO_DATA_MESSAGE, articleHref, type Article, type ArticleListItem, type ArticleType } from '@hall/api/internal';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { articles } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';
import { firstRowById, parseRowId } from '../../../lib/row-id';
import { sanitizeContentHtml } from '../../../lib/safe-html';
import { formatShanghaiDate } from '../../../lib/shanghai-time';

type ArticleRow = typeof articles.$inferSelect;

export const ARTICLE_TITLE_MAX_LENGTH = 200;
export const ARTICLE_TITLE_REQUIRED = '标题不能为空';
export const ARTICLE_TITLE_TOO_LONG = `标题不能超过${ARTICLE_TITLE_MAX_LENGTH}个字`;
export const ARTICLE_CONTENT_REQUIRED = '内容不能为空';

/** Only published articles reach citizens; a draft is the console's alone. */
const PUBLISHED = eq(articles.status, 'published');

/** One type's published articles, newest first; a search matches the title case-insensitively and literally. */
export async function listArticles(db: Database, type: ArticleType, search?: string): Promise<ArticleListItem[]> {
  const term = search?.trim();
  const rows = await db
    .select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(PUBLISHED, eq(articles.type, type), term ? sql`${articles.title} ILIKE ${containsPattern(term)} ESCAPE '\\'` : undefined))
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  return rows.map((row) => ({ id: String(row.id), title: row.title, url: articleHref(String(row.id), type), time: formatShanghaiDate(row.publishedAt) }));
}

/** One published article, its HTML sanitised again on the way out. A given type must match the article's. */
export async function readArticle(db: Database, id: string, type?: ArticleType): Promise<Article> {
  const row = await firstRowById(id, (rowId) =>
    db
      .select()
      .from(articles)
      .where(and(PUBLISHED, eq(articles.id, rowId), type ? eq(articles.type, type) : undefined)),
  );
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return toArticle(row);
}

function toArticle(row: ArticleRow): Article {
  return { id: String(row.id), title: row.title, content: sanitizeContentHtml(row.content), time: formatShanghaiDate(row.publishedAt), type: row.type as ArticleType };
}

export interface ArticleInput {
  type: ArticleType;
  title: string;
  content: string;
  publishedAt?: Date;
}

function checkedArticle(input: ArticleInput): { type: ArticleType; title: string; content: string; publishedAt?: Date } {
  const title = input.title.trim();
  if (!title) throw badRequest(ARTICLE_TITLE_REQUIRED);
  if (Array.from(title).length > ARTICLE_TITLE_MAX_LENGTH) throw badRequest(ARTICLE_TITLE_TOO_LONG);
  const content = sanitizeContentHtml(input.content);
  if (!content.trim()) throw badRequest(ARTICLE_CONTENT_REQUIRED);
  return { type: input.type, title, content, ...(input.publishedAt ? { publishedAt: input.publishedAt } : {}) };
}

/** Publishes an article; its HTML is sanitised before it is stored (and again whenever it is read). */
export async function createArticle(db: Database, input: ArticleInput): Promise<Article> {
  const [row] = await db.insert(articles).values(checkedArticle(input)).returning();
  return toArticle(row!);
}

/** Replaces an article's type, title and content; sanitised like a new one. */
export async function updateArticle(db: Database, id: string | number, input: ArticleInput): Promise<Article> {
  const rowId = parseRowId(id);
  const [row] = rowId === null ? [] : await db.update(articles).set(checkedArticle(input)).where(eq(articles.id, rowId)).returning();
  if (!row) throw notFound(NO_DATA_MESSAGE);
  return toArticle(row);
}
