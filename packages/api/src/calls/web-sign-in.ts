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
