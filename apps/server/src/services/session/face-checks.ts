import { normalizeIdNumber, validateRealName } from '@hall/domain';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { FaceIdError, type DetectInfo, type FaceIdAdapter } from '../../adapters/faceid/faceid';
import type { Database } from '../../db/client';
import { faceChecks, users } from '../../db/schema';
import { badRequest, HallError, tooMany } from '../../lib/errors';
import { requireUser } from './users';

/** A check not finished within this long is over (failed): the citizen starts a new one. */
export const FACE_CHECK_LIFETIME_MS = 30 * 60 * 1000;
/** Checks a citizen may start per day (Beijing time): each real check is billed by the provider. */
export const FACE_CHECK_DAILY_LIMIT = 10;

export const FACE_MESSAGES = {
  /** Spec part 1 §8. */
  urlFailed: '获取腾讯云人脸识别地址失败',
  alreadyVerified: '您已完成实名认证，无需重复认证',
  unsavedProfile: '请先保存个人信息，再进行实名认证',
  badRedirect: '认证完成后的返回地址无效，请从办事大厅重新发起认证',
  dailyLimit: `今日人脸核身次数已达${FACE_CHECK_DAILY_LIMIT}次，请明天再试`,
  unknownCheck: '未找到本次人脸核身记录，请重新认证',
  expired: '人脸核身已超时，请重新认证',
  resultUnavailable: '暂时无法获取人脸核身结果，请稍后再试',
  identityMismatch: '人脸核身的姓名或身份证号与个人信息不一致，未能完成实名认证',
  notPassed: '人脸核身未通过，请重新认证',
  passed: '认证通过',
  /** Spec part 1 §8: the licence query's success message. */
  licencePassed: '认证成功',
  bsmRequired: '缺少业务编号，请重新发起认证',
} as const;

export type FaceResult = 'passed' | 'failed';
export interface FaceOutcome {
  result: FaceResult;
  message: string;
}

export interface FaceHall {
  db: Database;
  faceid: FaceIdAdapter;
  env: { FACEID_RULE_ID?: string | undefined };
}

export interface Citizen {
  openid: string;
  sessionId: string;
}

export interface StartFaceCheckInput {
  name: string;
  idcard: string;
  bsm?: string | undefined;
  redirectUrl: string;
  /** The hall's own origin: the browser may only be sent back there. */
  origin: string;
}

/** The return address, made absolute, when it is on the hall's own origin; null otherwise. */
export function hallRedirectUrl(candidate: string, origin: string): string | null {
  try {
    const base = new URL(origin);
    const url = new URL(candidate.trim(), base);
    if (url.origin !== base.origin) return null;
    // A token from an earlier check must not ride along into the new one's return.
    url.searchParams.delete('BizToken');
    return url.toString();
  } catch {
    return null;
  }
}

const startOfToday = sql`date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai'`;
const sameId = (a: string, b: string) => normalizeIdNumber(a) === normalizeIdNumber(b);

/**
 * Starts a face check for the session's user (getWxDetectAuth): the saved profile's name and ID
 * number are what is checked, so the payload must carry those. Without a business serial (bsm)
 * it is the real-name verification, which a verified user does not need again; with one it is a
 * business's own face check (the licence query), which verified users take too.
 */
