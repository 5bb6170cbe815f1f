import type { ListOrder } from '@hall/api/internal';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The ORDER BY of a console list sorted by one of its columns (packages/api listSort): the column in
 * the order asked, blanks last whichever way, then the tie-breakers so that paging never shows a row
 * twice or skips one. Without a sort, the list's own order.
 */
export function listOrderBy<Key extends string>(sort: Key | undefined, order: ListOrder | undefined, columns: Record<Key, AnyColumn | SQL>, own: SQL[], tieBreakers: SQL[]): SQL[] {
  if (!sort) return own;
  return [sql`${columns[sort]} ${sql.raw(order === 'desc' ? 'desc' : 'asc')} nulls last`, ...tieBreakers];
}
