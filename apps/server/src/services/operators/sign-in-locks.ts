import { OPERATOR_LOCK_MINUTES, OPERATOR_MAX_FAILED_SIGN_INS, OPERATOR_NAME_LOCK_FAILURES } from '@hall/domain';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { operatorSignInFailures } from '../../db/schema';

/** The row that counts a name's wrong passwords from every address together. */
const EVERY_ADDRESS = '*';

/**
 * Minutes left of the lock on this name at this address (its own, or the name's from every address),
 * or null when the name may be tried. Asked before any password is looked at, for names that are
 * accounts and names that are not alike.
 */
export async function signInLockMinutes(db: Database, username: string, address: string): Promise<number | null> {
  const [row] = await db
    .select({ until: sql<Date | null>`max(${operatorSignInFailures.lockedUntil})`.mapWith((value) => (value ? new Date(value) : null)) })
    .from(operatorSignInFailures)
    .where(and(eq(operatorSignInFailures.username, username), inArray(operatorSignInFailures.address, [address, EVERY_ADDRESS]), gt(operatorSignInFailures.lockedUntil, sql`now()`)));
  return row?.until ? minutesUntil(row.until) : null;
}

export function minutesUntil(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
}

export interface WrongPasswordOutcome {
  /** This attempt locked the address out of the name (its OPERATOR_MAX_FAILED_SIGN_INS-th in a row). */
  addressLocked: boolean;
  /** When the name is now locked from every address (OPERATOR_NAME_LOCK_FAILURES reached), else null. */
  nameLockedUntil: Date | null;
}

/**
 * Counts a wrong password for the name, at its address and from every address, in one statement (so
 * guesses sent at once all count). A count starts again once its window or its lock has run out.
 */
export async function countWrongPassword(db: Database, username: string, address: string): Promise<WrongPasswordOutcome> {
  const failures = operatorSignInFailures;
  const window = sql`make_interval(mins => ${OPERATOR_LOCK_MINUTES})`;
  const startsAgain = sql`(${failures.lockedUntil} IS NOT NULL AND ${failures.lockedUntil} <= now()) OR ${failures.windowStart} <= now() - ${window}`;
  const counted = sql`CASE WHEN ${startsAgain} THEN 1 ELSE ${failures.failures} + 1 END`;
  const threshold = sql`CASE WHEN ${failures.address} = ${EVERY_ADDRESS} THEN ${OPERATOR_NAME_LOCK_FAILURES}::int ELSE ${OPERATOR_MAX_FAILED_SIGN_INS}::int END`;
  const rows = await db
    .insert(failures)
    .values([
      { username, address, failures: 1 },
      { username, address: EVERY_ADDRESS, failures: 1 },
    ])
    .onConflictDoUpdate({
      target: [failures.username, failures.address],
      set: {
        failures: counted,
        windowStart: sql`CASE WHEN ${startsAgain} THEN now() ELSE ${failures.windowStart} END`,
        lockedUntil: sql`CASE WHEN ${counted} >= ${threshold} AND (${failures.lockedUntil} IS NULL OR ${failures.lockedUntil} <= now()) THEN now() + ${window} ELSE ${failures.lockedUntil} END`,
      },
    })
    .returning();
  const locked = (row: (typeof rows)[number] | undefined) => (row?.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null);
  const atAddress = rows.find((row) => row.address === address);
  // A first wrong password never locks (a threshold of one is no setting anyone would choose).
  const nameRow = rows.find((row) => row.address === EVERY_ADDRESS);
  return { addressLocked: Boolean(locked(atAddress)), nameLockedUntil: locked(nameRow) };
}

/** The right password from this address: its count starts again (the name's from every address goes on). */
export async function forgetAddressFailures(db: Database | Transaction, username: string, address: string): Promise<void> {
  await db.delete(operatorSignInFailures).where(and(eq(operatorSignInFailures.username, username), eq(operatorSignInFailures.address, address)));
}

/** An administrator's reset: every lock and count of the name is lifted. */
export async function forgetNameFailures(db: Database | Transaction, username: string): Promise<void> {
  await db.delete(operatorSignInFailures).where(eq(operatorSignInFailures.username, username));
}

/** The names with a lock in force, for the accounts list. */
export async function lockedNames(db: Database): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ username: operatorSignInFailures.username })
    .from(operatorSignInFailures)
    .where(gt(operatorSignInFailures.lockedUntil, sql`now()`));
  return new Set(rows.map((row) => row.username));
}

/** Forgets counts whose window and lock have both run out; any process may run it. */
export async function sweepSignInFailures(db: Database): Promise<void> {
  await db
    .delete(operatorSignInFailures)
    .where(
      and(
        lt(operatorSignInFailures.windowStart, sql`now() - make_interval(mins => ${OPERATOR_LOCK_MINUTES})`),
        or(sql`${operatorSignInFailures.lockedUntil} IS NULL`, lt(operatorSignInFailures.lockedUntil, sql`now()`)),
      ),
    );
}