export async function startFaceCheck(hall: FaceHall, citizen: Citizen, input: StartFaceCheckInput, log?: FastifyBaseLogger): Promise<{ url: string; bizToken: string }> {
  const user = await requireUser(hall.db, citizen.openid);
  const incomplete = validateRealName({ name: input.name, idNumber: input.idcard }) ?? validateRealName({ name: user.name, idNumber: user.cardnum });
  if (incomplete) throw badRequest(incomplete);
  const bsm = input.bsm?.trim() ?? '';
  if (!bsm && user.realNameAuth === 1) throw badRequest(FACE_MESSAGES.alreadyVerified);
  if (input.name.trim() !== user.name.trim() || !sameId(input.idcard, user.cardnum)) throw badRequest(FACE_MESSAGES.unsavedProfile);
  const redirectUrl = hallRedirectUrl(input.redirectUrl, input.origin);
  if (!redirectUrl) throw badRequest(FACE_MESSAGES.badRedirect);

  const [today] = await hall.db
    .select({ count: sql<number>`count(*)::int` })
    .from(faceChecks)
    .where(and(eq(faceChecks.openid, citizen.openid), sql`${faceChecks.createdAt} >= ${startOfToday}`));
  if ((today?.count ?? 0) >= FACE_CHECK_DAILY_LIMIT) throw tooMany(FACE_MESSAGES.dailyLimit);

  let started: { bizToken: string; url: string };
  try {
    started = await hall.faceid.detectAuth({ name: user.name.trim(), idcard: normalizeIdNumber(user.cardnum), redirectUrl, ruleId: hall.env.FACEID_RULE_ID ?? '0' });
  } catch (error) {
    log?.warn({ err: error }, 'faceid DetectAuth failed');
    throw new HallError(502, FACE_MESSAGES.urlFailed);
  }
  await hall.db.insert(faceChecks).values({
    bizToken: started.bizToken,
    openid: citizen.openid,
    sessionId: citizen.sessionId,
    name: user.name.trim(),
    idcard: normalizeIdNumber(user.cardnum),
    bsm,
    redirectUrl,
  });
  return started;
}

type FaceCheckRow = typeof faceChecks.$inferSelect;

function storedOutcome(check: FaceCheckRow): FaceOutcome {
  return check.status === 'passed' ? { result: 'passed', message: FACE_MESSAGES.passed } : { result: 'failed', message: FACE_MESSAGES.notPassed };
}

/** Whether a check is older than its lifetime, by the database's clock (the one every process shares). */
const expiredColumn = sql<boolean>`${faceChecks.createdAt} < now() - make_interval(secs => ${FACE_CHECK_LIFETIME_MS / 1000})`;
const freshCondition = sql`${faceChecks.createdAt} >= now() - make_interval(secs => ${FACE_CHECK_LIFETIME_MS / 1000})`;

/**
 * Reads the outcome of a check from the provider and settles it, for the session that started
 * it only: a token of another citizen or another session is unknown here and changes nothing.
 * A pass verifies the user only when the provider's name and ID number are the profile's (the ID
 * compared case-insensitively). Settling twice is harmless: the second call answers the first result.
 */
export async function completeFaceCheck(hall: FaceHall, citizen: Citizen, bizToken: string, log?: FastifyBaseLogger): Promise<FaceOutcome> {
  const mine = and(eq(faceChecks.bizToken, bizToken), eq(faceChecks.openid, citizen.openid), eq(faceChecks.sessionId, citizen.sessionId));
  const [found] = await hall.db.select({ check: faceChecks, expired: expiredColumn }).from(faceChecks).where(mine);
  if (!found) return { result: 'failed', message: FACE_MESSAGES.unknownCheck };
  if (found.check.finishedAt) return storedOutcome(found.check);

  let info: DetectInfo | null = null;
  if (!found.expired) {
    try {
      info = await hall.faceid.getDetectInfo(bizToken);
    } catch (error) {
      // A passing fault of the provider: leave the check open so a retry can still settle it.
      log?.warn({ err: error, code: error instanceof FaceIdError ? error.code : undefined }, 'faceid GetDetectInfo failed');
      return { result: 'failed', message: FACE_MESSAGES.resultUnavailable };
    }
  }

  return hall.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(faceChecks).where(mine).for('update');
    if (!locked) return { result: 'failed', message: FACE_MESSAGES.unknownCheck };
    if (locked.finishedAt) return storedOutcome(locked);

    let outcome: FaceOutcome;
    if (!info) {
      outcome = { result: 'failed', message: FACE_MESSAGES.expired };
    } else if (!info.passed) {
      outcome = { result: 'failed', message: info.message || FACE_MESSAGES.notPassed };
    } else {
      // The profile as it is now must be the person the provider saw. The name and ID number are sealed
      // (SQL cannot compare them), so the profile row is locked, compared here and verified in the
      // same transaction: a profile changed meanwhile waits for it, and cannot slip through.
      const name = info.name.trim();
      const idcard = normalizeIdNumber(info.idcard);
      const [profile] = await tx.select({ name: users.name, cardnum: users.cardnum }).from(users).where(eq(users.openid, citizen.openid)).for('update');
      const same = Boolean(name && idcard && profile && profile.name.trim() === name && normalizeIdNumber(profile.cardnum) === idcard);
      if (same) await tx.update(users).set({ realNameAuth: 1, updatedAt: new Date() }).where(eq(users.openid, citizen.openid));
      outcome = same ? { result: 'passed', message: FACE_MESSAGES.passed } : { result: 'failed', message: FACE_MESSAGES.identityMismatch };
    }
    await tx.update(faceChecks).set({ status: outcome.result, finishedAt: new Date() }).where(mine);
    return outcome;
  });
}

