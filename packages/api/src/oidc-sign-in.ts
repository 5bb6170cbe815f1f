/** The province's unified identity (统一身份认证) sign-in as the browser sees it: no schemas, so the citizen app's entry can take it. */

/**
 * Where the browser starts the province's unified identity sign-in: a navigation (not a call), that
 * goes on to the provider and comes back to the hall; `redirect` is the hall page to open after.
 */
export const OIDC_SIGN_IN_PATH = '/api/web/signin/oidc';
/** Where the provider sends the browser back: the redirect URI the hall is registered with at the provider. */
export const OIDC_CALLBACK_PATH = `${OIDC_SIGN_IN_PATH}/callback`;

/**
 * Why a unified identity sign-in came back to /login unfinished (its `oidc` parameter), and what the
 * page says. The page shows these words only, never text from the address, so a link cannot make it say anything else.
 */
export const OIDC_SIGN_IN_FAILURES = {
  off: '本办事大厅未开通统一身份认证登录，请选择其他方式登录',
  unavailable: '统一身份认证服务暂时无法访问，请稍后再试，或选择其他方式登录',
  expired: '统一身份认证登录已过期或不是从本页面发起的，请重新点击统一身份认证登录',
  rejected: '统一身份认证未通过校验，未登录。请重新点击统一身份认证登录',
  cancelled: '您已取消统一身份认证登录，可重新登录或选择其他方式登录',
  taken: '该身份证号已关联其他统一身份认证账号，未登录。请使用原账号登录，或携带身份证到办事大厅窗口咨询',
} as const;
export type OidcSignInFailure = keyof typeof OIDC_SIGN_IN_FAILURES;
