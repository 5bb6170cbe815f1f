/** The demo content a fresh hall starts with, so every screen has something real to show. */
import { DEMO_CENTRE } from './demo-centre';

export const DEMO_MENUS = [
  { id: 'g-apply', parentId: null, menuname: '网上办理', menutype: 'click', url: '', imgpath: '/online/assets/icons/apply.svg', bz: '足不出户 网上申请', sort: 1 },
  { id: 'm-seladd', parentId: 'g-apply', menuname: '网上申请', menutype: 'click', url: '/seladd', imgpath: '/online/assets/icons/apply.svg', bz: '登记业务在线申请', sort: 1 },
  { id: 'm-prodoing', parentId: 'g-apply', menuname: '我的申请', menutype: 'click', url: '/prodoing', imgpath: '/online/assets/icons/list.svg', bz: '查看办理进度与结果', sort: 2 },
  { id: 'm-yuyue', parentId: 'g-apply', menuname: '预约办理', menutype: 'click', url: '/yuyue', imgpath: '/online/assets/icons/calendar.svg', bz: '预约窗口办理时间', sort: 3 },
  { id: 'm-progress', parentId: 'g-apply', menuname: '进度查询', menutype: 'click', url: '/progressQuery', imgpath: '/online/assets/icons/progress.svg', bz: '按申请编号查询', sort: 4 },
  { id: 'm-queue', parentId: 'g-apply', menuname: '排队取号', menutype: 'click', url: '/queue', imgpath: '/online/assets/icons/queue.svg', bz: '网上取号到厅办理', sort: 5 },
  { id: 'm-appointment', parentId: 'g-apply', menuname: '窗口预约', menutype: 'click', url: '/appointment', imgpath: '/online/assets/icons/counter.svg', bz: '按时段到厅办理', sort: 6 },
  { id: 'g-query', parentId: null, menuname: '查询服务', menutype: 'click', url: '', imgpath: '/online/assets/icons/search.svg', bz: '证书证照 随时可查', sort: 2 },
  { id: 'm-cert', parentId: 'g-query', menuname: '不动产证书查询', menutype: 'click', url: '/certificateQuery', imgpath: '/online/assets/icons/cert.svg', bz: '核验纸质证书信息', sort: 1 },
  { id: 'm-dzzz', parentId: 'g-query', menuname: '电子证照查询', menutype: 'click', url: '/dzzzQuery', imgpath: '/online/assets/icons/license.svg', bz: '刷脸查询电子证照', sort: 2 },
  { id: 'm-verify', parentId: 'g-query', menuname: '电子证照验签', menutype: 'click', url: '/dzzzverification', imgpath: '/online/assets/icons/verify.svg', bz: '上传PDF验证签章', sort: 3 },
  { id: 'm-querycert', parentId: 'g-query', menuname: '查档证明', menutype: 'click', url: '/querycert', imgpath: '/online/assets/icons/archive.svg', bz: '申请不动产查档证明', sort: 4 },
  { id: 'g-info', parentId: null, menuname: '信息公开', menutype: 'click', url: '', imgpath: '/online/assets/icons/news.svg', bz: '政策公告 一网通览', sort: 3 },
  { id: 'm-news', parentId: 'g-info', menuname: '新闻中心', menutype: 'click', url: '/news', imgpath: '/online/assets/icons/news.svg', bz: '登记中心工作动态', sort: 1 },
  { id: 'm-guide', parentId: 'g-info', menuname: '办事指南', menutype: 'click', url: '/guide', imgpath: '/online/assets/icons/guide.svg', bz: '材料清单与流程', sort: 2 },
  { id: 'm-gsgg', parentId: 'g-info', menuname: '公示公告', menutype: 'click', url: '/gsgg', imgpath: '/online/assets/icons/notice.svg', bz: '登记公告与公示', sort: 3 },
  { id: 'm-laws', parentId: 'g-info', menuname: '政策法规', menutype: 'click', url: '/laws', imgpath: '/online/assets/icons/law.svg', bz: '法律法规与政策文件', sort: 4 },
  { id: 'm-fwwd', parentId: 'g-info', menuname: '服务网点', menutype: 'click', url: '/fwwd', imgpath: '/online/assets/icons/site.svg', bz: '办事大厅地址与时间', sort: 5 },
  { id: 'm-zlxz', parentId: 'g-info', menuname: '资料下载', menutype: 'click', url: '/zlxz', imgpath: '/online/assets/icons/download.svg', bz: '申请表格与样表', sort: 6 },
  { id: 'm-faq', parentId: 'g-info', menuname: '常见问题', menutype: 'click', url: '/commonQuesList', imgpath: '/online/assets/icons/faq.svg', bz: '办事常见疑问解答', sort: 7 },
  { id: 'm-gov', parentId: 'g-info', menuname: '政务服务平台', menutype: 'view', url: 'https://gjzwfw.www.gov.cn/', imgpath: '/online/assets/icons/gov.svg', bz: '国家政务服务平台', sort: 8 },
];