/** setDetectInfo: settles the session's check for a business serial (its newest, or the one BizToken names). */
export async function completeBusinessFaceCheck(hall: FaceHall, citizen: Citizen, input: { bsm: string; bizToken?: string | undefined }, log?: FastifyBaseLogger): Promise<FaceOutcome> {
  const bsm = input.bsm.trim();
  if (!bsm) throw badRequest(FACE_MESSAGES.bsmRequired);
  const conditions = [eq(faceChecks.openid, citizen.openid), eq(faceChecks.sessionId, citizen.sessionId), eq(faceChecks.bsm, bsm)];
  if (input.bizToken?.trim()) conditions.push(eq(faceChecks.bizToken, input.bizToken.trim()));
  const [check] = await hall.db
    .select({ bizToken: faceChecks.bizToken })
    .from(faceChecks)
    .where(and(...conditions))
    .orderBy(desc(faceChecks.createdAt))
    .limit(1);
  if (!check) return { result: 'failed', message: FACE_MESSAGES.unknownCheck };
  return completeFaceCheck(hall, citizen, check.bizToken, log);
}

/** Whether the user passed a face check for this business serial lately (for the calls that require one). */
export async function hasPassedFaceCheck(db: Database, input: { openid: string; bsm: string; withinMs?: number }): Promise<boolean> {
  const since = sql`now() - make_interval(secs => ${(input.withinMs ?? FACE_CHECK_LIFETIME_MS) / 1000})`;
  const [row] = await db
    .select({ bizToken: faceChecks.bizToken })
    .from(faceChecks)
    .where(and(eq(faceChecks.openid, input.openid), eq(faceChecks.bsm, input.bsm), eq(faceChecks.status, 'passed'), isNotNull(faceChecks.finishedAt), gt(faceChecks.finishedAt, since)))
    .limit(1);
  return Boolean(row);
}

/** A check the simulator page may still decide: known, not settled by the hall, not expired. */
export async function openFaceCheck(db: Database, bizToken: string): Promise<FaceCheckRow | null> {
  const [check] = await db
    .select()
    .from(faceChecks)
    .where(and(eq(faceChecks.bizToken, bizToken), isNull(faceChecks.finishedAt), freshCondition));
  return check ?? null;
}

/** The simulator page's decision on a pending check (a failure with the result code chosen); the first choice counts, as on the real page. */
export async function decideSimulatedFaceCheck(db: Database, bizToken: string, decision: { passed: true } | { passed: false; errCode: number | null }): Promise<void> {
  await db
    .update(faceChecks)
    .set(decision.passed ? { status: 'passed' } : { status: 'failed', simulatedErrCode: decision.errCode })
    .where(and(eq(faceChecks.bizToken, bizToken), eq(faceChecks.status, 'pending'), isNull(faceChecks.finishedAt)));
}
