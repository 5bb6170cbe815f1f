import { OPERATOR_LOCK_MINUTES, OPERATOR_MAX_FAILED_SIGN_INS, OPERATOR_MESSAGES, operatorPasswordProblem } from '@hall/domain';
import type { OperatorProfile } from '@hall/api';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorAccounts, operatorSessions } from '../../db/schema';
import { randomId } from '../../lib/ids';
import { badRequest, conflict, forbidden, HallError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { recordAudit, type AuditActor } from './audit';
import { NO_PASSWORD, normalizeUsername, type OperatorAccountRow } from './accounts';
import { perDatabase, preparedStatement } from '../../lib/prepared-statement';
import { batchedRead } from '../../lib/batched-read';

/** A console session lasts a working day at most, and ends after an hour unused (a screen left at the counter). */
export const OPERATOR_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const OPERATOR_SESSION_IDLE_MS = 60 * 60 * 1000;
const LAST_SEEN_PRECISION_MS = 60 * 1000;

export type SignInMethod = 'password' | 'wechat';

/** The console of a request: the account and how its session was signed in. */
export interface SignedInOperator {
  account: OperatorAccountRow;
  sessionId: string;
  method: SignInMethod;
}

export function toOperatorProfile(operator: SignedInOperator): OperatorProfile {
  const { account } = operator;
  return {
    id: account.id,
    username: account.username,
    displayName: account.displayName,
    roles: account.roles,
    mustChangePassword: account.mustChangePassword && operator.method === 'password',
    wechatBound: Boolean(account.wechatOpenid),
    signedInWith: operator.method,
  };
}

/** The comparison a missing account still pays for, so a wrong name takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

async function startSession(db: Database | Parameters<Parameters<Database['transaction']>[0]>[0], account: OperatorAccountRow, method: SignInMethod): Promise<SignedInOperator> {
  const [session] = await db
    .insert(operatorSessions)
    .values({ id: randomId(), operatorId: account.id, method, expiresAt: new Date(Date.now() + OPERATOR_SESSION_LIFETIME_MS) })
    .returning();
  return { account, sessionId: session!.id, method };
}

function lockedMinutes(account: OperatorAccountRow): number | null {
  if (!account.lockedUntil || account.lockedUntil.getTime() <= Date.now()) return null;
  return Math.max(1, Math.ceil((account.lockedUntil.getTime() - Date.now()) / 60_000));
}

/**
 * Signs in with name and password. Wrong passwords count in one UPDATE (so parallel guesses all
 * count); the fifth in a row locks the account for OPERATOR_LOCK_MINUTES. A locked or disabled account
 * is refused before its password is looked at. Every attempt, good or bad, goes to the audit trail.
 */
export async function signInWithPassword(db: Database, ip: string, username: string, password: string): Promise<SignedInOperator> {
  const name = normalizeUsername(username);
  const [account] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.username, name));
  const refuse = async (action: string, message: string, statusCode = 401) => {
    await recordAudit(db, { operatorId: account?.id ?? null, operatorName: account?.username ?? name, ip }, { action, target: account ? `operator:${account.id}` : '' });
    return new HallError(statusCode, message);
  };
  if (!account) {
    decoyHash ??= hashPassword(randomId());
    await verifyPassword(password, await decoyHash);
    throw await refuse('signIn.failed', OPERATOR_MESSAGES.wrongCredentials);
  }
  const minutes = lockedMinutes(account);
  if (minutes) throw await refuse('signIn.locked', OPERATOR_MESSAGES.locked(minutes), 423);
  if (account.disabled) throw await refuse('signIn.disabled', OPERATOR_MESSAGES.disabled, 403);
  const matches = account.passwordHash !== NO_PASSWORD && (await verifyPassword(password, account.passwordHash));
  if (!matches) {
    // A lock that has run out starts the count again.
    const [after] = await db
      .update(operatorAccounts)
      .set({
        failedSignIns: sql`CASE WHEN ${operatorAccounts.lockedUntil} IS NOT NULL AND ${operatorAccounts.lockedUntil} <= now() THEN 1 ELSE ${operatorAccounts.failedSignIns} + 1 END`,
      })
      .where(eq(operatorAccounts.id, account.id))
      .returning();
    if (after!.failedSignIns >= OPERATOR_MAX_FAILED_SIGN_INS) {
      await db
        .update(operatorAccounts)
        .set({ lockedUntil: sql`now() + make_interval(mins => ${OPERATOR_LOCK_MINUTES})`, failedSignIns: 0 })
        .where(eq(operatorAccounts.id, account.id));
      throw await refuse('signIn.lockedOut', OPERATOR_MESSAGES.locked(OPERATOR_LOCK_MINUTES), 423);
    }
    throw await refuse('signIn.failed', OPERATOR_MESSAGES.wrongCredentials);
  }
  return db.transaction(async (tx) => {
    const [signedIn] = await tx.update(operatorAccounts).set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: new Date() }).where(eq(operatorAccounts.id, account.id)).returning();
    await recordAudit(tx, { operatorId: account.id, operatorName: account.username, ip }, { action: 'signIn.password', target: `operator:${account.id}` });
    return startSession(tx, signedIn!, 'password');
  });
}

