/**
 * Hall operators (docs/architecture.md §6): who may do what in the console, and the rules of their accounts.
 * An account holds one or more roles; the server checks the role of every operator call.
 */

/** The roles by code, with the title the console shows. */
export const OPERATOR_ROLES = {
  /** 审核员: the two-stage review of online applications. */
  reviewer: '审核员',
  /** 窗口人员: the counter's day (bookings, check-in, queue calling), feedback replies and query fulfilment. */
  counter: '窗口人员',
  /** 内容管理员: articles, guides, banners, menus and the other content the citizen app shows. */
  content: '内容管理员',
  /** 系统管理员: operator accounts, settings and the audit trail. */
  admin: '系统管理员',
} as const;

export type OperatorRole = keyof typeof OPERATOR_ROLES;
export const OPERATOR_ROLE_CODES = Object.keys(OPERATOR_ROLES) as OperatorRole[];

export function operatorRoleTitle(role: string): string {
  return (OPERATOR_ROLES as Record<string, string>)[role] ?? role;
}

/** Sign-in names: letters, digits, dot, dash and underscore, as typed on any keyboard. */
export const OPERATOR_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const OPERATOR_PASSWORD_MIN_LENGTH = 10;
export const OPERATOR_PASSWORD_MAX_LENGTH = 128;
/**
 * Wrong passwords in a row from one address before that address is locked out of the name, and for how
 * long: whoever guesses is stopped, the owner at another address is not.
 */
export const OPERATOR_MAX_FAILED_SIGN_INS = 5;
export const OPERATOR_LOCK_MINUTES = 15;
/**
 * Wrong passwords for one name from all addresses together, within OPERATOR_LOCK_MINUTES, that lock the
 * account itself (a guessing campaign from many addresses): every way in is closed and its sessions end.
 */
export const OPERATOR_NAME_LOCK_FAILURES = 20;
/** A temporary password (a new account's, or an administrator's reset) works this long. */
export const OPERATOR_TEMPORARY_PASSWORD_HOURS = 72;

export const OPERATOR_MESSAGES = {
  signInRequired: '请先登录管理端',
  wrongCredentials: '账号或密码错误',
  locked: (minutes: number) => `连续输错密码次数过多，账号已锁定，请${minutes}分钟后再试或联系系统管理员`,
  disabled: '账号已停用，请联系系统管理员',
  temporaryPasswordExpired: `临时密码已超过${OPERATOR_TEMPORARY_PASSWORD_HOURS}小时未修改，已失效，请联系系统管理员重新设置`,
  wechatNeedsPassword: '密码已被重置，请先用账号和临时密码登录管理端修改密码',
  notPermitted: '您没有此项操作的权限',
  mustChangePassword: '首次登录或密码被重置后，请先修改密码',
  usernameInvalid: '账号须为3至32位字母、数字、点、下划线或短横线',
  usernameTaken: '该账号已存在',
  passwordTooShort: `密码至少${OPERATOR_PASSWORD_MIN_LENGTH}位`,
  passwordTooWeak: '密码须同时包含字母和数字，且不能与账号相同',
  passwordTooCommon: '密码过于常见，容易被猜中，请换一个不常见的密码',
  currentPasswordWrong: '当前密码不正确',
  passwordUnchanged: '新密码不能与当前密码相同',
  rolesRequired: '请至少选择一个角色',
  lastAdministrator: '不能停用或取消最后一位系统管理员',
  selfDisable: '不能停用自己的账号',
  accountNotFound: '账号不存在',
  wechatNotSignedIn: '请在微信中打开管理端后再绑定',
  wechatTaken: '该微信已绑定其他管理账号',
  wechatNotBound: '该账号未绑定微信',
  notAnOperator: '您没有管理权限，请联系登记中心开通',
} as const;

/** What a new password must be: long enough, letters and digits, not the account's name. Null when fine. */
export function operatorPasswordProblem(password: string, username: string): string | null {
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH) return OPERATOR_MESSAGES.passwordTooShort;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return OPERATOR_MESSAGES.passwordTooWeak;
  if (password.toLowerCase().includes(username.toLowerCase())) return OPERATOR_MESSAGES.passwordTooWeak;
  return null;
}
