import { OPERATOR_MESSAGES, OPERATOR_ROLE_CODES, OPERATOR_USERNAME_PATTERN, operatorPasswordProblem, type OperatorRole } from '@hall/domain';
import type { OperatorAccount } from '@hall/api';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorAccounts, operatorSessions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { formatShanghaiDateTime } from '../../lib/shanghai-time';
import { uniqueViolation } from '../../lib/postgres-error';
import { recordAudit, type AuditActor } from './audit';

export type OperatorAccountRow = typeof operatorAccounts.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A hash no password matches: the account signs in only through its bound WeChat. */
export const NO_PASSWORD = '!';

export function toOperatorAccount(row: OperatorAccountRow): OperatorAccount {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    roles: row.roles,
    disabled: row.disabled,
    locked: Boolean(row.lockedUntil && row.lockedUntil.getTime() > Date.now()),
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
  const rows = await db.select().from(operatorAccounts).orderBy(asc(operatorAccounts.username));
  return rows.map(toOperatorAccount);
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
  const problem = operatorPasswordProblem(input.password, username);
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
 * Whether any other enabled administrator would remain: the hall must never be left without one.
 * Locks the administrators' rows so two administrators demoting each other at once cannot both pass.
 */
async function anotherAdministratorRemains(tx: Transaction, exceptId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: operatorAccounts.id })
    .from(operatorAccounts)
    .where(and(ne(operatorAccounts.id, exceptId), eq(operatorAccounts.disabled, false), sql`'admin' = ANY(${operatorAccounts.roles})`))
    .for('update');
  return rows.length > 0;
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
    const [before] = await tx.select().from(operatorAccounts).where(eq(operatorAccounts.id, change.id)).for('update');
    if (!before) throw notFound(OPERATOR_MESSAGES.accountNotFound);
    if (change.disabled && change.id === actor.operatorId) throw badRequest(OPERATOR_MESSAGES.selfDisable);
    const losesAdministrator = before.roles.includes('admin') && !before.disabled && (change.disabled || !roles.includes('admin'));
    if (losesAdministrator && !(await anotherAdministratorRemains(tx, change.id))) throw badRequest(OPERATOR_MESSAGES.lastAdministrator);
    const [after] = await tx.update(operatorAccounts).set({ displayName, roles, disabled: change.disabled }).where(eq(operatorAccounts.id, change.id)).returning();
    if (change.disabled) await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, change.id));
    await recordAudit(tx, actor, { action: 'operator.update', target: `operator:${change.id}`, before: auditView(before), after: auditView(after!) });
    return after!;
  });
}

/** An administrator sets a temporary password: the lock-out is lifted and the owner must change it at sign-in. */
export async function resetOperatorPassword(db: Database, actor: AuditActor, id: number, password: string): Promise<OperatorAccountRow> {
  const account = await findOperatorAccount(db, id);
  if (!account) throw notFound(OPERATOR_MESSAGES.accountNotFound);
  const problem = operatorPasswordProblem(password, account.username);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(operatorAccounts)
      .set({ passwordHash, mustChangePassword: true, failedSignIns: 0, lockedUntil: null, passwordChangedAt: new Date() })
      .where(eq(operatorAccounts.id, id))
      .returning();
    // Whoever held the old password is signed out everywhere.
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, id));
    await recordAudit(tx, actor, { action: 'operator.resetPassword', target: `operator:${id}`, before: { locked: toOperatorAccount(account).locked }, after: { mustChangePassword: true } });
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
