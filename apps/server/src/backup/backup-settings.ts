import { join } from 'node:path';
import type { Env } from '../env';

/** The folder backups go to: HALL_BACKUP_DIR, else HALL_DATA_DIR/backups. */
export const backupDirectory = (env: Env) => env.HALL_BACKUP_DIR ?? join(env.HALL_DATA_DIR, 'backups');

/** The file a successful backup touches, which /metrics reads (hall_backup_last_success_timestamp_seconds). */
export const backupStampFile = (env: Env) => env.HALL_BACKUP_STAMP_FILE ?? join(env.HALL_DATA_DIR, 'backup-last-success');
