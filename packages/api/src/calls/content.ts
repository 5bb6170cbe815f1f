import { z } from 'zod';
import { apilist, post } from '../define-call';
import { errcodeReply, webstateReply } from '../envelopes';
import { text } from '../common';
import { bareRequest, userRequest } from './shared/requests';
import { ARTICLE_TYPES } from '../messages';

export { ARTICLE_TYPES, NO_DATA_MESSAGE, EMPTY_LIST_MESSAGE, articleHref, type ArticleType } from '../messages';

/** A stored row's id as the contract carries it: a string of digits; a number from a form is accepted too. */
const rowId = text(20);

// ── Feedback (spec part 1 §2, §3) ─────────────────────────────────────────────────────────

/** One feedback item. Times are YYYY-MM-DD HH:mm:ss (Asia/Shanghai); '' while not replied. */
export const feedbackItem = z.object({
  id: z.string(),
  /** What the citizen wrote. */
  yjnrstr: z.string(),
  /** The reply; both names carry the same text ('' while waiting). */
  fknrstr: z.string(),
  replycontent: z.string(),
  /** Submit time. */
  tjsj: z.string(),
  /** Reply time, '' while waiting. */
  fksj: z.string(),
  /** 0 waiting for a reply; any other value replied. */
  status: z.number(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

// ── Common questions, articles, guides (spec part 1 §3) ───────────────────────────────────

export const commonQuestion = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type CommonQuestion = z.infer<typeof commonQuestion>;

export const articleType = z.enum(ARTICLE_TYPES);

/** One list row: `url` is the app's article page (articleHref); `time` is the publication date, YYYY-MM-DD. */
export const articleListItem = z.object({ id: z.string(), title: z.string(), url: z.string(), time: z.string() });
export type ArticleListItem = z.infer<typeof articleListItem>;

/** One article; `content` is HTML the server has sanitised. */
export const article = z.object({ id: z.string(), title: z.string(), content: z.string(), time: z.string(), type: articleType });
export type Article = z.infer<typeof article>;

/** The guide of one business (prodefid); content and cdzmyhxzContent are sanitised HTML. */
export const guide = z.object({ title: z.string(), content: z.string(), cdzmyhxzContent: z.string() });
export type Guide = z.infer<typeof guide>;

// ── Regions (spec part 1 §3 "Address list", part 2 §2 /seladd) ───────────────────────────

export const districtRegion = z.object({ xzqmc: z.string(), xzqdm: z.string() });
/** A city and its districts; a city without districts has an empty districtxzq. */
export const cityRegion = z.object({ xzqmc: z.string(), xzqdm: z.string(), districtxzq: z.array(districtRegion) });
export type CityRegion = z.infer<typeof cityRegion>;

/** The default region of the address list in this area (spec part 1 §9). */
export const DEFAULT_ADDRESS_XZQDM = '130400';

// ── Progress (spec part 1 §2, §3) ─────────────────────────────────────────────────────────

/** One case of the registry; actStart is YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const progressResult = z.object({
  serialNumber: z.string(),
  name: z.string(),
  processName: z.string(),
  actStart: z.string(),
  activityName: z.string(),
});
export type ProgressResult = z.infer<typeof progressResult>;

/** What one search on the home finds: its kind (新闻动态, 办事指南 …), its title and the hall page that opens it. */
export const hallSearchHit = z.object({ kind: z.string(), title: z.string(), href: z.string() });
export type HallSearchHit = z.infer<typeof hallSearchHit>;

export const contentCalls = {
  /** Submit feedback: webstate 1, or webstate -1 with errmsg. */
  sendSaveFeedback: apilist(
    'addSugge',
    // The 200-character rule is the domain's (validateFeedback), so its message reaches the citizen;
    // this bound only keeps a runaway payload out.
    userRequest.extend({ content: text(4000).optional() }),
    webstateReply(z.object({ id: z.string() })),
  ),
  /** The session user's feedback, newest first. page and rows are declared by the app but not used (spec part 1 §9). */
  getFeedBackListPage: apilist('getSuggeList', userRequest.extend({ page: text(8).optional(), rows: text(8).optional() }), webstateReply(z.array(feedbackItem))),
  /** One feedback item of the session user; another's or a missing one answers 查询无数据. */
  getFeedBack: apilist('getSugge', userRequest.extend({ id: rowId }), webstateReply(feedbackItem)),

  getCommonQuesList: post('/mp/api/commonques/list', bareRequest, errcodeReply(z.array(commonQuestion))),
  /** One search across news, guides, laws, announcements, downloads, common questions and the businesses to apply for. */
  searchHall: apilist('searchHall', bareRequest.extend({ searchVal: text(50) }), errcodeReply(z.array(hallSearchHit))),
  getCommonQues: post('/mp/api/commonques/get', bareRequest.extend({ id: rowId }), errcodeReply(commonQuestion)),

  /** The hall's contact lines as one comma-separated string. slsqId is accepted; the lines are the same for every application. */
  getContactUs: apilist('getContactUs', bareRequest.extend({ slsqId: text(64).optional() }), errcodeReply(z.string())),

  /**
   * Cities with their districts for the region chooser: a province code gives its cities, a city
   * code that city, a district code its city. '--' placeholders are left out of districtxzq.
   */
  getAddressList: apilist('getAddressList', bareRequest.extend({ xzqdm: text(12).default(DEFAULT_ADDRESS_XZQDM) }), errcodeReply(z.object({ cityxzq: z.array(cityRegion) }))),

  /** An article list, newest first, searchVal matching the title literally; empty → errcode 01 with EMPTY_LIST_MESSAGE. */
  getServiceGuids: apilist(
    'getServiceGuids',
    bareRequest.extend({
      type: articleType,
      /** Only 'all' is specified: the whole list, paged by the app (5 a page). */
      page: z.literal('all').default('all'),
      searchVal: text(100).optional(),
    }),
    errcodeReply(z.array(articleListItem)),
  ),
  /** One article for the article page. */
  getArticle: apilist('getArticle', bareRequest.extend({ id: rowId, type: articleType.optional() }), errcodeReply(article)),

  initGuide: apilist('initGuide', bareRequest.extend({ prodefid: text(64) }), errcodeReply(guide)),

  /** Progress by acceptance number (letter case significant): errcode 00 with data[0], or 01 with 查询无数据. */
  querySearch: apilist('querySearch', userRequest.extend({ appPlosh: text(64) }), errcodeReply(z.array(progressResult))),
} as const;
