import { OPERATOR_ROLE_CODES, operatorRoleTitle, type OperatorRole } from '@hall/domain';
import { paths } from './paths';

/** One screen of the console as the home lists it; shown only to operators holding its role. */
export interface ConsoleEntry {
  path: string;
  title: string;
  description: string;
  role: OperatorRole;
}

/** The console's screens, in the order the home shows them: by role (审核员, 窗口人员, 内容管理员, 系统管理员). A new screen is one more path in paths.ts, one entry here and one route in the app's router. */
export const CONSOLE_MENU: readonly ConsoleEntry[] = [
  { path: paths.review.list, title: '网上申请审核', description: '权籍调查审核与受理审核', role: 'reviewer' },
  { path: paths.review.decided, title: '我已审核', description: '我作出的审核通过与驳回，可按环节、结果与日期筛选', role: 'reviewer' },
  { path: paths.followUps.list, title: '好差评整改', description: '答复市民对申请审核的差评，答复后市民可再次评价', role: 'reviewer' },
  { path: paths.followUps.list, title: '好差评整改', description: '答复市民对查询、预约、取号与反馈服务的差评，答复后市民可再次评价', role: 'counter' },
  { path: paths.feedback.list, title: '反馈处理', description: '查看并回复市民的意见反馈', role: 'counter' },
  { path: paths.fulfilment.list, title: '查询办理', description: '答复登记系统未能答复的证书、证照与查档查询', role: 'counter' },
  { path: paths.counterDay, title: '今日预约', description: '按时段查看当天预约，登记到场或未到，打印名单', role: 'counter' },
  { path: paths.queueCalling, title: '叫号', description: '按业务叫号、重呼、过号与办结', role: 'counter' },
  { path: paths.content.articles, title: '文章管理', description: '新闻、办事指南、信息公示、法律法规与通知公告的撰写和发布', role: 'content' },
  { path: paths.content.banners, title: '轮播图管理', description: '首页轮播图的图片、链接、顺序与启停', role: 'content' },
  { path: paths.content.menus, title: '菜单管理', description: '首页菜单分组与功能入口的名称、图标、链接、顺序与显示', role: 'content' },
  { path: paths.content.questions, title: '常见问题与联系方式', description: '市民看到的常见问题及其顺序，和“联系我们”的内容', role: 'content' },
  { path: paths.content.sites, title: '服务网点', description: '各网点的地址、办公时间、电话与地图位置', role: 'content' },
  { path: paths.content.downloads, title: '资料下载', description: '市民可下载的表格与文件：上传、替换、删除', role: 'content' },
  { path: paths.content.guides, title: '办事指南与材料', description: '各业务的办事指南和申请时须提交的材料', role: 'content' },
  { path: paths.queueSettings, title: '取号设置', description: '办事大厅、取号时间、休息日与调休上班日，各业务的办理事项与每段号数', role: 'admin' },
  { path: paths.catalogue, title: '业务目录', description: '网上申请可办理的业务：新增、改名、删除', role: 'admin' },
  { path: paths.mapSetting, title: '地图设置', description: '服务网点地图使用的瓦片服务', role: 'admin' },
  { path: paths.operators, title: '账号管理', description: '管理人员的账号、角色、密码与服务网点', role: 'admin' },
  { path: paths.audit, title: '操作日志', description: '谁在何时从何处做了什么', role: 'admin' },
  { path: paths.appointmentSettings, title: '预约设置', description: '预约网点及其业务，各网点的工作日、节假日与调休，各业务的时段与容量', role: 'admin' },
  { path: paths.statistics, title: '统计分析', description: '申请、审核用时、预约、查询与反馈的图表，可导出', role: 'admin' },
  { path: paths.notificationSending, title: '消息发送', description: '发给市民的站内消息、短信和微信：各事件、各渠道的发送、失败与重试，失败的可重新发送', role: 'admin' },
];

export function entriesFor(roles: readonly string[]): ConsoleEntry[] {
  // A screen two of the operator's roles share (好差评整改) is listed once, under the first.
  const entries = CONSOLE_MENU.filter((entry) => roles.includes(entry.role));
  return entries.filter((entry, index) => entries.findIndex((other) => other.path === entry.path) === index);
}

/** The side navigation of the desktop: the operator's screens under their roles' titles, in the menu's order. */
export function menuGroupsFor(roles: readonly string[]): { role: OperatorRole; title: string; entries: ConsoleEntry[] }[] {
  return OPERATOR_ROLE_CODES.filter((role) => roles.includes(role))
    .map((role) => ({ role, title: operatorRoleTitle(role), entries: CONSOLE_MENU.filter((entry) => entry.role === role) }))
    .filter((group) => group.entries.length > 0);
}

/**
 * The home's title: 管理员首页 for an administrator (the sys_admin shell of spec part 1 §1), else
 * the home of the operator's first role (审核员首页, 窗口人员首页, 内容管理员首页).
 */
export function homeTitleFor(roles: readonly string[]): string {
  if (roles.includes('admin')) return '管理员首页';
  const first = OPERATOR_ROLE_CODES.find((role) => roles.includes(role));
  return first ? `${operatorRoleTitle(first)}首页` : '管理端首页';
}
