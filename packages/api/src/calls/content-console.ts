import { z } from 'zod';
import { get, post } from '../define-call';
import { errcodeOnlyReply, errcodeReply } from '../envelopes';
import { plainText, text } from '../common';
import { siteDetails } from './shared/records';
import { itemsReply, pagedReply, removedReply } from './shared/replies';
import { bareRequest, listOrder, listPageSize, listSort, pageNumber } from './shared/requests';
import { ARTICLE_TYPES } from '../messages';
import { commonQuestion, guide } from './content';
import { banner } from './session';
import { ARTICLE_STATUSES, CONSOLE_ARTICLE_SORTS, CONSOLE_ARTICLE_CONTENT_MAX_LENGTH, CONSOLE_ARTICLE_TITLE_MAX_LENGTH, MATERIAL_HINT_MAX_LENGTH } from '../content-limits';

export * from '../content-limits';

/**
 * The console's content management (docs/architecture.md §6), for operators with the 内容管理员 role: the
 * articles of every type citizens read (drafts, publishing), and the banners and menu tiles of the
 * app's home. Every write is audited; a change shows in the citizen app at once.
 */

/** One article as the console lists it. Times: YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const consoleArticleItem = z.object({
  id: z.string(),
  type: z.enum(ARTICLE_TYPES),
  title: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  /** When citizens see it as published; for a draft, when it was created. */
  publishedAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type ConsoleArticleItem = z.infer<typeof consoleArticleItem>;

/** One article opened: also its sanitised HTML, and `version`, which a save sends back to detect a lost update. */
export const consoleArticle = consoleArticleItem.extend({ content: z.string(), version: z.string() });
export type ConsoleArticle = z.infer<typeof consoleArticle>;

const articleId = text(20);

export const contentConsoleCalls = {
  /**
   * A page of articles (pageSize, default CONSOLE_ARTICLE_PAGE_SIZE), newest change first or by the
   * column sorted; type and status narrow it; search matches the title literally.
   */
  listConsoleArticles: post(
    '/online/admin/api/content/articles/list',
    bareRequest.extend({
      page: pageNumber,
      pageSize: listPageSize,
      sort: listSort(CONSOLE_ARTICLE_SORTS),
      order: listOrder,
      type: z.enum(ARTICLE_TYPES).optional(),
      status: z.enum(ARTICLE_STATUSES).optional(),
      search: plainText(100).optional(),
    }),
    pagedReply(consoleArticleItem),
  ),
  /** One article, drafts included; a missing one answers 查询无数据. */
  getConsoleArticle: post('/online/admin/api/content/articles/get', bareRequest.extend({ id: articleId }), errcodeReply(consoleArticle)),
  /**
   * Saves an article: without id a new draft; with id the article's type, title and content (a
   * published one stays published, so the change shows at once). The HTML is sanitised before it is
   * stored. `version` is the one the operator opened: a save over a newer change is refused.
   */
  saveConsoleArticle: post(
    '/online/admin/api/content/articles/save',
    bareRequest.extend({
      id: articleId.optional(),
      version: plainText(40).optional(),
      type: z.enum(ARTICLE_TYPES),
      // Checked after trimming, so the message reaches the operator; these bounds only stop a runaway body.
      title: plainText(CONSOLE_ARTICLE_TITLE_MAX_LENGTH * 4),
      content: plainText(CONSOLE_ARTICLE_CONTENT_MAX_LENGTH * 2),
    }),
    errcodeReply(consoleArticle),
  ),
  /** Publishes (citizens see it from now on, dated now) or withdraws an article to a draft. */
  publishConsoleArticle: post('/online/admin/api/content/articles/publish', bareRequest.extend({ id: articleId, publish: z.boolean() }), errcodeReply(consoleArticle)),
  /** Removes an article for good (its content stays in the audit trail). */
  deleteConsoleArticle: post('/online/admin/api/content/articles/delete', bareRequest.extend({ id: articleId }), removedReply),
  /**
   * A picture for an article's body (multipart: Filedata): a PNG, JPEG, GIF or WebP by its content, at
   * most ARTICLE_PICTURE_MAX_BYTES. Answers its hall address, the only image source an article keeps.
   */
  uploadConsoleArticlePicture: post('/online/admin/api/content/articles/picture', bareRequest.extend({ Filedata: z.instanceof(Blob) }), errcodeReply(z.object({ url: z.string() })), {
    multipart: true,
  }),
  /** An uploaded article picture, public as the articles that show it; its content never changes under its id. */
  articlePicture: get('/online/content/article-picture', bareRequest.extend({ id: text(64) }), errcodeOnlyReply, { binary: true }),
} as const;

/** The hall address of an uploaded article picture (also a material's sample picture). */
export const articlePicturePath = (id: string): string => `${contentConsoleCalls.articlePicture.path}?id=${encodeURIComponent(id)}`;

