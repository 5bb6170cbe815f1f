/** The citizen routes of spec part 3 §2.21, one home for every path the app links to. */
export const paths = {
  home: '/',
  my: '/my',
  mine: '/mine',
  logout: '/logout',
  waiting: '/waiting',
  notFound: '/page404',
  ok: '/ok',
  userInfo: '/userInfo',
  feedBack: '/feedBack',
  feedBackList: '/feedBackList',
  feedBackDetail: '/feedBackDetail',
  commonQuesList: '/commonQuesList',
  contactUs: '/ContactUs',
  progressQuery: '/progressQuery',
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
  upload: '/upload',
  applyDetail: '/applyDetail',
  applyDetailDyqsc: '/applyDetailDyqsc',
  applyDetailYgdj: '/applyDetailYgdj',
  applyDetailClfmm: '/applyDetailClfmm',
  applyDetailDyqzy: '/applyDetailDyqzy',
  applyDetailYdy: '/applyDetailYdy',
  applyDetailYgYdy: '/applyDetailYg_Ydy',
  applyDetailZxdj: '/applyDetailZxdj',
  personD: '/personD',
  dyxxD: '/dyxxD',
  ygqlxxD: '/ygqlxxD',
  dyqD: '/dyqD',
  qlxxD: '/qlxxD',
  houseD: '/houseD',
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
} as const;

export function href(path: string, query: Record<string, string | number | undefined | null> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
