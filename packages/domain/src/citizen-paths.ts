/**
 * The citizen's routes (spec part 3 §2.21) as one tree, and the one href builder.
 * The tree lives in the domain because the domain's routing tables (detail pages, statements,
 * archive certificates) and the server's redirects name the same pages the citizen app routes;
 * the app's config/paths.ts hands it to the screens. It imports nothing, so the router can name
 * every path without loading any rule.
 */

export const citizenPaths = {
  home: '/',
  my: '/my',
  /** The 消息中心 of the personal centre: the citizen's messages, one message, and the channels they come by. */
  messages: '/my/messages',
  message: '/my/message',
  messageChannels: '/my/messageChannels',
  mine: '/mine',
  logout: '/logout',
  waiting: '/waiting',
  /** The hall's own sign-in (手机验证码登录, 密码登录) for browsers other than WeChat's. */
  login: '/login',
  notFound: '/page404',
  ok: '/ok',
  userInfo: '/userInfo',
  feedBack: '/feedBack',
  feedBackList: '/feedBackList',
  feedBackDetail: '/feedBackDetail',
  commonQuesList: '/commonQuesList',
  contactUs: '/ContactUs',
  progressQuery: '/progressQuery',
  /**
   * /findaccept (§2.21's route table, no screen of its own in the spec): finding an accepted case
   * (受理) by its acceptance number, which is what the progress query does; the same screen.
   */
  findaccept: '/findaccept',
  certificateQuery: '/certificateQuery',
  dzzzQuery: '/dzzzQuery',
  record: '/record',
  dzzzrecord: '/dzzzrecord',
  dzzzverification: '/dzzzverification',
  dzzzverificationrecord: '/dzzzverificationrecord',
  news: '/news',
  guide: '/guide',
  gsgg: '/gsgg',
  laws: '/laws',
  /** /gov/:type — laws, xxgs or tzgg. */
  gov: '/gov',
  articlecontent: '/articlecontent',
  apply: '/apply',
  seladd: '/seladd',
  sel: '/sel',
  selapp: '/selapp',
  prodoing: '/prodoing',
  querycert: '/querycert',
  querycertrecord: '/querycertrecord',
  /** The archive certificate: /CatchCert_yhxz in district 140200, else /CatchCert_new; /catchcert the same page. */
  catchcert: '/catchcert',
  catchCertNew: '/CatchCert_new',
  catchCertYhxz: '/CatchCert_yhxz',
  /** The registration property certificate query (query djlx, qllx, slbh, id, appointment, code). */
  bdcqzQuery: '/bdcqzQuery',
  pdfView: '/PDFview',
  /** /info/:screen — the information-fill screens (infofill, infofillydy, infofillzxdj …). */
  info: '/info',
  infoPerson: '/info/person',
  infoDyxxinfo: '/info/dyxxinfo',
  /** The house information form: the unit form under its own title. */
  infoHouseinfo: '/info/houseinfo',
  /** Mortgage rights (savetype 3); react-router matches /info/Dyqinfo to it too (paths are case-insensitive). */
  infoDyqinfo: '/info/dyqinfo',
  infoYgqlxx: '/info/ygqlxx',
  infoQlxxinfo: '/info/qlxxinfo',
  /** The statement screens of the rights information (part 3 §2.12–§2.14). */
  statements: {
    propertyInfo: '/info/infofillJc',
    rightsStatements: '/info/infofillJcinfo',
    inquiryRecord: '/info/InfoFillJcinfoAskRecord',
    /** The previews, numbered as the spec numbers them: 1 undertaking, 2 inquiry, 3 change statement, 4 change inquiry. */
    undertakingPreview: '/info/InfoFillJjsxx',
    inquiryPreview: '/info/InfoFillJcWxjlxx',
    changeStatementPreview: '/info/InfoFillcqzmssm',
    changeInquiryPreview: '/info/InfoFillcqzwxjl',
  },
  upload: '/upload',
  /**
   * The read-only detail pages, one per fill screen they mirror. §2 writes the generic one
   * /ApplyDetail, the route table (§2.21) /applyDetail, which is kept.
   */
  applyDetail: {
    general: '/applyDetail',
    dyqzy: '/applyDetailDyqzy',
    dyqsc: '/applyDetailDyqsc',
    clfmm: '/applyDetailClfmm',
    ydy: '/applyDetailYdy',
    ygdj: '/applyDetailYgdj',
    ygYdy: '/applyDetailYg_Ydy',
    zxdj: '/applyDetailZxdj',
  },
  /** The read-only previews a detail page opens (项目信息预览). */
  recordPreview: {
    person: '/personD',
    unit: '/dyxxD',
    preNotationRights: '/ygqlxxD',
    mortgageRights: '/dyqD',
    rightsInfo: '/qlxxD',
    house: '/houseD',
  },
  userSign: '/userSign',
  yuyue: '/yuyue',
  yuyueForm: '/yuyueForm',
  yuyueDetail: '/yuyueDetail',
  yuyueRecord: '/yuyueRecord',
  /** The queue-number module (spec part 3 §2.6): halls, a hall's businesses, day and time, the number, my numbers. */
  queue: '/queue',
  queueBusiness: '/queue/business',
  queueTime: '/queue/time',
  queueResult: '/queue/result',
  queueOrders: '/queue/orders',
  /** Service sites with a map, and the data downloads (spec part 3 §2.18, §2.19). */
  fwwd: '/fwwd',
  zlxz: '/zlxz',
  appointment: '/appointment',
  apmorder: '/apmorder',
  apmrecord: '/apmrecord',
  /** 好差评: rating one finished service (?kind=&id=), and 我的评价 with the follow-ups' answers. */
  rate: '/rate',
  myRatings: '/myRatings',
} as const;

export type CitizenPaths = typeof citizenPaths;
/** One of the read-only detail pages. */
export type DetailRoute = CitizenPaths['applyDetail'][keyof CitizenPaths['applyDetail']];

export type RouteQueryValue = string | number | boolean | null | undefined;

/**
 * path?key=value&… in the order given, every key and value encoded with encodeURIComponent.
 * An empty value is an absent value: null, undefined and '' are left out. Every screen reads its
 * query as `params.get(key) ?? ''`, so a missing key and an empty one mean the same to it, and the
 * screens hand their own '' defaults back here; leaving them out keeps a URL free of `code=&`.
 */
export function getHref(path: string, query: Readonly<Record<string, RouteQueryValue>> = {}): string {
  const pairs = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}
