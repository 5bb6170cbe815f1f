import { OPERATOR_MESSAGES, OPERATOR_ROLE_CODES, OPERATOR_USERNAME_PATTERN, operatorPasswordProblem, type OperatorRole } from '@hall/domain';
import type { OperatorAccount } from '@hall/api';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { operatorAccounts, operatorSessions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { isGuessablePassword } from '../../lib/password-strength';
import { forgetNameFailures, lockedNames } from './sign-in-locks';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { uniqueViolation } from '../../lib/postgres-error';
import { recordAudit, type AuditActor } from './audit';

export type OperatorAccountRow = typeof operatorAccounts.$inferSelect;

/** A hash no password matches: the account signs in only through its bound WeChat. */
export const NO_PASSWORD = '!';

/**
 * What is wrong with a new password for this account, or null: the console's own rule (length, letters and
 * digits, not the name) and then whether guessers would try it early (lib/password-strength.ts).
 */
export function passwordProblem(password: string, account: { username: string; displayName: string }): string | null {
  const problem = operatorPasswordProblem(password, account.username);
  if (problem) return problem;
  return isGuessablePassword(password, [account.username, account.displayName]) ? OPERATOR_MESSAGES.passwordTooCommon : null;
}

/** `nameLocked`: a lock of the name from some address is in force (sign-in-locks.ts). */
export function toOperatorAccount(row: OperatorAccountRow, nameLocked = false): OperatorAccount {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    roles: row.roles,
    disabled: row.disabled,
    locked: nameLocked || Boolean(row.lockedUntil && row.lockedUntil.getTime() > Date.now()),
    mustChangePassword: row.mustChangePassword,
    wechatBound: Boolean(row.wechatOpenid),
    createdAt: formatShanghaiDateTime(row.createdAt),
    lastSignInAt: formatShanghaiDateTime(row.lastSignInAt),
  };
}

/** What the audit trail keeps of an account: never the hash, never the openid in full. */
function auditView(row: OperatorAccountRow): Record<string, unknown> {
  return { username: row.username, displayName: row.displayName, roles: row.roles, disabled: row.disabled, wechatBound: Boolean(row.wechatOpenid) };
}

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

function checkRoles(roles: readonly string[]): OperatorRole[] {
  const unique = [...new Set(roles)].filter((role): role is OperatorRole => (OPERATOR_ROLE_CODES as string[]).includes(role));
  if (!unique.length) throw badRequest(OPERATOR_MESSAGES.rolesRequired);
  return unique.sort((a, b) => OPERATOR_ROLE_CODES.indexOf(a) - OPERATOR_ROLE_CODES.indexOf(b));
}

function checkDisplayName(displayName: string): string {
  const trimmed = displayName.trim();
  if (!trimmed) throw badRequest('请输入姓名');
  return trimmed;
}

export async function listOperatorAccounts(db: Database): Promise<OperatorAccount[]> {
  const [rows, locked] = await Promise.all([db.select().from(operatorAccounts).orderBy(asc(operatorAccounts.username)), lockedNames(db)]);
  return rows.map((row) => toOperatorAccount(row, locked.has(row.username)));
}

export async function findOperatorAccount(db: Database | Transaction, id: number): Promise<OperatorAccountRow | null> {
  const [row] = await db.select().from(operatorAccounts).where(eq(operatorAccounts.id, id));
  return row ?? null;
}

export interface NewOperator {
  username: string;
  displayName: string;
  roles: readonly string[];
  password: string;
  /** False only for an account created with a password its owner chose (the first-administrator command). */
  mustChangePassword?: boolean;
}

/** Creates an account; the password given is temporary (changed at first sign-in) unless said otherwise. */
export async function createOperatorAccount(db: Database, actor: AuditActor | null, input: NewOperator): Promise<OperatorAccountRow> {
  const username = normalizeUsername(input.username);
  if (!OPERATOR_USERNAME_PATTERN.test(username)) throw badRequest(OPERATOR_MESSAGES.usernameInvalid);
  const displayName = checkDisplayName(input.displayName);
  const roles = checkRoles(input.roles);
  const problem = passwordProblem(input.password, { username, displayName });
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operatorAccounts)
        .values({ username, displayName, roles, passwordHash, mustChangePassword: input.mustChangePassword ?? true })
        .returning();
      await recordAudit(tx, actor ?? { operatorId: null, operatorName: 'system', ip: 'local' }, { action: 'operator.create', target: `operator:${row!.id}`, after: auditView(row!) });
      return row!;
    });
  } catch (error) {
    if (uniqueViolation(error) !== undefined) throw conflict(OPERATOR_MESSAGES.usernameTaken);
    throw error;
  }
}

