import { sql, type SQL } from 'drizzle-orm';
import { formatShanghaiDate } from './shanghai-time';

/**
 * A new acceptance number (prolsh): 'HD', the Shanghai month and a serial from a database sequence
 * shared by every server process, as an SQL expression to write in the statement that stores it.
 */
export function newAcceptanceNumber(now = new Date()): SQL<string> {
  const month = formatShanghaiDate(now).replaceAll('-', '').slice(0, 6);
  const serial = sql<string>`(SELECT lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('application_prolsh_seq') AS n)`;
  return sql<string>`${`HD${month}`}::text || ${serial}`;
}
