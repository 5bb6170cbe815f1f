/** The ways a citizen can sign in to the hall (HALL_SIGN_IN, docs/architecture.md §12). */
export const SIGN_IN_METHODS = ['wechat', 'sms', 'password', 'oidc'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What HALL_SIGN_IN names wrongly, in the words the refusal to start uses; null when it is right. */
export function signInSettingProblem(value: string | undefined): string | null {
  if (value === undefined) return null;
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(SIGN_IN_METHODS as readonly string[]).includes(name));
  if (unknown.length) return `HALL_SIGN_IN names ${unknown.map((name) => `"${name}"`).join(', ')}: this hall offers ${SIGN_IN_METHODS.join(', ')}`;
  return null;
}

/** What a demo hall offers unset: the sign-ins its own stand-ins answer for (the province's has a stand-in too). */
const DEMO_SIGN_IN: SignInMethod[] = ['wechat', 'sms', 'password', 'oidc'];

/** The sign-ins the hall offers: HALL_SIGN_IN's list, else every one in demo mode and WeChat's alone in production. */
export function signInMethods(env: { HALL_MODE: 'demo' | 'production'; HALL_SIGN_IN?: string }): Set<SignInMethod> {
  if (env.HALL_SIGN_IN === undefined) return new Set(env.HALL_MODE === 'demo' ? DEMO_SIGN_IN : ['wechat']);
  return new Set(env.HALL_SIGN_IN.split(',').map((name) => name.trim() as SignInMethod));
}

/** Whether the hall offers a sign-in on its own page /login (SMS code, password, the province's unified identity), for browsers other than WeChat. */
export function offersWebSignIn(methods: Set<SignInMethod>): boolean {
  return methods.has('sms') || methods.has('password') || methods.has('oidc');
}

/** Whether the hall sends SMS codes for signing in (手机验证码登录, and 忘记密码 of 密码登录). */
export function offersSignInCodes(methods: Set<SignInMethod>): boolean {
  return methods.has('sms') || methods.has('password');
}
