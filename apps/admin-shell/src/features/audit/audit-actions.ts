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
  'fulfilment.answer': '办理查询',
};

/** The filter's choices: every action family and the named actions. */
export const AUDIT_ACTION_FILTERS: { label: string; value: string }[] = [
  { label: '全部操作', value: '' },
  { label: '登录与退出', value: 'sign' },
  { label: '账号管理', value: 'operator.' },
  { label: '申请审核', value: 'review.' },
  { label: '意见回复', value: 'feedback.' },
  { label: '查询办理', value: 'fulfilment.' },
];

export function auditActionText(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}