/**
 * Locks the account being changed and every administrator's row, in one statement and in id order: two
 * administrators demoting each other at once then queue behind one another instead of deadlocking, and
 * the second sees the first's change when it counts who remains. Answers the account's row before the change.
 */
async function lockAccountAndAdministrators(tx: Transaction, id: number): Promise<{ before: OperatorAccountRow | undefined; otherAdministrators: number }> {
  const rows = await tx
    .select()
    .from(operatorAccounts)
    .where(or(eq(operatorAccounts.id, id), sql`'admin' = ANY(${operatorAccounts.roles})`))
    .orderBy(asc(operatorAccounts.id))
    .for('update');
  const before = rows.find((row) => row.id === id);
  const otherAdministrators = rows.filter((row) => row.id !== id && !row.disabled && row.roles.includes('admin')).length;
  return { before, otherAdministrators };
}

export interface OperatorChange {
  id: number;
  displayName: string;
  roles: readonly string[];
  disabled: boolean;
}

/** Changes an account's name, roles or state; a disabled account's sessions end at once. */
export async function updateOperatorAccount(db: Database, actor: AuditActor, change: OperatorChange): Promise<OperatorAccountRow> {
  const displayName = checkDisplayName(change.displayName);
  const roles = checkRoles(change.roles);
  return db.transaction(async (tx) => {
    const { before, otherAdministrators } = await lockAccountAndAdministrators(tx, change.id);
    if (!before) throw notFound(OPERATOR_MESSAGES.accountNotFound);
    if (change.disabled && change.id === actor.operatorId) throw badRequest(OPERATOR_MESSAGES.selfDisable);
    const losesAdministrator = before.roles.includes('admin') && !before.disabled && (change.disabled || !roles.includes('admin'));
    if (losesAdministrator && otherAdministrators === 0) throw badRequest(OPERATOR_MESSAGES.lastAdministrator);
    const [after] = await tx.update(operatorAccounts).set({ displayName, roles, disabled: change.disabled }).where(eq(operatorAccounts.id, change.id)).returning();
    if (change.disabled) await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, change.id));
    await recordAudit(tx, actor, { action: 'operator.update', target: `operator:${change.id}`, before: auditView(before), after: auditView(after!) });
    return after!;
  });
}

/**
 * An administrator sets a temporary password: every lock of the name is lifted, the owner must change it
 * at sign-in, and whoever held the account before loses every way in: its sessions end and its WeChat is
 * unbound (the new holder binds their own).
 */
export async function resetOperatorPassword(db: Database, actor: AuditActor, id: number, password: string): Promise<OperatorAccountRow> {
  const account = await findOperatorAccount(db, id);
  if (!account) throw notFound(OPERATOR_MESSAGES.accountNotFound);
  const problem = passwordProblem(password, account);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(operatorAccounts)
      .set({ passwordHash, mustChangePassword: true, lockedUntil: null, wechatOpenid: null, passwordChangedAt: new Date() })
      .where(eq(operatorAccounts.id, id))
      .returning();
    await forgetNameFailures(tx, account.username);
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, id));
    await recordAudit(tx, actor, {
      action: 'operator.resetPassword',
      target: `operator:${id}`,
      before: { locked: toOperatorAccount(account).locked, wechatBound: Boolean(account.wechatOpenid) },
      after: { mustChangePassword: true, wechatBound: false },
    });
    return row!;
  });
}

/** An administrator unbinds another operator's WeChat (a phone lost, a person gone): its console sessions signed in through WeChat end. */
export async function unbindOperatorWechatOf(db: Database, actor: AuditActor, id: number): Promise<OperatorAccountRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(operatorAccounts).where(eq(operatorAccounts.id, id)).for('update');
    if (!before) throw notFound(OPERATOR_MESSAGES.accountNotFound);
    if (!before.wechatOpenid) throw badRequest(OPERATOR_MESSAGES.wechatNotBound);
    const [row] = await tx.update(operatorAccounts).set({ wechatOpenid: null }).where(eq(operatorAccounts.id, id)).returning();
    await tx.delete(operatorSessions).where(and(eq(operatorSessions.operatorId, id), eq(operatorSessions.method, 'wechat')));
    await recordAudit(tx, actor, { action: 'operator.unbindWechat', target: `operator:${id}`, before: { wechatBound: true }, after: { wechatBound: false } });
    return row!;
  });
}

/** Whether the hall has an enabled administrator (the first-administrator command and the start banner ask). */
export async function hasAdministrator(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: operatorAccounts.id })
    .from(operatorAccounts)
    .where(and(eq(operatorAccounts.disabled, false), sql`'admin' = ANY(${operatorAccounts.roles})`))
    .limit(1);
  return rows.length > 0;
}
