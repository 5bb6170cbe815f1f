import { ARTICLE_TYPES } from './messages';

/** Names, limits and messages of the console's content management, shared by the server and the admin shell. */

export const ARTICLE_TYPE_NAMES: Record<(typeof ARTICLE_TYPES)[number], string> = {
  article: '新闻动态',
  bszn: '办事指南',
  xxgs: '信息公示',
  laws: '法律法规',
  tzgg: '通知公告',
};

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const CONSOLE_ARTICLE_TITLE_MAX_LENGTH = 200;
/** The longest article HTML the hall keeps (inline images included). */
export const CONSOLE_ARTICLE_CONTENT_MAX_LENGTH = 2_000_000;
export const CONSOLE_ARTICLE_PAGE_SIZE = 20;
export const CONSOLE_ARTICLE_TITLE_REQUIRED = '请填写标题';
export const CONSOLE_ARTICLE_TITLE_TOO_LONG = `标题不能超过${CONSOLE_ARTICLE_TITLE_MAX_LENGTH}个字，请精简后再保存`;
export const CONSOLE_ARTICLE_CONTENT_REQUIRED = '请填写正文（只含脚本等不安全内容的正文会被清除）';
export const CONSOLE_ARTICLE_CONTENT_TOO_LONG = '正文过长，请删减内容或缩小图片后再保存';
/** Someone else saved the article after this operator opened it. */
export const CONSOLE_ARTICLE_CHANGED = '该文章已被其他人修改，请复制您的修改后刷新页面再保存';