export const DEMO_BANNERS = [
  { id: 'b1', title: '不动产登记 网上办 掌上办', url: '/online/assets/banners/banner-1.svg', link: '/seladd', sort: 1 },
  { id: 'b2', title: '预约办理 少跑腿 不排队', url: '/online/assets/banners/banner-2.svg', link: '/yuyue', sort: 2 },
  { id: 'b3', title: '电子证照 刷脸可查', url: '/online/assets/banners/banner-3.svg', link: '/dzzzQuery', sort: 3 },
];

const paragraph = (text: string) => `<p>${text}</p>`;

/** The articles of one type: their titles, newest first, the text each of them has, and how many days ago the first and each next one was written. */
interface ArticleGroup {
  type: string;
  titles: string[];
  content: string;
  firstDaysAgo: number;
  daysApart: number;
}

/** Article types: article (news), bszn (guides), xxgs (announcements), laws, tzgg (housing notices). */
const ARTICLE_GROUPS: ArticleGroup[] = [
  {
    type: 'article',
    titles: [
      '市不动产登记中心推行“一窗受理”服务',
      '不动产登记网上办事大厅正式上线',
      '登记中心开展延时服务 方便群众办事',
      '“交房即交证”改革持续推进',
      '不动产登记与水电气联动过户上线',
      '登记中心召开营商环境优化推进会',
      '开展“我为群众办实事”便民活动',
      '电子证照在金融机构全面应用',
    ],
    content:
      paragraph('为进一步优化营商环境，提升不动产登记便利度，登记中心持续推进“互联网+不动产登记”，群众可通过网上办事大厅在线申请、预约、查询。') +
      paragraph(`办理中如有疑问，请拨打咨询电话${DEMO_CENTRE.phone}，或到${DEMO_CENTRE.name}（${DEMO_CENTRE.address}）咨询窗口咨询。`),
    firstDaysAgo: 1,
    daysApart: 3,
  },
  {
    type: 'bszn',
    titles: [
      '国有建设用地使用权及房屋所有权首次登记办事指南',
      '房屋转移登记（二手房买卖）办事指南',
      '抵押权首次登记办事指南',
      '抵押权注销登记办事指南',
      '预告登记办事指南',
      '继承（受遗赠）转移登记办事指南',
      '不动产权证书遗失补证办事指南',
    ],
    content:
      paragraph('一、申请材料：不动产登记申请书、申请人身份证明、不动产权属证书、相关合同或证明材料。') +
      paragraph('二、办理时限：一般 5 个工作日内办结。') +
      paragraph('三、收费标准：按国家规定标准收取登记费。'),
    firstDaysAgo: 2,
    daysApart: 5,
  },
  {
    type: 'xxgs',
    titles: Array.from({ length: 12 }, (_, i) => `不动产首次登记公告（第${2026 - Math.floor(i / 6)}-${String(12 - (i % 6)).padStart(3, '0')}号）`),
    content: paragraph('经初步审定，拟对下列不动产权利予以首次登记，根据《不动产登记暂行条例实施细则》的规定，现予公告。如有异议，请自本公告之日起十五个工作日内将异议书面材料送达登记中心。'),
    firstDaysAgo: 1,
    daysApart: 4,
  },
  {
    type: 'laws',
    titles: [
      '中华人民共和国民法典（物权编）',
      '不动产登记暂行条例',
      '不动产登记暂行条例实施细则',
      '不动产登记资料查询暂行办法',
      '不动产登记操作规范（试行）',
      '关于推进不动产登记“互联网+”的指导意见',
      '关于进一步提升不动产登记便利度的通知',
      '不动产登记收费标准的通知',
      '关于开展不动产登记电子证照工作的通知',
      '城市房地产管理法',
      '土地管理法',
      '关于规范不动产登记资料查询的通知',
      '住房公积金贷款抵押登记办理规定',
    ],
    content:
      paragraph('第一条 为整合不动产登记职责，规范登记行为，方便群众申请登记，保护权利人合法权益，制定本条例。') +
      paragraph('第二条 本条例所称不动产登记，是指不动产登记机构依法将不动产权利归属和其他法定事项记载于不动产登记簿的行为。'),
    firstDaysAgo: 10,
    daysApart: 30,
  },
  {
    type: 'tzgg',
    titles: ['阳光花园', '和平小区', '锦绣华庭', '滨河新城', '书香苑', '康宁家园'].map((estate) => `房源信息公示：${estate} 在售房源`),
    content: paragraph('以下房源已办理预售许可，购房人可通过网上办事大厅查询房屋权属状态。'),
    firstDaysAgo: 3,
    daysApart: 7,
  },
];

