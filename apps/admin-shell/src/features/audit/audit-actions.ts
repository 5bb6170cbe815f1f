import { ATTENDANCE_LABELS, REVIEW_STAGE_LABELS, WEEKDAY_LABELS, operatorRoleTitle, reviewStatusLabel, type SlotSetting } from '@hall/domain';

const SPECIAL_DAY_KINDS: Record<string, string> = { holiday: '休息', workday: '调休上班', none: '按工作日' };
const weekdaysText = (digits: string) => [...digits].map((digit) => WEEKDAY_LABELS[digit] ?? digit).join('、');

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
  'review.pass': '审核通过',
  'review.reject': '审核驳回',
  'feedback.reply': '回复意见',
  'query.fulfil': '办理查询',
  'appointmentSettings.weekdays': '修改预约工作日',
  'appointmentSettings.day': '设置节假日或调休',
  'appointmentSettings.slots': '修改预约时段与容量',
  'counterDay.arrived': '登记到场',
  'counterDay.noShow': '登记未到',
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
];

export function auditActionText(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

/** The fields the trail keeps, in words (the spec's names where a field carries one). */
const AUDIT_FIELDS: Record<string, string> = {
  shzt: '审核状态',
  stage: '审核环节',
  prolsh: '受理编号',
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
  name: '姓名',
  date: '预约日期',
};

export function auditFieldText(field: string): string {
  return AUDIT_FIELDS[field] ?? field;
}

/** One value of a change in words: roles and stages by their titles, statuses by their labels, yes/no for flags. */
export function auditValueText(field: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (field === 'roles' && Array.isArray(value)) return value.map((role) => operatorRoleTitle(String(role))).join('、') || '—';
  if (field === 'stage' && typeof value === 'string') return (REVIEW_STAGE_LABELS as Record<string, string>)[value] ?? value;
  if (field === 'workingWeekdays' && typeof value === 'string') return weekdaysText(value);
  if (field === 'kind' && typeof value === 'string') return SPECIAL_DAY_KINDS[value] ?? value;
  if (field === 'attendance' && typeof value === 'string') return (ATTENDANCE_LABELS as Record<string, string>)[value] ?? '待到场';
  if (field === 'slots' && Array.isArray(value)) return (value as SlotSetting[]).map((slot) => `${slot.timeName} ${slot.maxNum}人（${weekdaysText(slot.weekdays)}）`).join('；') || '—';
  if (field === 'shzt' && (typeof value === 'number' || typeof value === 'string')) return `${reviewStatusLabel(value)}（${value}）`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
