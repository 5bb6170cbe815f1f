import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_KEY_FILE } from '../../src/backup/backup-key';
import { MANIFEST_FILE } from '../../src/backup/manifest';
import { createTestHall, type TestHall } from '../hall';

// The hall's own backups: taken when the interval has passed since the last, the oldest beyond
// HALL_BACKUP_KEEP removed, the stamp /metrics reads touched; a demo hall makes its key 0600.

let hall: TestHall;

beforeAll(async () => {
  // 0.0003 hours: about a second between backups.
  hall = await createTestHall({ HALL_BACKUP_INTERVAL_HOURS: 0.0003, HALL_BACKUP_KEEP: 1 });
}, 120_000);

afterAll(async () => {
  await hall?.close();
});

it('takes backups on the interval, keeps the last HALL_BACKUP_KEEP and touches the stamp', async () => {
  const folder = join(hall.env.HALL_DATA_DIR, 'backups');
  const stamp = join(hall.env.HALL_DATA_DIR, 'backup-last-success');
  const taken = new Set<string>();
  for (let waited = 0; taken.size < 2 && waited < 60_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (existsSync(folder)) for (const name of await readdir(folder)) if (/^hall-/.test(name)) taken.add(name);
  }
  expect(taken.size).toBeGreaterThanOrEqual(2);
  const kept = (await readdir(folder)).filter((name) => /^hall-/.test(name));
  expect(kept).toHaveLength(1);
  expect(existsSync(join(folder, kept[0]!, MANIFEST_FILE))).toBe(true);
  expect(Date.now() - (await stat(stamp)).mtimeMs).toBeLessThan(30_000);
  expect((await stat(join(hall.env.HALL_DATA_DIR, DEMO_KEY_FILE))).mode & 0o777).toBe(0o600);
}, 90_000);
