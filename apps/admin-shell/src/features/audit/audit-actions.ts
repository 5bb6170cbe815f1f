import { REVIEW_STAGE_LABELS, operatorRoleTitle, reviewStatusLabel } from '@hall/domain';

/** The audit trail's actions in words, for the administrator's list and its filter. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'signIn.password': '账号密码登录',
  'signIn.wechat': '微信登录',
  'signIn.failed': '登录失败',
  'signIn.locked': '登录被拒（已锁定）',
  'signIn.lockedOut': '账号被锁定',
  'signIn.disabled': '登录被拒（已停用）',
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
};

/** The filter's choices: every action family and the named actions. */
export const AUDIT_ACTION_FILTERS: { label: string; value: string }[] = [
  { label: '全部操作', value: '' },
  { label: '登录与退出', value: 'sign' },
  { label: '账号管理', value: 'operator.' },
  { label: '申请审核', value: 'review.' },
  { label: '意见回复', value: 'feedback.' },
  { label: '查询办理', value: 'query.' },
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
  if (field === 'shzt' && (typeof value === 'number' || typeof value === 'string')) return `${reviewStatusLabel(value)}（${value}）`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
