import { ARTICLE_TYPE_NAMES } from '@hall/api/browser';
import { ATTENDANCE_LABELS, QUEUE_ORDER_STATE_NAMES, REVIEW_STAGE_LABELS, WEEKDAY_LABELS, operatorRoleTitle, queueOrderStateName, reviewStatusLabel, type SlotSetting } from '@hall/domain';

// The audit trail in words: one dictionary of its actions, fields, values and targets, built from
// the domain's enumerations and names, so the administrator reads 发布文章 and 状态：草稿 → 已发布,
// never article.publish or draft → published.

const SPECIAL_DAY_KINDS: Record<string, string> = { holiday: '休息', workday: '调休上班', none: '按工作日' };
const weekdaysText = (digits: string) => [...digits].map((digit) => WEEKDAY_LABELS[digit] ?? digit).join('、');

/** What each content kind is called, for the actions and targets of the content console. */
const THINGS: Record<string, string> = {
  article: '文章',
  banner: '轮播图',
  menu: '菜单',
  question: '常见问题',
  download: '下载资料',
  site: '服务网点',
  'site.business': '网点业务',
  'catalogue.business': '网上申请业务',
  'queue.hall': '取号大厅',
  'queue.group': '取号业务分组',
  'queue.business': '取号办理事项',
};

const VERBS: Record<string, string> = { create: '新增', update: '修改', delete: '删除', rename: '改名', replace: '替换' };

/** The audit trail's actions in words, for the administrator's list and its filter. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'signIn.password': '账号密码登录',
  'signIn.wechat': '微信登录',
  'signIn.failed': '登录失败',
  'signIn.locked': '登录被拒（已锁定）',
  'signIn.lockedOut': '登录地址被锁定（连续输错密码）',
  'signIn.accountLocked': '账号被锁定（多处连续输错密码）',
  'signIn.disabled': '登录被拒（已停用）',
  'signIn.temporaryExpired': '登录被拒（临时密码已过期）',
  'signIn.wechatRefused': '微信登录被拒',
  'denied.role': '越权操作被拒',
  'denied.crossSite': '跨站请求被拒',
  signOut: '退出登录',
  'operator.create': '新增账号',
  'operator.update': '修改账号',
  'operator.resetPassword': '重置密码',
  'operator.changePassword': '修改本人密码',
  'operator.bindWechat': '绑定微信',
  'operator.unbindWechat': '解除微信绑定',
  'operator.sites': '设置服务网点',
  'review.pass': '审核通过',
  'review.reject': '审核驳回',
  'feedback.reply': '回复意见',
  'query.fulfil': '办理查询',
  'appointmentSettings.weekdays': '修改预约工作日',
  'appointmentSettings.day': '设置节假日或调休',
  'appointmentSettings.slots': '修改预约时段与容量',
  'counterDay.arrived': '登记到场',
  'counterDay.noShow': '登记未到',
  'article.publish': '发布文章',
  'article.unpublish': '撤回文章为草稿',
  'article.picture': '上传文章图片',
  'banner.image': '上传轮播图图片',
  'content.order': '调整显示顺序',
  'contact.update': '修改联系方式',
  'guide.update': '修改办事指南与材料',
  'setting.map': '修改地图设置',
  'queue.call': '叫号',
  'queue.recall': '重呼',
  'queue.skip': '过号',
  'queue.serve': '开始办理',
  'queue.finish': '办结',
  'queue.closedDay.close': '设置取号休息日',
  'queue.closedDay.open': '取消取号休息日',
  'queue.workingDay.add': '设置取号调休上班日',
  'queue.workingDay.remove': '取消取号调休上班日',
};

/** The filter's choices: every action family and the named actions. */
export const AUDIT_ACTION_FILTERS: { label: string; value: string }[] = [
  { label: '全部操作', value: '' },
  { label: '登录与退出', value: 'sign' },
  { label: '被拒的操作', value: 'denied.' },
  { label: '账号管理', value: 'operator.' },
  { label: '申请审核', value: 'review.' },
  { label: '意见回复', value: 'feedback.' },
  { label: '查询办理', value: 'query.' },
  { label: '预约设置', value: 'appointmentSettings.' },
  { label: '预约到场', value: 'counterDay.' },
  { label: '叫号与取号设置', value: 'queue.' },
  { label: '文章', value: 'article.' },
];

/** An action in words: the named ones above, else 新增/修改/删除 and the thing it was done to; an unknown one as 其他操作. */
export function auditActionText(action: string): string {
  const named = AUDIT_ACTIONS[action];
  if (named) return named;
  const cut = action.lastIndexOf('.');
  const thing = THINGS[action.slice(0, cut)];
  const verb = VERBS[action.slice(cut + 1)];
  return thing && verb ? `${verb}${thing}` : '其他操作';
}

