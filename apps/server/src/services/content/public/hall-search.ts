import { articleHref, type ArticleType, type HallSearchHit } from '@hall/api/internal';
import { citizenPaths, getHref } from '@hall/domain/internal';
import { and, asc, desc, eq, sql, type Column } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { articles, businesses, commonQuestions, downloadFiles } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { containsPattern } from '../../../lib/like-pattern';

/**
 * One search on the home across what the hall publishes: the article lists, the downloads, the
 * common questions and the businesses a citizen can apply for in the hall's district. Titles match
 * literally and case-insensitively; each kind gives its first hits, in the order its own list shows.
 */

/** Not worded by the spec: a search with nothing to look for. */
export const SEARCH_TERM_REQUIRED = '请输入要搜索的内容';
/** How many hits of one kind the home shows; the kind's own list holds the rest. */
export const HITS_PER_KIND = 8;

/** The article kinds as the hall's lists name them. */
const ARTICLE_KINDS: readonly [ArticleType, string][] = [
  ['article', '新闻中心'],
  ['bszn', '办事指南'],
  ['laws', '政策法规'],
  ['xxgs', '公示公告'],
  ['tzgg', '房源信息'],
];

const matches = (column: Column, pattern: string) => sql`${column} ILIKE ${pattern} ESCAPE '\\'`;

export async function searchHall(db: Database, search: string, hallDistrict: string): Promise<HallSearchHit[]> {
  const term = search.trim();
  if (!term) throw badRequest(SEARCH_TERM_REQUIRED);
  const pattern = containsPattern(term);
  const [articleRows, downloadRows, questionRows, businessRows] = await Promise.all([
    db
      .select({ id: articles.id, type: articles.type, title: articles.title })
      .from(articles)
      .where(and(eq(articles.status, 'published'), matches(articles.title, pattern)))
      .orderBy(desc(articles.publishedAt), desc(articles.id)),
    db
      .select({ fileName: downloadFiles.fileName, fileAlias: downloadFiles.fileAlias })
      .from(downloadFiles)
      .where(and(matches(downloadFiles.fileAlias, pattern), sql`${downloadFiles.xzqdm} in ('', ${hallDistrict})`))
      .orderBy(asc(downloadFiles.sort), asc(downloadFiles.id))
      .limit(HITS_PER_KIND),
    db.select().from(commonQuestions).where(matches(commonQuestions.question, pattern)).orderBy(asc(commonQuestions.sort), asc(commonQuestions.id)).limit(HITS_PER_KIND),
    db
      .select()
      .from(businesses)
      .where(and(matches(businesses.prodefName, pattern), eq(businesses.xzqdm, hallDistrict)))
      .orderBy(asc(businesses.sort), asc(businesses.id))
      .limit(HITS_PER_KIND),
  ]);
  return [
    ...ARTICLE_KINDS.flatMap(([type, kind]) =>
      articleRows
        .filter((row) => row.type === type)
        .slice(0, HITS_PER_KIND)
        .map((row) => ({ kind, title: row.title, href: articleHref(String(row.id), type) })),
    ),
    ...downloadRows.map((row) => ({ kind: '资料下载', title: row.fileAlias, href: getHref(citizenPaths.zlxz, { q: row.fileAlias }) })),
    ...questionRows.map((row) => ({ kind: '常见问题', title: row.question, href: citizenPaths.commonQuesList })),
    ...businessRows.map((row) => ({
      kind: '网上申请',
      title: row.prodefName,
      href: getHref(citizenPaths.apply, { appointment: '0', id: row.id, name: row.prodefName, djlx: row.djlx, qllx: row.qllx, code: row.code }),
    })),
  ];
}
