import { ARCHIVE_QUERY_MESSAGES, ARCHIVE_STEP_LIFETIME_MINUTES, VALIDATION_MESSAGES } from '@hall/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../../adapters/sms/sms';
import type { Database, Transaction } from '../../../db/client';
import { archiveQuerySteps } from '../../../db/schema';
import { badRequest, forbidden } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import type { Citizen } from '../../session/face-checks';
import { hasPassedFaceCheck } from '../../session/face-checks';
import { consumePhoneCode, issuePhoneCode, PHONE_CODE_MESSAGES } from '../../session/phone-codes';
import { requireUser } from '../../session/users';

export type ArchiveStepRow = typeof archiveQuerySteps.$inferSelect;

/** The profile's phone: the archive page shows it read-only, so only that number gets codes. */
async function requireOwnPhone(db: Database, openid: string, phone: string | undefined): Promise<string> {
  const user = await requireUser(db, openid);
  const typed = (phone ?? '').trim();
  if (!typed) throw badRequest(VALIDATION_MESSAGES.phoneNumber);
  if (!user.phone.trim() || typed !== user.phone.trim()) throw forbidden(ARCHIVE_QUERY_MESSAGES.phoneNotOwn);
  return typed;
}

/** phong_query_yzm: a code to the profile's phone, under the hall's countdown and daily limits. */
export async function sendArchiveCode(hall: { db: Database; sms: SmsSender }, asker: { openid: string; clientAddress: string }, phone: string | undefined, log?: FastifyBaseLogger): Promise<void> {
  const own = await requireOwnPhone(hall.db, asker.openid, phone);
  await issuePhoneCode(hall, { ...asker, phone: own }, log);
}

/**
 * getQueryYzm: the server checks the typed code (used once) and opens a step for this session; its
 * bsm is the business serial of the face check that follows. A blank or wrong code answers the
 * spec's 请输入动态验证码; an expired or used one says so.
 */
export async function verifyArchiveCode(db: Database, citizen: Citizen, input: { phone?: string | undefined; code?: string | undefined }): Promise<string> {
  const phone = await requireOwnPhone(db, citizen.openid, input.phone);
  const code = (input.code ?? '').trim();
  if (!code) throw badRequest(VALIDATION_MESSAGES.phoneCode);
  const check = await consumePhoneCode(db, { openid: citizen.openid, phone, code });
  if (!check.ok) throw badRequest(check.reason === PHONE_CODE_MESSAGES.wrong ? VALIDATION_MESSAGES.phoneCode : check.reason);
  const bsm = `CD${randomId(12).replace(/[^A-Za-z0-9]/g, '')}`;
  await db.insert(archiveQuerySteps).values({
    bsm,
    openid: citizen.openid,
    sessionId: citizen.sessionId,
    phone,
    codeVerifiedAt: sql`clock_timestamp()`,
    expiresAt: sql`clock_timestamp() + make_interval(mins => ${ARCHIVE_STEP_LIFETIME_MINUTES})`,
  });
  return bsm;
}

/**
 * The step a request may use, in the order the spec sets (part 3 §4): a code checked for this
 * session (the named bsm, or the newest), still open and unused, then a passed face check for it.
 * Inside `tx` the step is taken (used) so it opens one request only; `use` records the request.
 */
export async function takeArchiveStep<T>(db: Database, citizen: Citizen, bsm: string | undefined, use: (tx: Transaction, step: ArchiveStepRow) => Promise<T & { recordId: number }>): Promise<T> {
  const mine = [eq(archiveQuerySteps.openid, citizen.openid), eq(archiveQuerySteps.sessionId, citizen.sessionId)];
  const named = bsm?.trim();
  const [step] = await db
    .select({ step: archiveQuerySteps, open: sql<boolean>`${archiveQuerySteps.usedAt} is null and ${archiveQuerySteps.expiresAt} > clock_timestamp()` })
    .from(archiveQuerySteps)
    .where(and(...mine, named ? eq(archiveQuerySteps.bsm, named) : undefined))
    .orderBy(desc(archiveQuerySteps.codeVerifiedAt))
    .limit(1);
  if (!step) throw forbidden(ARCHIVE_QUERY_MESSAGES.codeFirst);
  if (!step.open) throw forbidden(ARCHIVE_QUERY_MESSAGES.stepExpired);
  if (!(await hasPassedFaceCheck(db, { openid: citizen.openid, bsm: step.step.bsm }))) throw forbidden(ARCHIVE_QUERY_MESSAGES.faceFirst);

  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(archiveQuerySteps)
      .set({ usedAt: sql`clock_timestamp()` })
      .where(and(eq(archiveQuerySteps.bsm, step.step.bsm), ...mine, isNull(archiveQuerySteps.usedAt), gt(archiveQuerySteps.expiresAt, sql`clock_timestamp()`)))
      .returning();
    if (!taken) throw forbidden(ARCHIVE_QUERY_MESSAGES.stepExpired);
    const result = await use(tx, taken);
    await tx.update(archiveQuerySteps).set({ recordId: result.recordId }).where(eq(archiveQuerySteps.bsm, taken.bsm));
    return result;
  });
}