/** The picture id in an address articlePicturePath made, or null for any other address. */
export function articlePictureIdOf(address: string): string | null {
  const [path, query = ''] = address.split('?');
  if (path !== contentConsoleCalls.articlePicture.path) return null;
  const params = new URLSearchParams(query);
  const id = params.get('id');
  return id && [...params.keys()].length === 1 && /^[\w-]{1,64}$/.test(id) ? id : null;
}

// ── Banners and menus of the app's home ─────────────────────────────────────────────────

/** One banner as the console sees it: `url` is the image address the app shows. */
export const consoleBanner = banner.extend({ sort: z.number(), enabled: z.boolean() });
export type ConsoleBanner = z.infer<typeof consoleBanner>;

/** One group (parentId null) or tile of the home's menu; menutype view is an external link. */
export const consoleMenu = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  menuname: z.string(),
  menutype: z.enum(['click', 'view']),
  url: z.string(),
  imgpath: z.string(),
  bz: z.string(),
  sort: z.number(),
  visible: z.boolean(),
});
export type ConsoleMenu = z.infer<typeof consoleMenu>;
export const consoleMenuGroup = consoleMenu.extend({ tiles: z.array(consoleMenu) });
export type ConsoleMenuGroup = z.infer<typeof consoleMenuGroup>;

const contentId = text(64);
/** A whole list's new order: exactly its ids, first first. */
const orderIds = z.array(plainText(64)).min(1).max(200);
/** Every group with its tiles, as the list and a new order answer them. */
const menuGroupsReply = errcodeReply(z.object({ groups: z.array(consoleMenuGroup) }));

export const contentHomeCalls = {
  listConsoleBanners: post('/online/admin/api/content/banners/list', bareRequest, itemsReply(consoleBanner)),
  /** A new banner (placed last, shown once it has an image and is enabled) or a change to one's title, link and switch. */
  saveConsoleBanner: post(
    '/online/admin/api/content/banners/save',
    bareRequest.extend({ id: contentId.optional(), title: plainText(400), link: plainText(1000), enabled: z.boolean() }),
    errcodeReply(consoleBanner),
  ),
  /** A banner's image (multipart: id, Filedata): a PNG, JPEG, GIF or WebP by its content, at most BANNER_IMAGE_MAX_BYTES. */
  uploadConsoleBannerImage: post('/online/admin/api/content/banners/image', bareRequest.extend({ id: contentId, Filedata: z.instanceof(Blob) }), errcodeReply(consoleBanner), { multipart: true }),
  orderConsoleBanners: post('/online/admin/api/content/banners/order', bareRequest.extend({ ids: orderIds }), itemsReply(consoleBanner)),
  deleteConsoleBanner: post('/online/admin/api/content/banners/delete', bareRequest.extend({ id: contentId }), removedReply),
  /** An uploaded banner image, public as the home that shows it. */
  bannerImage: get('/online/content/banner-image', bareRequest.extend({ id: contentId, v: plainText(64).optional() }), errcodeOnlyReply, { binary: true }),

  /** Every group with its tiles, hidden ones included, in the home's order. */
  listConsoleMenus: post('/online/admin/api/content/menus/list', bareRequest, menuGroupsReply),
  /** A new group (parentId null) or tile (placed last in its group), or a change to one. */
  saveConsoleMenu: post(
    '/online/admin/api/content/menus/save',
    bareRequest.extend({
      id: contentId.optional(),
      parentId: contentId.nullable(),
      menuname: plainText(200),
      menutype: z.enum(['click', 'view']),
      url: plainText(1000),
      imgpath: plainText(1000),
      bz: plainText(400),
      visible: z.boolean(),
    }),
    errcodeReply(consoleMenu),
  ),
  /** The new order of the groups (parentId null) or of one group's tiles. */
  orderConsoleMenus: post('/online/admin/api/content/menus/order', bareRequest.extend({ parentId: contentId.nullable(), ids: orderIds }), menuGroupsReply),
  /** Removes a tile, or a group that has no tiles left. */
  deleteConsoleMenu: post('/online/admin/api/content/menus/delete', bareRequest.extend({ id: contentId }), removedReply),
} as const;

// ── Common questions, contact lines, the map's tile provider ────────────────────────────

export const consoleQuestion = commonQuestion.extend({ sort: z.number() });
export type ConsoleQuestion = z.infer<typeof consoleQuestion>;
export const mapSetting = z.object({ tileUrl: z.string(), attribution: z.string() });
export type MapSetting = z.infer<typeof mapSetting>;

/** The contact lines, as reading and saving them answer. */
const contactReply = errcodeReply(z.object({ lines: z.array(z.string()) }));

