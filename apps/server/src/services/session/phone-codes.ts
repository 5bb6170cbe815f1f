import { isMobileNumber, SMS_COUNTDOWN_SECONDS, VALIDATION_MESSAGES } from '@hall/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../adapters/sms/sms';
import type { Database } from '../../db/client';
import { smsCodes } from '../../db/schema';
import { badRequest, HallError, tooMany } from '../../lib/errors';
import { numericCode } from '../../lib/ids';
import { sameBlindIndex } from '../../db/sealed/sealed-columns';

/** A code works for 5 minutes, once. */
export const SMS_CODE_LIFETIME_MINUTES = 5;
/** One code per phone per countdown (the screen's 60 s, spec part 1 §4, §9). */
export const SMS_RESEND_SECONDS = SMS_COUNTDOWN_SECONDS;
/** Codes a phone can be sent per day (Beijing time), so the hall cannot be used to flood a number. */
export const SMS_DAILY_LIMIT_PER_PHONE = 10;
export const SMS_CODE_LENGTH = 6;
/** The purpose of a code asked for on the sign-in page (services/session/web-sign-in.ts). */
export const SIGN_IN_PURPOSE = 'signIn';
/**
 * Codes one client address can have sent per day, whatever the phones: one address cycling through
 * many numbers (SMS pumping, paid for by the hall) stops here. Generous enough for a hall's Wi-Fi.
 */
export const SMS_DAILY_LIMIT_PER_ADDRESS = 30;

export const PHONE_CODE_MESSAGES = {
  sent: '验证码已发送，请注意查收',
  wait: (seconds: number) => `验证码已发送，请${seconds}秒后再重新获取`,
  dailyLimit: `该手机号今日获取验证码已达${SMS_DAILY_LIMIT_PER_PHONE}次，请明天再试`,
  addressLimit: '您所在网络今日获取验证码的次数过多，请明天再试或到登记窗口办理',
  sendFailed: '验证码发送失败，请稍后再试',
  missing: VALIDATION_MESSAGES.phoneCode,
  notRequested: '请先获取验证码',
  used: '验证码已使用，请重新获取',
  expired: '验证码已过期，请重新获取',
  wrong: '验证码错误，请重新输入',
} as const;

