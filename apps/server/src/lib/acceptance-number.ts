import type { SQL } from 'drizzle-orm';
import { sequenceNumber } from './sequence-number';
import { formatShanghaiDate } from './shanghai-time';

/** A new acceptance number (prolsh): 'HD', the Shanghai month and a serial from a database sequence. */
export function newAcceptanceNumber(now = new Date()): SQL<string> {
  const month = formatShanghaiDate(now).replaceAll('-', '').slice(0, 6);
  return sequenceNumber(`HD${month}`, 'application_prolsh_seq');
}