/** Signs in the operator whose bound WeChat this browser's citizen session belongs to; null when none is bound. */
export async function signInWithWechat(db: Database, ip: string, openid: string): Promise<SignedInOperator | null> {
  const [account] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.wechatOpenid, openid));
  if (!account) return null;
  if (account.disabled) throw forbidden(OPERATOR_MESSAGES.disabled);
  return db.transaction(async (tx) => {
    const [signedIn] = await tx.update(operatorAccounts).set({ lastSignInAt: new Date() }).where(eq(operatorAccounts.id, account.id)).returning();
    await recordAudit(tx, { operatorId: account.id, operatorName: account.username, ip }, { action: 'signIn.wechat', target: `operator:${account.id}` });
    return startSession(tx, signedIn!, 'wechat');
  });
}

/** The lookup of every console call, for the session ids asked for in one turn (lib/batched-read.ts). */
const operatorSessionsLookup = preparedStatement((db) =>
  db
    .select({ session: operatorSessions, account: operatorAccounts })
    .from(operatorSessions)
    .innerJoin(operatorAccounts, eq(operatorAccounts.id, operatorSessions.operatorId))
    .where(and(sql`${operatorSessions.id} = any(${sql.placeholder('ids')})`, gt(operatorSessions.expiresAt, sql.placeholder('now')), gt(operatorSessions.lastSeenAt, sql.placeholder('idleSince'))))
    .prepare('hall_find_operator_sessions'),
);
const operatorSessionLookup = perDatabase((db) =>
  batchedRead(
    (ids) => {
      const now = Date.now();
      return operatorSessionsLookup(db).execute({ ids, now: new Date(now), idleSince: new Date(now - OPERATOR_SESSION_IDLE_MS) });
    },
    (row) => row.session.id,
  ),
);

/** The live console session with this id and its account (enabled), else null. Finding it counts as a use. */
export async function findOperatorSession(db: Database, id: string): Promise<SignedInOperator | null> {
  const [row] = await operatorSessionLookup(db)(id);
  if (!row || row.account.disabled) return null;
  const now = Date.now();
  if (now - row.session.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(operatorSessions.id, id));
  }
  return { account: row.account, sessionId: row.session.id, method: row.session.method as SignInMethod };
}

export async function endOperatorSession(db: Database, actor: AuditActor, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(operatorSessions).where(eq(operatorSessions.id, sessionId));
    await recordAudit(tx, actor, { action: 'signOut', target: actor.operatorId ? `operator:${actor.operatorId}` : '' });
  });
}

export async function deleteExpiredOperatorSessions(db: Database): Promise<void> {
  await db.delete(operatorSessions).where(or(lt(operatorSessions.expiresAt, new Date()), lt(operatorSessions.lastSeenAt, new Date(Date.now() - OPERATOR_SESSION_IDLE_MS))));
}

/**
 * The owner changes their password: the current one must match, the new one must be good and new.
 * Every other session of the account ends; this one goes on.
 */
export async function changeOperatorPassword(db: Database, actor: AuditActor, operator: SignedInOperator, current: string, next: string): Promise<OperatorAccountRow> {
  const { account } = operator;
  if (account.passwordHash === NO_PASSWORD || !(await verifyPassword(current, account.passwordHash))) throw badRequest(OPERATOR_MESSAGES.currentPasswordWrong);
  const problem = operatorPasswordProblem(next, account.username);
  if (problem) throw badRequest(problem);
  if (next === current) throw badRequest(OPERATOR_MESSAGES.passwordUnchanged);
  const passwordHash = await hashPassword(next);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(operatorAccounts).set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() }).where(eq(operatorAccounts.id, account.id)).returning();
    await tx.delete(operatorSessions).where(and(eq(operatorSessions.operatorId, account.id), sql`${operatorSessions.id} <> ${operator.sessionId}`));
    await recordAudit(tx, actor, { action: 'operator.changePassword', target: `operator:${account.id}` });
    return row!;
  });
}

/** Binds (or, with null, unbinds) a WeChat openid to the operator's account. */
export async function setOperatorWechat(db: Database, actor: AuditActor, accountId: number, openid: string | null): Promise<OperatorAccountRow> {
  return db.transaction(async (tx) => {
    if (openid) {
      const [holder] = await tx.select({ id: operatorAccounts.id }).from(operatorAccounts).where(eq(operatorAccounts.wechatOpenid, openid));
      if (holder && holder.id !== accountId) throw conflict(OPERATOR_MESSAGES.wechatTaken);
    }
    const [before] = await tx.select().from(operatorAccounts).where(eq(operatorAccounts.id, accountId));
    const [row] = await tx.update(operatorAccounts).set({ wechatOpenid: openid }).where(eq(operatorAccounts.id, accountId)).returning();
    await recordAudit(tx, actor, {
      action: openid ? 'operator.bindWechat' : 'operator.unbindWechat',
      target: `operator:${accountId}`,
      before: { wechatBound: Boolean(before?.wechatOpenid) },
      after: { wechatBound: Boolean(openid) },
    });
    return row!;
  });
}
