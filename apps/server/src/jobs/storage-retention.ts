import type { FastifyInstance } from 'fastify';
import { startStorageRetention, type StorageRetentionJob } from '../services/retention/storage-retention';

/**
 * Runs the storage clean-up (expired drafts, unreferenced files) in this process from app start to app
 * close, every HALL_STORAGE_SWEEP_MS; 0 leaves it to other processes. Safe with any number of processes.
 */
export async function storageRetention(app: FastifyInstance): Promise<void> {
  const hall = app.hall;
  const intervalMs = hall.env.HALL_STORAGE_SWEEP_MS;
  if (intervalMs === 0) return;
  let job: StorageRetentionJob | undefined;
  app.addHook('onReady', async () => {
    job = startStorageRetention(hall, { intervalMs, log: app.log });
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