/** The fields the trail keeps, in words (the spec's names where a field carries one). */
const AUDIT_FIELDS: Record<string, string> = {
  shzt: '审核状态',
  stage: '审核环节',
  prolsh: '申请编号',
  sh_qjdc_yj: '权籍调查审核意见',
  sh_xmsl_yj: '受理审核意见',
  username: '账号',
  displayName: '姓名',
  roles: '角色',
  disabled: '停用',
  locked: '锁定',
  mustChangePassword: '须修改密码',
  wechatBound: '绑定微信',
  status: '状态',
  reply: '回复内容',
  repliedAt: '回复时间',
  state: '查询状态',
  stateMsg: '查询结果',
  answer: '办理方式',
  fileId: '文件编号',
  result: '查询所得',
  workingWeekdays: '工作日',
  closedBookings: '需联系的预约',
  day: '日期',
  kind: '日期类型',
  note: '说明',
  slots: '时段与容量',
  attendance: '到场情况',
  bookingNumber: '预约单号',
  timeName: '时段',
  name: '名称',
  date: '日期',
  title: '标题',
  type: '栏目',
  content: '正文',
  publishedAt: '发布时间',
  url: '图片',
  link: '链接',
  sort: '排序',
  enabled: '启用',
  size: '文件大小',
  mime: '文件类型',
  order: '顺序',
  lines: '联系方式',
  tileUrl: '瓦片服务地址',
  attribution: '地图版权说明',
  number: '号码',
  callState: '叫号状态',
  callWindow: '窗口',
  address: '地址',
  worktime: '办公时间',
  phone: '电话',
  prefix: '号码前缀',
  remark: '备注',
  capacity: '每段号数',
  comID: '办事大厅',
  strtime: '取号开始时间',
  endtime: '取号结束时间',
  addtime: '可提前取号天数',
  yuyueabovetime: '可预约天数',
  prodefName: '业务名称',
  yhlx: '用户类型',
  xzqdm: '行政区',
  areaname: '区域',
  pair: '登记类型与权利类型',
  sites: '服务网点',
  icon: '图标',
  visible: '显示',
  question: '问题',
  fileName: '文件名',
};

export function auditFieldText(field: string): string {
  return AUDIT_FIELDS[field] ?? field;
}

const ARTICLE_STATUS: Record<string, string> = { draft: '草稿', published: '已发布' };
const FEEDBACK_STATUS: Record<string, string> = { '0': '待回复', '1': '已回复' };
const QUERY_ANSWERS: Record<string, string> = { entered: '填写结果', upload: '上传文件', notFound: '未查到', certificate: '填写证书', archive: '填写查档结果', property: '填写房屋信息' };

/** HTML (an article's body) as the words a reader sees, shortened for the list. */
export function htmlAsText(html: string, max = 60): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<img[^>]*>/gi, '［图片］')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** One value of a change in words: roles and stages by their titles, statuses by their labels, yes/no for flags, HTML as its text. */
export function auditValueText(field: string, value: unknown, action = ''): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (field === 'roles' && Array.isArray(value)) return value.map((role) => operatorRoleTitle(String(role))).join('、') || '—';
  if (field === 'stage' && typeof value === 'string') return (REVIEW_STAGE_LABELS as Record<string, string>)[value] ?? value;
  if (field === 'workingWeekdays' && typeof value === 'string') return weekdaysText(value);
  if (field === 'kind' && typeof value === 'string') return SPECIAL_DAY_KINDS[value] ?? value;
  if (field === 'attendance' && typeof value === 'string') return (ATTENDANCE_LABELS as Record<string, string>)[value] ?? '待到场';
  if (field === 'slots' && Array.isArray(value)) return (value as SlotSetting[]).map((slot) => `${slot.timeName} ${slot.maxNum}人（${weekdaysText(slot.weekdays)}）`).join('；') || '—';
  if (field === 'shzt' && (typeof value === 'number' || typeof value === 'string')) return `${reviewStatusLabel(value)}（${value}）`;
  if (field === 'status' && action.startsWith('article.')) return ARTICLE_STATUS[String(value)] ?? String(value);
  if (field === 'status' && action.startsWith('feedback.')) return FEEDBACK_STATUS[String(value)] ?? String(value);
  if (field === 'type' && action.startsWith('article.')) return (ARTICLE_TYPE_NAMES as Record<string, string>)[String(value)] ?? String(value);
  if (field === 'callState' && typeof value === 'string') return value === 'waiting' ? (QUEUE_ORDER_STATE_NAMES[1] ?? value) : queueOrderStateName(1, value);
  if (field === 'answer' && typeof value === 'string') return QUERY_ANSWERS[value] ?? value;
  if (field === 'size' && typeof value === 'number') return `${Math.max(1, Math.round(value / 1024))} KB`;
  if (field === 'order' && Array.isArray(value)) return `${value.length}项`;
  if (field === 'lines' && Array.isArray(value)) return value.join('；') || '—';
  if (typeof value === 'string') return /<[a-z][^>]*>/i.test(value) ? htmlAsText(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'object' ? '…' : String(item))).join('、') || '—';
  return '（详细内容）';
}

/** An operator as the trail shows them: 姓名（账号） when the account is known, else the account kept in the entry. */
export type OperatorNames = ReadonlyMap<number, { displayName: string; username: string }>;

export function operatorOf(id: number | null, name: string, operators: OperatorNames): { displayName: string | null; username: string } {
  const known = id === null ? undefined : operators.get(id);
  return known ? { displayName: known.displayName, username: known.username } : { displayName: null, username: name || '—' };
}

/** A target's kind (queueHall:2) in words: the content things under their camel-cased names, and the rest. */
const TARGET_KINDS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(THINGS).map(([thing, name]) => [thing.replace(/\.(\w)/g, (_, first: string) => first.toUpperCase()), name])),
  operator: '账号',
  business: '网上申请业务',
  queueOrder: '取号',
  appointmentProcess: '预约业务',
  setting: '设置',
  feedback: '意见反馈',
  query: '查询',
  application: '申请',
};

/** What an action was done to, in words: 账号 周审核（zhou.review）, 文章 #3; a bare value (an application's number, a path) as it is. */
export function auditTargetText(target: string, operators: OperatorNames): string {
  if (!target) return '—';
  if (target === 'menus') return '首页菜单';
  const cut = target.indexOf(':');
  const kind = cut > 0 ? TARGET_KINDS[target.slice(0, cut)] : undefined;
  if (!kind) return target;
  const id = target.slice(cut + 1);
  if (kind === '账号') {
    const known = operators.get(Number(id));
    if (known) return `账号 ${known.displayName}（${known.username}）`;
  }
  return `${kind} #${id}`;
}