export const DEMO_ARTICLES: { type: string; title: string; content: string; daysAgo: number }[] = ARTICLE_GROUPS.flatMap((group) =>
  group.titles.map((title, i) => ({ type: group.type, title, content: group.content, daysAgo: i * group.daysApart + group.firstDaysAgo })),
);

export const DEMO_COMMON_QUESTIONS = [
  { question: '网上申请需要准备哪些材料？', answer: '请根据所选业务的办事指南准备身份证明、权属证书、合同等材料的清晰照片，上传时按材料名称逐项上传。', sort: 1 },
  { question: '为什么要进行实名认证？', answer: '不动产登记涉及重大财产权益，网上办理前须通过人脸识别完成实名认证，确保是本人办理。', sort: 2 },
  { question: '提交申请后多久可以审核？', answer: '一般在 1 至 2 个工作日内完成审核，审核结果可在“我的申请”中查看。', sort: 3 },
  { question: '申请被驳回怎么办？', answer: '请在“我的申请”的“已驳回”中查看驳回意见，修改后可重新提交。', sort: 4 },
  { question: '电子证照与纸质证书具有同等效力吗？', answer: '电子证照经登记机构电子签章，与纸质证书具有同等法律效力，可通过“电子证照验签”核验真伪。', sort: 5 },
];

/** getContactUs answers one comma-separated string (spec part 1 §3): the demo centre's (seed/demo-centre.ts). */
export { DEMO_CONTACT } from './demo-centre';

export const DEMO_QUERY_CITIES = [
  { xzqdm: '130400', xzqmc: '邯郸市', sort: 1 },
  { xzqdm: '130402', xzqmc: '邯山区', sort: 2 },
  { xzqdm: '130403', xzqmc: '丛台区', sort: 3 },
  { xzqdm: '130404', xzqmc: '复兴区', sort: 4 },
  { xzqdm: '130406', xzqmc: '峰峰矿区', sort: 5 },
];

/** The demo registry: certificates whose owners can find them with name, ID number and number. */
export const DEMO_CERTIFICATES = [
  {
    xzqdm: '130400',
    qzh: '冀(2023)邯郸市不动产权第0012345号',
    ownerName: '张三',
    ownerIdcard: '130402198503151231',
    bdcdyh: '130402001001GB00001F00010001',
    zl: '邯郸市邯山区阳光花园 3 号楼 2 单元 501 室',
    yt: '住宅',
    mj: '98.56',
    extra: { mortgages: [{ dyqr: '中国建设银行邯郸分行', zgzqse: '60' }], seizures: [] },
  },
  {
    xzqdm: '130400',
    qzh: '冀(2024)邯郸市不动产权第0023456号',
    ownerName: '李四',
    ownerIdcard: '130403199001014561',
    bdcdyh: '130403002003GB00012F00020102',
    zl: '邯郸市丛台区和平小区 12 号楼 1 单元 302 室',
    yt: '住宅',
    mj: '112.30',
    extra: { mortgages: [], seizures: [] },
  },
  {
    xzqdm: '130400',
    qzh: '冀(2022)邯郸市不动产权第0034567号',
    ownerName: '王五',
    ownerIdcard: '130427197806207899',
    bdcdyh: '130427001002GB00003F00010003',
    zl: '邯郸市磁县锦绣华庭 8 号楼 101 室',
    yt: '商业',
    mj: '65.00',
    extra: { mortgages: [], seizures: [] },
  },
];

