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
  querycertrecord: '/querycertrecord',
  pdfView: '/PDFview',
  /** /info/:screen — the information-fill screens (infofill, infofillydy, infofillzxdj …). */
  info: '/info',
  infoPerson: '/info/person',
  infoDyxxinfo: '/info/dyxxinfo',
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
} as const;

export function href(path: string, query: Record<string, string | number | undefined | null> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
