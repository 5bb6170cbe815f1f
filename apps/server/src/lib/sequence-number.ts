import { sql, type SQL } from 'drizzle-orm';

/** The database sequences the hall numbers its applications from (see the migrations). */
export type NumberSequence = 'application_slbh_seq' | 'application_prolsh_seq';

/**
 * A number made of a prefix and a serial of at least six digits from a database sequence, shared by
 * every server process, as an SQL expression to write in the statement that stores it.
 */
export function sequenceNumber(prefix: string, sequence: NumberSequence): SQL<string> {
  // The sequence name is one of the fixed names above, never input, so it is written into the statement.
  const serial = sql<string>`(SELECT lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('${sql.raw(sequence)}') AS n)`;
  return sql<string>`${prefix}::text || ${serial}`;
}