/** The registry's cases, for the progress query (acceptance numbers are case-sensitive). */
export const DEMO_CASES = [
  { serialNumber: 'HD2026110001', name: '张三 房屋转移登记', processName: '转移登记', daysAgo: 3, activityName: '审核' },
  { serialNumber: 'HD2026110002', name: '李四 抵押权首次登记', processName: '抵押登记', daysAgo: 6, activityName: '登簿' },
  { serialNumber: 'Hd2026100815', name: '王五 预告登记', processName: '预告登记', daysAgo: 30, activityName: '办结' },
];

/**
 * Handling guides per business (initGuide), keyed by prodefid `pd-{djlx}-{qllx}` for every
 * registration/right pair the hall routes (packages/domain routing.ts).
 */
const GUIDE_BUSINESSES: { prodefid: string; name: string; materials: string[] }[] = [
  { prodefid: 'pd-100-4', name: '国有建设用地使用权及房屋所有权首次登记', materials: ['不动产登记申请书', '申请人身份证明', '土地权属来源证明', '建设工程规划核实及竣工验收材料', '房屋测绘报告'] },
  { prodefid: 'pd-100-23', name: '抵押权首次登记', materials: ['不动产登记申请书', '抵押人、抵押权人身份证明', '不动产权证书', '主债权合同及抵押合同'] },
  { prodefid: 'pd-200-4', name: '国有建设用地使用权及房屋所有权转移登记', materials: ['不动产登记申请书', '买卖双方身份证明', '不动产权证书', '房屋买卖合同', '完税凭证'] },
  { prodefid: 'pd-200-23', name: '抵押权转移登记', materials: ['不动产登记申请书', '双方身份证明', '不动产登记证明', '债权转让合同'] },
  { prodefid: 'pd-400-4', name: '国有建设用地使用权及房屋所有权注销登记', materials: ['不动产登记申请书', '申请人身份证明', '不动产权证书', '不动产灭失或权利消灭的材料'] },
  { prodefid: 'pd-400-23', name: '抵押权注销登记', materials: ['不动产登记申请书', '抵押权人身份证明', '不动产登记证明', '主债权消灭或抵押权人放弃抵押权的材料'] },
  { prodefid: 'pd-700-4', name: '预购商品房预告登记', materials: ['不动产登记申请书', '买卖双方身份证明', '已备案的商品房预售合同'] },
  { prodefid: 'pd-700-23', name: '预购商品房抵押预告登记', materials: ['不动产登记申请书', '抵押双方身份证明', '预告登记证明', '抵押合同及主债权合同'] },
  { prodefid: 'pd-700-423', name: '预购商品房预告登记及抵押预告登记', materials: ['不动产登记申请书', '买卖及抵押各方身份证明', '已备案的商品房预售合同', '抵押合同及主债权合同'] },
  { prodefid: 'pd-800-4', name: '继承及证书遗失换证登记', materials: ['不动产登记申请书', '申请人身份证明', '继承权公证书或生效法律文书', '遗失声明（证书遗失的）'] },
];

export const DEMO_GUIDES = GUIDE_BUSINESSES.map((business) => ({
  prodefid: business.prodefid,
  title: `${business.name}办事指南`,
  content:
    '<h3>一、申请材料</h3><ol>' +
    business.materials.map((material) => `<li>${material}</li>`).join('') +
    '</ol><h3>二、办理流程</h3><p>网上申请 → 上传材料 → 审核 → 缴费 → 登簿发证。</p>' +
    '<h3>三、办理时限</h3><p>材料齐全、符合法定形式的，一般 5 个工作日内办结。</p>' +
    '<h3>四、收费标准</h3><p>按国家规定标准收取不动产登记费，住宅类每件 80 元。</p>',
  cdzmyhxzContent:
    '<p><strong>申请人须知</strong></p><ul><li>申请人应如实申报，提交的材料须真实、合法、有效，如有虚假，申请人承担相应法律责任。</li><li>上传的材料照片须清晰完整，不得涂改。</li><li>网上申请审核通过后，请按约定时间携带材料原件到服务大厅核验。</li></ul>',
}));

/** The guides' businesses and their materials, which the application catalogue (seed/apply-catalogue.ts) builds on. */
export { GUIDE_BUSINESSES };
