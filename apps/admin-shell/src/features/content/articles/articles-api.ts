import {
  ARTICLE_PICTURE_MAX_BYTES,
  ARTICLE_PICTURE_TOO_LARGE,
  errcodeOk,
  NO_DATA_MESSAGE,
  replyMessage,
  type ArticleStatus,
  type ArticleType,
  type CONSOLE_ARTICLE_SORTS,
  type ConsoleArticle,
  type ConsoleArticleItem,
} from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER, NotFoundError } from '@hall/app';
import { api } from '../../../lib/hall';
import { listAskOf, type TableState } from '../../../lib/table-state';

export interface ArticlePage {
  items: ConsoleArticleItem[];
  total: number;
  pageSize: number;
}

export interface ArticleFilter {
  type?: ArticleType | undefined;
  status?: ArticleStatus | undefined;
  search?: string | undefined;
}

/** A page of articles, drafts included, newest change first unless the table sorts them. Throws the server's message. */
export async function loadArticles(table: TableState, filter: ArticleFilter): Promise<ArticlePage> {
  const reply = await api.listConsoleArticles({ ...listAskOf<(typeof CONSOLE_ARTICLE_SORTS)[number]>(table), ...filter, search: filter.search || undefined });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

/** One article. Throws NotFoundError for an unknown one, else the server's message. */
export async function loadArticle(id: string): Promise<ConsoleArticle> {
  const reply = await api.getConsoleArticle({ id });
  if (errcodeOk(reply) && reply.data) return reply.data;
  const message = replyMessage(reply, LOAD_FAILED_TRY_LATER);
  throw message === NO_DATA_MESSAGE ? new NotFoundError(message) : new Error(message);
}

export type ArticleOutcome = { article: ConsoleArticle } | { problem: string };

const outcomeOf = (reply: Awaited<ReturnType<typeof api.saveConsoleArticle>>, fallback: string): ArticleOutcome =>
  errcodeOk(reply) && reply.data ? { article: reply.data } : { problem: replyMessage(reply, fallback) };

export async function saveArticle(values: { id?: string; version?: string; type: ArticleType; title: string; content: string }): Promise<ArticleOutcome> {
  return outcomeOf(await api.saveConsoleArticle(values), '保存失败，请稍后重试');
}

export async function publishArticle(id: string, publish: boolean): Promise<ArticleOutcome> {
  return outcomeOf(await api.publishConsoleArticle({ id, publish }), publish ? '发布失败，请稍后重试' : '撤回失败，请稍后重试');
}

/** Answers null when removed, else the server's message. */
export async function deleteArticle(id: string): Promise<string | null> {
  const reply = await api.deleteConsoleArticle({ id });
  return errcodeOk(reply) ? null : replyMessage(reply, '删除失败，请稍后重试');
}

export type PictureOutcome = { url: string } | { problem: string };

/** Uploads a picture for an article's body; answers its hall address, or why not. A file too large is refused before it is sent. */
export async function uploadArticlePicture(file: File): Promise<PictureOutcome> {
  if (file.size > ARTICLE_PICTURE_MAX_BYTES) return { problem: ARTICLE_PICTURE_TOO_LARGE };
  const reply = await api.uploadConsoleArticlePicture({ Filedata: file });
  return errcodeOk(reply) && reply.data ? { url: reply.data.url } : { problem: replyMessage(reply, '图片上传失败，请稍后重试') };
}
