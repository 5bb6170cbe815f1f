import { readdir } from 'node:fs/promises';
import type { TestHall } from './hall';

/**
 * Tables a refused request may legitimately change: the shared rate-limit counters count every
 * request a limited route sees, refused or not, which is what makes them limits.
 */
const TABLES_THAT_COUNT_REQUESTS = new Set(['rate_limit_hits']);
/** Tables whose rows note their use (a session's last request): their rows are counted, not compared. */
const TABLES_THAT_NOTE_USE = new Set(['sessions', 'operator_sessions']);

/**
 * What a write would change: the rows of every table of the hall (the audit trail's changes, less the
 * refused attempts it keeps), each table's rows as a digest of their contents beside their count (only
 * the count of a table whose rows note their use), and
 * the files in its storage.
 */
export async function footprint(hall: TestHall): Promise<Record<string, string | number>> {
  const { rows: tables } = await hall.connection.pool.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename");
  const counted = tables.filter((table) => !TABLES_THAT_COUNT_REQUESTS.has(table.name));
  const digestOf = (name: string) => (TABLES_THAT_NOTE_USE.has(name) ? `''` : `md5(string_agg(md5(t::text), '' order by md5(t::text)))`);
  const rowsOf = (name: string) => (name === 'audit_trail' ? `(select * from public.audit_trail where action not like 'denied.%') as t` : `public."${name}" as t`);
  const { rows } = await hall.connection.pool.query<{ name: string; rows: number; digest: string | null }>(
    counted.map((table) => `select '${table.name}' as name, count(*)::int as rows, ${digestOf(table.name)} as digest from ${rowsOf(table.name)}`).join(' union all '),
  );
  const files = await readdir(hall.filesDir, { recursive: true, withFileTypes: true });
  return {
    ...Object.fromEntries(rows.map((row) => [row.name, `${row.rows} ${row.digest ?? ''}`])),
    'stored files': files.filter((entry) => entry.isFile()).length,
  };
}
