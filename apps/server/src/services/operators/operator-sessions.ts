import { OPERATOR_LOCK_MINUTES, OPERATOR_MESSAGES, OPERATOR_TEMPORARY_PASSWORD_HOURS } from '@hall/domain';
import type { OperatorProfile } from '@hall/api';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorAccounts, operatorSessions } from '../../db/schema';
import { randomId } from '../../lib/ids';
import { badRequest, conflict, HallError, TOO_FREQUENT } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { recordAudit, type AuditActor } from './audit';
import { NO_PASSWORD, normalizeUsername, passwordProblem, type OperatorAccountRow } from './accounts';
import { countWrongPassword, forgetAddressFailures, minutesUntil, signInLockMinutes } from './sign-in-locks';
import { takeFirmHit } from '../../db/rate-limit-hits';

import { perDatabase, preparedStatement } from '../../db/prepared-statement';
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
    mustChangePassword: account.mustChangePassword,
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

/** Sign-in attempts one name may have a minute from all addresses together, right or wrong. */
export const SIGN_IN_ATTEMPTS_PER_NAME_PER_MINUTE = 30;

function accountLockedUntil(account: OperatorAccountRow): Date | null {
  return account.lockedUntil && account.lockedUntil.getTime() > Date.now() ? account.lockedUntil : null;
}

/** Whether the account's password is a temporary one past OPERATOR_TEMPORARY_PASSWORD_HOURS. */
function temporaryPasswordExpired(account: OperatorAccountRow): boolean {
  if (!account.mustChangePassword) return false;
  const setAt = account.passwordChangedAt ?? account.createdAt;
  return Date.now() - setAt.getTime() > OPERATOR_TEMPORARY_PASSWORD_HOURS * 60 * 60 * 1000;
}

/**
 * Locks the account itself (a campaign against its name from many addresses): every way in closes
 * until the lock runs out or an administrator resets the password, and its sessions end now.
 */
async function lockAccount(db: Database, account: OperatorAccountRow, until: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(operatorAccounts).set({ lockedUntil: until }).where(eq(operatorAccounts.id, account.id));
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, account.id));
  });
}

/**
 * Signs in with name and password. A wrong password has one answer whatever the name (an account, a
 * disabled one, or none), and counts by name and client address (sign-in-locks.ts): the fifth in a row
 * from one address locks that address out of the name, so the owner at another address still signs in;
 * OPERATOR_NAME_LOCK_FAILURES from all addresses lock the account itself. Only the right password learns
 * that the account is disabled or its temporary password has run out. Every attempt goes to the audit trail.
 */
export async function signInWithPassword(db: Database, ip: string, username: string, password: string): Promise<SignedInOperator> {
  const name = normalizeUsername(username);
  const [account] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.username, name));
  const refuse = async (action: string, message: string, statusCode = 401) => {
    await recordAudit(db, { operatorId: account?.id ?? null, operatorName: account?.username ?? name, ip }, { action, target: account ? `operator:${account.id}` : '' });
    return new HallError(statusCode, message);
  };
  const { hits } = await takeFirmHit(db, 'console sign-in name', name, 60_000);
  if (hits > SIGN_IN_ATTEMPTS_PER_NAME_PER_MINUTE) throw new HallError(429, TOO_FREQUENT);
  const lockedFor = await signInLockMinutes(db, name, ip);
  if (lockedFor) throw await refuse('signIn.locked', OPERATOR_MESSAGES.locked(lockedFor), 423);
  const hash = account && account.passwordHash !== NO_PASSWORD ? account.passwordHash : await (decoyHash ??= hashPassword(randomId()));
  const matches = (await verifyPassword(password, hash)) && Boolean(account) && account!.passwordHash !== NO_PASSWORD;
  if (!matches) {
    const outcome = await countWrongPassword(db, name, ip);
    if (outcome.nameLockedUntil && account && !accountLockedUntil(account)) {
      await lockAccount(db, account, outcome.nameLockedUntil);
      await refuse('signIn.accountLocked', OPERATOR_MESSAGES.locked(OPERATOR_LOCK_MINUTES), 423);
    }
    if (outcome.addressLocked || outcome.nameLockedUntil) throw await refuse('signIn.lockedOut', OPERATOR_MESSAGES.locked(OPERATOR_LOCK_MINUTES), 423);
    throw await refuse('signIn.failed', OPERATOR_MESSAGES.wrongCredentials);
  }
  const signedInAccount = account!;
  const accountLock = accountLockedUntil(signedInAccount);
  if (accountLock) throw await refuse('signIn.locked', OPERATOR_MESSAGES.locked(minutesUntil(accountLock)), 423);
  if (signedInAccount.disabled) throw await refuse('signIn.disabled', OPERATOR_MESSAGES.disabled, 403);
  if (temporaryPasswordExpired(signedInAccount)) throw await refuse('signIn.temporaryExpired', OPERATOR_MESSAGES.temporaryPasswordExpired, 403);
  return db.transaction(async (tx) => {
    const [signedIn] = await tx.update(operatorAccounts).set({ lockedUntil: null, lastSignInAt: new Date() }).where(eq(operatorAccounts.id, signedInAccount.id)).returning();
    await forgetAddressFailures(tx, name, ip);
    await recordAudit(tx, { operatorId: signedInAccount.id, operatorName: signedInAccount.username, ip }, { action: 'signIn.password', target: `operator:${signedInAccount.id}` });
    return startSession(tx, signedIn!, 'password');
  });
}

/**
 * Signs in the operator whose bound WeChat this browser's citizen session belongs to; null when none is
 * bound. A binding is no way around the password's rules: a disabled or locked account, or one whose
 * password an administrator reset (still temporary), is refused, and the refusal is in the audit trail.
 */
export async function signInWithWechat(db: Database, ip: string, openid: string): Promise<SignedInOperator | null> {
  const [account] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.wechatOpenid, openid));
  if (!account) return null;
  const actor = { operatorId: account.id, operatorName: account.username, ip };
  const refuse = async (action: string, message: string, statusCode: number) => {
    await recordAudit(db, actor, { action, target: `operator:${account.id}` });
    return new HallError(statusCode, message);
  };
  if (account.disabled) throw await refuse('signIn.wechatRefused', OPERATOR_MESSAGES.disabled, 403);
  const lock = accountLockedUntil(account);
  if (lock) throw await refuse('signIn.wechatRefused', OPERATOR_MESSAGES.locked(minutesUntil(lock)), 423);
  if (account.mustChangePassword) throw await refuse('signIn.wechatRefused', OPERATOR_MESSAGES.wechatNeedsPassword, 403);
  return db.transaction(async (tx) => {
    const [signedIn] = await tx.update(operatorAccounts).set({ lastSignInAt: new Date() }).where(eq(operatorAccounts.id, account.id)).returning();
    await recordAudit(tx, actor, { action: 'signIn.wechat', target: `operator:${account.id}` });
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
  const problem = passwordProblem(next, account);
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
