import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row for each read a process keeps between changes (db/kept-read.ts KEPT_READS): a number that
 * moves on at the commit of every change of what that read shows, in the committing transaction, so
 * a reader that reads the number and then the rows holds rows at least as new as the number.
 */
export const keptReadVersions = pgTable('kept_read_versions', {
  read: text('read').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
