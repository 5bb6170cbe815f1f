import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { backupSecret } from '../backup/backup-key';
import { backupDirectory, backupStampFile } from '../backup/backup-settings';
import { deriveBackupKeys } from '../backup/sealed-files';
import { takeBackup } from '../backup/take-backup';
import { startPeriodicJob, type PeriodicJob } from '../lib/periodic-job';

/** The backups' name in hall_job_* series. */
export const BACKUP_JOB = 'backup';
/** One key for every process sharing the database, so one backup runs at a time. */
const BACKUP_LOCK = 48_151_624;
/** How often a process looks whether a backup is due; the interval itself is HALL_BACKUP_INTERVAL_HOURS. */
const CHECK_MS = 5 * 60_000;

/**
 * The hall's own backups, every HALL_BACKUP_INTERVAL_HOURS (0: none; cron runs scripts/backup.sh
 * instead), keeping the last HALL_BACKUP_KEEP. A backup is due when the stamp file is older than the
 * interval, so a restart does not take one early, and processes sharing the database take turns
 * through an advisory lock: one backs up, the others find it done.
 */
export async function backupSchedule(app: FastifyInstance): Promise<void> {
  const hall = app.hall;
  const { env, metrics } = hall;
  const intervalMs = env.HALL_BACKUP_INTERVAL_HOURS * 3600_000;
  if (intervalMs === 0) return;
  const keys = deriveBackupKeys(await backupSecret(env, { create: true }));
  const stampFile = backupStampFile(env);
  const due = async () => {
    const last = await stat(stampFile).then(
      (stats) => stats.mtimeMs,
      () => 0,
    );
    return Date.now() - last >= intervalMs;
  };
  let job: PeriodicJob | undefined;
  app.addHook('onReady', async () => {
    metrics.jobStarted(BACKUP_JOB);
    job = startPeriodicJob({
      run: async () => {
        if (!(await due())) return;
        const client = await hall.pool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [BACKUP_LOCK]);
          if (!rows[0]?.locked) return;
          try {
            if (!(await due())) return;
            await metrics.jobPass(BACKUP_JOB, async () => {
              const report = await takeBackup({ env, pool: hall.pool, files: hall.files }, keys, { directory: backupDirectory(env), keep: env.HALL_BACKUP_KEEP, stampFile });
              app.log.info({ folder: report.folder, removed: report.removed, files: report.manifest.files.length }, 'backup taken');
            });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      onError: (error) => app.log.error({ err: error }, 'backup failed'),
      intervalMs: Math.min(CHECK_MS, intervalMs),
      firstDelayMs: Math.min(CHECK_MS, intervalMs),
    });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