export const contentInfoCalls = {
  listConsoleQuestions: post('/online/admin/api/content/questions/list', bareRequest, itemsReply(consoleQuestion)),
  /** A new question (placed last) or a change to one. */
  saveConsoleQuestion: post(
    '/online/admin/api/content/questions/save',
    bareRequest.extend({ id: articleId.optional(), question: plainText(2000), answer: plainText(20000) }),
    errcodeReply(consoleQuestion),
  ),
  orderConsoleQuestions: post('/online/admin/api/content/questions/order', bareRequest.extend({ ids: orderIds }), itemsReply(consoleQuestion)),
  deleteConsoleQuestion: post('/online/admin/api/content/questions/delete', bareRequest.extend({ id: articleId }), removedReply),
  /** The contact lines 联系我们 shows, one a line (e.g. 地址：…). */
  getConsoleContact: post('/online/admin/api/content/contact/get', bareRequest, contactReply),
  saveConsoleContact: post('/online/admin/api/content/contact/save', bareRequest.extend({ lines: z.array(plainText(1000)).max(100) }), contactReply),
  /** The service-site map's tile provider (系统管理员): an https template with {z}, {x}, {y}, or '' for no map. */
  getMapSetting: post('/online/admin/api/settings/map/get', bareRequest, errcodeReply(mapSetting)),
  saveMapSetting: post('/online/admin/api/settings/map/save', bareRequest.extend({ tileUrl: plainText(1000), attribution: plainText(1000) }), errcodeReply(mapSetting)),
} as const;

// ── Service sites: the details the site list and its map show ──────────────────────────

/** One service site (an appointment area): what citizens see of it in the site list and on the map. */
export const serviceSiteDetails = z.object({
  id: z.string(),
  areaName: z.string(),
  xzqdm: z.string(),
  ...siteDetails,
});
export type ServiceSiteDetails = z.infer<typeof serviceSiteDetails>;

export const contentSiteCalls = {
  listConsoleSites: post('/online/admin/api/content/sites/list', bareRequest, itemsReply(serviceSiteDetails)),
  /** A site's address, hours, phone and coordinates; which sites exist and what they handle is the appointment settings'. */
  saveConsoleSite: post(
    '/online/admin/api/content/sites/save',
    bareRequest.extend({ id: contentId, address: plainText(1000), worktime: plainText(1000), phone: plainText(200), lat: plainText(40), lng: plainText(40) }),
    errcodeReply(serviceSiteDetails),
  ),
} as const;

// ── Downloadable forms ──────────────────────────────────────────────────────────────────

export const consoleDownload = z.object({ id: z.string(), fileName: z.string(), fileAlias: z.string(), xzqdm: z.string(), size: z.number(), url: z.string() });
export type ConsoleDownload = z.infer<typeof consoleDownload>;

export const contentDownloadCalls = {
  listConsoleDownloads: post('/online/admin/api/content/downloads/list', bareRequest, itemsReply(consoleDownload)),
  /**
   * A new downloadable form, or a new file for one (multipart: id to replace, fileAlias, Filedata): a
   * PDF, Word or Excel file by its content and name, at most DOWNLOAD_FILE_MAX_BYTES. The list shows it
   * under the uploaded file's name.
   */
  uploadConsoleDownload: post(
    '/online/admin/api/content/downloads/upload',
    bareRequest.extend({ id: articleId.optional(), fileAlias: plainText(400), Filedata: z.instanceof(Blob) }),
    errcodeReply(consoleDownload),
    { multipart: true },
  ),
  deleteConsoleDownload: post('/online/admin/api/content/downloads/delete', bareRequest.extend({ id: articleId }), removedReply),
} as const;

// ── Handling guides and required materials per business ─────────────────────────────────

/** A material a business asks for, with the help 资料上传 shows: a hint, and the address of a sample picture (an uploaded article picture) or ''. */
export const catalogueMaterial = z.object({ id: z.string().optional(), name: z.string(), required: z.boolean(), hint: z.string(), sampleUrl: z.string() });
export type CatalogueMaterial = z.infer<typeof catalogueMaterial>;
export const consoleGuide = z.object({
  prodefid: z.string(),
  prodefName: z.string(),
  ...guide.shape,
  materials: z.array(catalogueMaterial),
});
export type ConsoleGuide = z.infer<typeof consoleGuide>;

export const contentGuideCalls = {
  /** Every business with whether it has a guide and how many materials it asks for. */
  listConsoleGuides: post(
    '/online/admin/api/content/guides/list',
    bareRequest,
    itemsReply(z.object({ prodefid: z.string(), prodefName: z.string(), areaname: z.string(), hasGuide: z.boolean(), materials: z.number() })),
  ),
  getConsoleGuide: post('/online/admin/api/content/guides/get', bareRequest.extend({ prodefid: contentId }), errcodeReply(consoleGuide)),
  /** A business's guide (sanitised HTML) and its material list in order; new applications copy the list, applications already started keep theirs. */
  saveConsoleGuide: post(
    '/online/admin/api/content/guides/save',
    bareRequest.extend({
      prodefid: contentId,
      title: plainText(1000),
      content: plainText(CONSOLE_ARTICLE_CONTENT_MAX_LENGTH * 2),
      cdzmyhxzContent: plainText(CONSOLE_ARTICLE_CONTENT_MAX_LENGTH * 2),
      materials: z
        .array(z.object({ id: text(20).optional(), name: plainText(400), required: z.boolean(), hint: plainText(MATERIAL_HINT_MAX_LENGTH * 2).optional(), sampleUrl: plainText(200).optional() }))
        .max(200),
    }),
    errcodeReply(consoleGuide),
  ),
} as const;