/** The start of today in Beijing time, computed by the database so every process agrees. */
const startOfToday = sql`date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;

/**
 * Sends a fresh code to the phone for the session's user. The rules live in the database, under
 * a transaction-scoped lock on the phone, so two requests (or two server processes) cannot both
 * pass the 60-second or the daily check. Only the newest code of a phone works.
 */
export async function issuePhoneCode(
  hall: { db: Database; sms: SmsSender },
  input: { phone: string; clientAddress: string } & ({ openid: string } | { browserTicket: string }),
  log?: FastifyBaseLogger,
): Promise<void> {
  const phone = input.phone.trim();
  if (!isMobileNumber(phone)) throw badRequest(VALIDATION_MESSAGES.profileMobile);
  const code = numericCode(SMS_CODE_LENGTH);

  const issued = await hall.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms_codes:${phone}`}, 0))`);
    const [last] = await tx
      .select({ waited: sql<number>`extract(epoch from clock_timestamp() - ${smsCodes.createdAt})::float8` })
      .from(smsCodes)
      .where(sameBlindIndex(smsCodes.phone, 'phone', phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last && last.waited < SMS_RESEND_SECONDS) {
      const left = Math.min(SMS_RESEND_SECONDS, Math.max(1, Math.ceil(SMS_RESEND_SECONDS - last.waited)));
      throw tooMany(PHONE_CODE_MESSAGES.wait(left));
    }
    const [today] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(sameBlindIndex(smsCodes.phone, 'phone', phone), sql`${smsCodes.createdAt} >= ${startOfToday}`));
    if ((today?.count ?? 0) >= SMS_DAILY_LIMIT_PER_PHONE) throw tooMany(PHONE_CODE_MESSAGES.dailyLimit);
    // Then the address, locked after the phone (always in this order, so two requests never wait on each other).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms_address:${input.clientAddress}`}, 0))`);
    const [fromAddress] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(smsCodes)
      .where(and(eq(smsCodes.clientAddress, input.clientAddress), sql`${smsCodes.createdAt} >= ${startOfToday}`));
    if ((fromAddress?.count ?? 0) >= SMS_DAILY_LIMIT_PER_ADDRESS) throw tooMany(PHONE_CODE_MESSAGES.addressLimit);

    // A new code replaces the phone's earlier ones still waiting to be used.
    await tx
      .update(smsCodes)
      .set({ expiresAt: sql`clock_timestamp()` })
      .where(and(sameBlindIndex(smsCodes.phone, 'phone', phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`clock_timestamp()`)));
    const [row] = await tx
      .insert(smsCodes)
      .values({
        phone,
        code,
        // A signed-in citizen's code works for that citizen; a sign-in code for the browser that asked.
        ...('openid' in input ? { openid: input.openid } : { browserTicket: input.browserTicket, purpose: SIGN_IN_PURPOSE }),
        clientAddress: input.clientAddress,
        createdAt: sql`clock_timestamp()`,
        expiresAt: sql`clock_timestamp() + make_interval(mins => ${SMS_CODE_LIFETIME_MINUTES})`,
      })
      .returning({ id: smsCodes.id });
    return row!;
  });

  try {
    await hall.sms.send(phone, code);
  } catch (error) {
    // Not sent: the code must neither work nor hold the phone's countdown.
    await hall.db.delete(smsCodes).where(eq(smsCodes.id, issued.id));
    log?.warn({ err: error }, 'sms send failed');
    throw new HallError(502, PHONE_CODE_MESSAGES.sendFailed);
  }
}

export type PhoneCodeCheck = { ok: true } | { ok: false; reason: string };

/**
 * Uses a code: it must be the phone's, asked for by this openid, unused and not expired. One
 * UPDATE marks it used, so of two concurrent uses only one can succeed.
 */
export async function consumePhoneCode(db: Database, input: { openid: string; phone: string; code: string }): Promise<PhoneCodeCheck> {
  const phone = input.phone.trim();
  const code = input.code.trim();
  if (!code) return { ok: false, reason: PHONE_CODE_MESSAGES.missing };
  const [used] = await db
    .update(smsCodes)
    .set({ usedAt: sql`clock_timestamp()` })
    .where(and(sameBlindIndex(smsCodes.phone, 'phone', phone), eq(smsCodes.openid, input.openid), eq(smsCodes.code, code), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`clock_timestamp()`)))
    .returning({ id: smsCodes.id });
  if (used) return { ok: true };

  // Only to say why: the decision above is already made.
  const mine = and(sameBlindIndex(smsCodes.phone, 'phone', phone), eq(smsCodes.openid, input.openid));
  const [same] = await db
    .select({ usedAt: smsCodes.usedAt })
    .from(smsCodes)
    .where(and(mine, eq(smsCodes.code, code)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (same) return { ok: false, reason: same.usedAt ? PHONE_CODE_MESSAGES.used : PHONE_CODE_MESSAGES.expired };
  const [any] = await db.select({ id: smsCodes.id }).from(smsCodes).where(mine).limit(1);
  return { ok: false, reason: any ? PHONE_CODE_MESSAGES.wrong : PHONE_CODE_MESSAGES.notRequested };
}

/** The newest code sent to a phone (the SMS simulator's inbox). */
export async function latestPhoneCode(db: Database, phone: string): Promise<{ code: string; sentAt: Date } | null> {
  const [row] = await db
    .select({ code: smsCodes.code, sentAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(sameBlindIndex(smsCodes.phone, 'phone', phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row ?? null;
}
