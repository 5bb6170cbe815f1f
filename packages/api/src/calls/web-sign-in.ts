import { z } from 'zod';
import { post } from '../define-call';
import { stateReply } from '../envelopes';
import { plainText } from '../common';
import { hallUser } from './session';

/** The browser's sign-in ticket: handed out by webSignInStart and sent back by every call below (login CSRF). */
const ticket = plainText(64);
const phone = plainText(20);
/** A password is never trimmed or reshaped (its rule, 6 or more letters and digits, is the domain's); like any text it holds no NUL. */
const password = plainText(128);

/** The sign-ins a hall offers on its own pages (HALL_SIGN_IN) besides WeChat's; oidc is the province's unified identity (统一身份认证). */
export const WEB_SIGN_IN_METHODS = ['sms', 'password', 'oidc'] as const;

/**
 * Where the browser starts the province's unified identity sign-in: a navigation (not a call), that
 * goes on to the provider and comes back to the hall; `redirect` is the hall page to open after.
 */
export const OIDC_SIGN_IN_PATH = '/api/web/signin/oidc';

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

/**
 * Signing in without WeChat, as the specification's web user (spec part 1 §5: iswebuser): by phone and
 * SMS code, or by phone or account and the password set in the profile; 忘记密码 by SMS code. Each
 * answers the signed-in user and sets a fresh session cookie.
 */
export const webSignInCalls = {
  /** A fresh ticket bound to this browser by a signed cookie, and the sign-ins the hall offers. */
  webSignInStart: post('/api/web/signin/start', z.object({}), stateReply(z.object({ ticket: z.string(), methods: z.array(z.enum(WEB_SIGN_IN_METHODS)) }))),
  /** Sends an SMS code for signing in (or registering, or resetting the password) to the phone. */
  webSignInCode: post('/api/web/signin/code', z.object({ ticket, phone }), stateReply(z.unknown())),
  webSignInBySms: post('/api/web/signin/sms', z.object({ ticket, phone, code: plainText(12) }), stateReply(hallUser)),
  /** account: the phone number or the account name. */
  webSignInByPassword: post('/api/web/signin/password', z.object({ ticket, account: plainText(64), password }), stateReply(hallUser)),
  /** 忘记密码: an SMS code proves the phone; the account it belongs to gets the new password, and the browser is signed in. */
  webResetPassword: post('/api/web/signin/reset', z.object({ ticket, phone, code: plainText(12), password }), stateReply(hallUser)),
} as const;

/**
 * A link to one of the citizen's documents that opens without a session, in the phone's own browser
 * (WeChat's downloads nothing): 10 minutes, once, that document and that citizen only.
 */
export const downloadLinkCalls = {
  downloadLink: post('/api/download/link', z.object({ PDFurl: plainText(512) }), stateReply(z.object({ url: z.string() }))),
} as const;
