import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/client';
import { auditTrail, operatorAccounts } from '../../src/db/schema';
import { verifyPassword } from '../../src/lib/password';
import { createDatabase, dropDatabase, freshDatabaseName } from '../databases';

const serverRoot = join(import.meta.dirname, '..', '..');
const database = freshDatabaseName('hall_first_');
let url: string;

beforeAll(async () => {
  url = await createDatabase(database);
});
afterAll(() => dropDatabase(database));

/** The documented command (scripts/create-admin.sh runs the built file; this runs its source). */
const createAdmin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts', ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, DATABASE_URL: url, HALL_MODE: 'production' },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('the first administrator of a new hall', () => {
  it('is created by the command on an empty database, with a temporary password printed once', async () => {
    const run = createAdmin('director', '陈主任');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('已创建系统管理员 陈主任（账号 director）');
    const password = /临时密码: (\S+)/.exec(run.stdout)![1]!;
    const connection = connectDatabase(url, 1);
    try {
      const [account] = await connection.db.select().from(operatorAccounts).where(eq(operatorAccounts.username, 'director'));
      expect(account).toMatchObject({ roles: ['admin'], mustChangePassword: true, disabled: false });
      expect(await verifyPassword(password, account!.passwordHash)).toBe(true);
      const trail = await connection.db.select().from(auditTrail);
      expect(trail).toEqual([expect.objectContaining({ action: 'operator.create', operatorName: 'create-admin', ip: 'local' })]);
    } finally {
      await connection.close();
    }
  });

  it('is not created a second time: the administrator adds accounts in the console (unless --force)', async () => {
    const again = createAdmin('another', '再一位');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('已有系统管理员');
    const forced = createAdmin('rescue', '应急管理员', '--force');
    expect(forced.status, forced.stderr).toBe(0);
  });

  it('explains itself without its arguments', () => {
    const run = createAdmin();
    expect(run.status).toBe(2);
    expect(run.stdout).toContain('用法: bash scripts/create-admin.sh <账号> <姓名>');
  });
});
