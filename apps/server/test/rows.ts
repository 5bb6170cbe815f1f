import { count, eq, notLike } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditTrail } from '../src/db/schema';
import type { TestHall } from './hall';

/** A table keyed by a numeric id, as every table the API answers ids of is. */
type TableWithId = PgTable & { id: PgColumn };

/** The row of a table with this id (the API answers ids as strings), or undefined if there is none. */
export async function rowById<T extends TableWithId>(hall: TestHall, table: T, id: string | number) {
  const [row] = await hall.connection.db
    .select()
    .from(table as TableWithId)
    .where(eq(table.id, Number(id)));
  return row as T['$inferSelect'] | undefined;
}

/** How many rows of a table have this value in this column. */
export async function countWhere(hall: TestHall, table: PgTable, column: PgColumn, value: unknown): Promise<number> {
  const [row] = await hall.connection.db.select({ n: count() }).from(table).where(eq(column, value));
  return row!.n;
}

/**
 * How many changes the audit trail holds: its entries less the refused attempts (denied.*), which it
 * keeps too, so a refusal that changed nothing leaves this count as it was.
 */
export async function auditedChanges(hall: TestHall): Promise<number> {
  const [row] = await hall.connection.db.select({ n: count() }).from(auditTrail).where(notLike(auditTrail.action, 'denied.%'));
  return row!.n;
}
