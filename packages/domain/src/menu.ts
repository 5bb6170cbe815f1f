/**
 * The hall's menu tiles and the gates in front of business paths (spec part 1 §2, §4, §8, §9):
 * where a tap goes, which paths need a complete and verified profile, what the
 * validateUserInfo and apply error codes lead to, and who sees "my business".
 */
import { citizenPaths, getHref } from './citizen-paths';
import { hidesMyBusiness } from './enums';

/** Menu fields the click rule reads. A menutype of view means an external link. */
export interface MenuLink {
  readonly menutype?: string | null | undefined;
  readonly url?: string | null | undefined;
}

export type MenuClickTarget = { readonly kind: 'external'; readonly url: string } | { readonly kind: 'internal'; readonly path: string; readonly needsUserValidation: boolean };

/** In-app paths containing any of these run validateUserInfo first: they are business paths. */
export const MENU_PROTECTED_PATH_PARTS = ['prodoing', 'selapp', 'yuyue', 'querycert', 'querycertrecord', 'certificateQuery', 'record', 'dzzzQuery', 'dzzzverification', 'progressquery'] as const;

/** Whether an in-app path needs the user validated first (case-sensitive, as the paths are). */
export function menuPathNeedsUserValidation(path: string): boolean {
  return MENU_PROTECTED_PATH_PARTS.some((part) => path.includes(part));
}

/** url with key=value set: an existing key is replaced, other parameters and a #hash are kept. */
export function menuUrlWithParameter(url: string, key: string, value: string): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeHash.slice(queryAt + 1);
  const encodedKey = encodeURIComponent(key);
  // A second openid would leave the page to pick one; the current user's must win.
  const kept = query.split('&').filter((pair) => pair !== '' && pair.split('=')[0] !== encodedKey);
  kept.push(`${encodedKey}=${encodeURIComponent(value)}`);
  return `${base}?${kept.join('&')}${hash}`;
}

/** A view menu with an http(s) url opens externally with openid appended; anything else is an in-app path. */
export function menuClickTarget(menu: MenuLink, openid: string): MenuClickTarget {
  const url = (menu.url ?? '').trim();
  if (menu.menutype === 'view' && /^https?:\/\//i.test(url)) {
    return { kind: 'external', url: menuUrlWithParameter(url, 'openid', openid) };
  }
  return { kind: 'internal', path: url, needsUserValidation: menuPathNeedsUserValidation(url) };
}

// ---------------------------------------------------------------------------------------------
// Gates: validateUserInfo and apply error codes (part 1 §8)

export const MESSAGE_COMPLETE_USER_INFO = '请完善用户信息';
export const MESSAGE_NOT_REAL_NAME_VERIFIED = '您未实名认证，请实名认证后再办理业务';

export type UserGateDecision =
  { readonly kind: 'proceed' } | { readonly kind: 'alertThenRedirect'; readonly message: string; readonly to: string } | { readonly kind: 'alert'; readonly message: string };

const PROCEED: UserGateDecision = { kind: 'proceed' };
/** The profile screen, opened as the registration step (type 1) where the profile must first be completed. */
const PROFILE_TO_COMPLETE = getHref(citizenPaths.userInfo, { type: 1 });
const VALIDATE_INCOMPLETE: UserGateDecision = { kind: 'alertThenRedirect', message: MESSAGE_COMPLETE_USER_INFO, to: PROFILE_TO_COMPLETE };

/** validateUserInfo errcode → what happens: 0 ok; 1, 2, 4 profile incomplete; 3 not real-name verified. */
export const VALIDATE_USER_DECISIONS: Readonly<Record<string, UserGateDecision>> = {
  '0': PROCEED,
  '1': VALIDATE_INCOMPLETE,
  '2': VALIDATE_INCOMPLETE,
  '4': VALIDATE_INCOMPLETE,
  '3': { kind: 'alertThenRedirect', message: MESSAGE_NOT_REAL_NAME_VERIFIED, to: PROFILE_TO_COMPLETE },
};

/**
 * The decision for a validateUserInfo errcode. Numeric codes compare by value, so '00' is 0.
 * An unknown code fails closed like an incomplete profile: the gate guards business paths.
 */
export function validateUserDecision(errcode: string | number | null | undefined): UserGateDecision {
  const text = errcode === null || errcode === undefined ? '' : String(errcode).trim();
  const key = /^\d+$/.test(text) ? String(Number(text)) : text;
  return VALIDATE_USER_DECISIONS[key] ?? VALIDATE_INCOMPLETE;
}

/** Apply (getApplyCode) errcode → what happens; other non-00 codes alert the server's errmsg. */
export const APPLY_CODE_DECISIONS: Readonly<Record<string, UserGateDecision>> = {
  '00': PROCEED,
  '02': { kind: 'alertThenRedirect', message: MESSAGE_COMPLETE_USER_INFO, to: citizenPaths.userInfo },
  '03': { kind: 'alertThenRedirect', message: MESSAGE_NOT_REAL_NAME_VERIFIED, to: citizenPaths.userInfo },
};

/** The decision for an apply errcode; a number is read as its two-digit code (2 → '02'). */
export function applyCodeDecision(errcode: string | number | null | undefined, errmsg?: string | null): UserGateDecision {
  const text = errcode === null || errcode === undefined ? '' : String(errcode).trim();
  const key = /^\d$/.test(text) ? `0${text}` : text;
  return APPLY_CODE_DECISIONS[key] ?? { kind: 'alert', message: errmsg ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Personal centre

/** Whether the personal centre shows "my business": every region but the four of MY_BUSINESS_HIDDEN_REGIONS. */
export function showsMyBusiness(regionCode: string | number | null | undefined): boolean {
  return !hidesMyBusiness(regionCode === null || regionCode === undefined ? '' : String(regionCode));
}
