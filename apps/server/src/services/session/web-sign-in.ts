import { isMobileNumber, validatePassword, VALIDATION_MESSAGES } from '@hall/domain';
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { firmHits, takeFirmHit } from '../../db/rate-limit-hits';
import { smsCodes, users } from '../../db/schema';
import { badRequest, HallError, tooMany } from '../../lib/errors';
import { randomId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import { PHONE_CODE_MESSAGES, SIGN_IN_PURPOSE } from './phone-codes';
import { endCitizenSessions } from './sessions';
import type { UserRow } from './users';
import { blindIndex, blindIndexes, sameBlindIndex } from '../../db/sealed/sealed-columns';

/**
 * Signing in on the hall's own pages, for browsers other than WeChat (spec part 1 §5, the web user):
 * by phone and SMS code, by phone or account and the profile's password, and 忘记密码 by SMS code.
 */

/** Wrong codes one code takes before it stops working, even the right one. */
export const CODE_ATTEMPTS_PER_CODE = 5;
/** Sign-in codes tried for one phone, and from one address, in a window. */
export const CODE_ATTEMPTS_PER_PHONE = 10;
export const CODE_ATTEMPTS_PER_ADDRESS = 30;
/** Wrong passwords for one account from one address before that address waits out the window. */
export const PASSWORD_FAILURES_PER_ADDRESS = 5;
export const ATTEMPT_WINDOW_MINUTES = 15;
const ATTEMPT_WINDOW_MS = ATTEMPT_WINDOW_MINUTES * 60_000;
/** Accounts a phone or account name may stand for (a phone typed into several WeChat profiles). */
const PASSWORD_CANDIDATES = 5;

export const WEB_SIGN_IN_MESSAGES = {
  ticket: '登录页面已过期，请刷新页面后重试',
  methodOff: '本办事大厅未开通此登录方式，请选择其他方式登录',
  phone: VALIDATION_MESSAGES.profileMobile,
  codeLocked: '验证码错误次数过多，请重新获取验证码',
  tooManyCodes: `验证码尝试次数过多，请${ATTEMPT_WINDOW_MINUTES}分钟后再试`,
  /** The one answer to a wrong password, whether the account exists or not. */
  wrongPassword: '账号或密码错误，请重新输入；忘记密码可通过短信验证码重设',
  passwordLocked: (minutes: number) => `密码错误次数过多，请${minutes}分钟后再试，或使用手机验证码登录`,
  noAccount: '该手机号尚未注册，请使用手机验证码登录，登录后即完成注册',
  account: '请输入手机号或账号',
} as const;

/** A sign-in code's check, in the browser that asked (its ticket) and within the limits per phone, address and code. */
export async function consumeSignInCode(db: Database, input: { phone: string; code: string; ticket: string; clientAddress: string }): Promise<string> {
  const phone = input.phone.trim();
  const code = input.code.trim();
  if (!isMobileNumber(phone)) throw badRequest(WEB_SIGN_IN_MESSAGES.phone);
  if (!code) throw badRequest(PHONE_CODE_MESSAGES.missing);
  // Every try counts, the right ones too, and before anything is looked at: guesses sent at once all count.
  const byPhone = await takeFirmHit(db, 'web sign-in code phone', blindIndex('phone', phone), ATTEMPT_WINDOW_MS);
  const byAddress = await takeFirmHit(db, 'web sign-in code address', input.clientAddress, ATTEMPT_WINDOW_MS);
  if (byPhone.hits > CODE_ATTEMPTS_PER_PHONE || byAddress.hits > CODE_ATTEMPTS_PER_ADDRESS) throw tooMany(WEB_SIGN_IN_MESSAGES.tooManyCodes);

  const ours = and(sameBlindIndex(smsCodes.phone, 'phone', phone), eq(smsCodes.purpose, SIGN_IN_PURPOSE), eq(smsCodes.browserTicket, input.ticket));
  const [used] = await db
    .update(smsCodes)
    .set({ usedAt: sql`clock_timestamp()` })
    .where(and(ours, eq(smsCodes.code, code), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`clock_timestamp()`), lt(smsCodes.attempts, CODE_ATTEMPTS_PER_CODE)))
    .returning({ id: smsCodes.id });
  if (used) return phone;

  // A wrong code counts against the live code it was tried on; the reason is said after.
  const [live] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(ours, isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`clock_timestamp()`), sql`${smsCodes.code} <> ${code}`))
    .returning({ attempts: smsCodes.attempts });
  if (live) throw badRequest(live.attempts >= CODE_ATTEMPTS_PER_CODE ? WEB_SIGN_IN_MESSAGES.codeLocked : PHONE_CODE_MESSAGES.wrong);
  const [same] = await db
    .select({ usedAt: smsCodes.usedAt, attempts: smsCodes.attempts })
    .from(smsCodes)
    .where(and(ours, eq(smsCodes.code, code)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (same?.usedAt) throw badRequest(PHONE_CODE_MESSAGES.used);
  if (same && same.attempts >= CODE_ATTEMPTS_PER_CODE) throw badRequest(WEB_SIGN_IN_MESSAGES.codeLocked);
  if (same) throw badRequest(PHONE_CODE_MESSAGES.expired);
  const [any] = await db.select({ id: smsCodes.id }).from(smsCodes).where(ours).limit(1);
  // No code of this phone was asked for in this browser: a code of another phone, or one asked for elsewhere.
  throw badRequest(any ? PHONE_CODE_MESSAGES.wrong : PHONE_CODE_MESSAGES.notRequested);
}

/**
 * Serialises the writes that give a phone its one proving account (the partial unique index would refuse
 * the loser). The lock is taken under the phone's index under every listed index key, in one order: while
 * the index key rotates, the unique index holds only among values under one key, and a process that lists
 * the old key and one that lists both still meet on the old key's lock (docs/decisions/021, "Rotation").
 */
export async function lockProvedPhone(tx: Transaction, phone: string): Promise<void> {
  for (const index of blindIndexes('phone', phone).sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`web_account:${index}`}, 0))`);
}

/** The one account a proved phone belongs to (users.phoneVerified). */
export async function accountOfProvedPhone(db: Database | Transaction, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sameBlindIndex(users.phone, 'phone', phone), eq(users.phoneVerified, true)))
    .limit(1);
  return row ?? null;
}

/**
 * The account of a phone just proved by a code: the one that already proved it, else a new web user
 * (iswebuser 1) who then completes the profile and the face check like any citizen.
 */
export async function accountForProvedPhone(db: Database, phone: string, hall: { appid: string; xzqdm: string }): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await lockProvedPhone(tx, phone);
    const found = await accountOfProvedPhone(tx, phone);
    if (found) return found;
    const [created] = await tx
      .insert(users)
      .values({ openid: `web-${randomId(18)}`, appid: hall.appid, phone, phoneVerified: true, iswebuser: '1', xzqdm: hall.xzqdm })
      .returning();
    return created!;
  });
}

/** The whole minutes left of a counting window, at least one. */
const minutesLeft = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** A hash no password matches, checked when no account answers, so a missing account takes as long as a wrong password. */
let decoyHash: Promise<string> | null = null;

/**
 * The account a phone or account name and password sign in to. Wrong passwords are counted per name
 * and address: an address that met the limit waits the window out, any other address (the owner's)
 * is not held back. A name that is no account answers exactly as a wrong password does.
 */
export async function accountForPassword(db: Database, input: { account: string; password: string; clientAddress: string }): Promise<UserRow> {
  const name = input.account.trim();
  if (!name) throw badRequest(WEB_SIGN_IN_MESSAGES.account);
  // The name may be a phone: the counter's key holds its blind index, never the number.
  const lockKey = `${blindIndex('phone', name)}|${input.clientAddress}`;
  const failures = await firmHits(db, 'web password failures', lockKey, ATTEMPT_WINDOW_MS);
  if (failures.hits >= PASSWORD_FAILURES_PER_ADDRESS) throw new HallError(423, WEB_SIGN_IN_MESSAGES.passwordLocked(minutesLeft(failures.ttl)));
  const candidates = await db
    .select()
    .from(users)
    .where(and(or(sameBlindIndex(users.phone, 'phone', name), eq(users.account, name)), isNotNull(users.passwordHash)))
    .orderBy(desc(users.phoneVerified), desc(users.updatedAt))
    .limit(PASSWORD_CANDIDATES);
  for (const candidate of candidates) if (await verifyPassword(input.password, candidate.passwordHash!)) return candidate;
  if (!candidates.length) await verifyPassword(input.password, await (decoyHash ??= hashPassword(randomId())));
  const counted = await takeFirmHit(db, 'web password failures', lockKey, ATTEMPT_WINDOW_MS);
  if (counted.hits >= PASSWORD_FAILURES_PER_ADDRESS) throw new HallError(423, WEB_SIGN_IN_MESSAGES.passwordLocked(minutesLeft(counted.ttl)));
  throw badRequest(WEB_SIGN_IN_MESSAGES.wrongPassword);
}

/** The rule of a new password (the profile's): checked before a code is used, so a bad one costs no code. */
export function checkNewPassword(password: string): void {
  const problem = validatePassword(password);
  if (problem) throw badRequest(problem);
}

/**
 * 忘记密码: the account of the phone just proved gets the new password; every session it had ends
 * (whoever knew the old password is out).
 */
export async function resetPassword(db: Database, phone: string, password: string): Promise<UserRow> {
  const account = await accountOfProvedPhone(db, phone);
  if (!account) throw badRequest(WEB_SIGN_IN_MESSAGES.noAccount);
  const passwordHash = await hashPassword(password);
  const [row] = await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.openid, account.openid)).returning();
  await endCitizenSessions(db, account.openid);
  return row!;
}
