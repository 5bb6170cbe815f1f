import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditArchiveStep } from '../../src/services/retention/audit-archive';
import { applyRetentionPolicy } from '../../src/services/retention/retention-policy';
import { resolvePendingRecords } from '../../src/services/queries/fulfilment/query-resolver';
import { createTestHall, type TestHall } from '../hall';
import { OWNER, citizenWithProfile, queryForm, samplePdf, upload } from '../query-helpers';

// The retention command's policy: the audit trail archived and deleted past six months and never
// sooner, query and verification records (and their files) past their configured days.

let hall: TestHall;
let archiveFolder: string;
let owner: string;

const sql = (text: string, values: unknown[] = []) => hall.connection.pool.query(text, values);

/** Makes a record and its file look `days` old. */
async function age(recordId: string, days: number) {
  await sql(`UPDATE query_records SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [recordId, days]);
  await sql(`UPDATE stored_files SET created_at = now() - make_interval(days => $2) WHERE id = (SELECT file_id FROM query_records WHERE id = $1)`, [recordId, days]);
}

async function storageKeyOf(recordId: string): Promise<string> {
  const { rows } = await sql('SELECT s.storage_key AS key FROM query_records q JOIN stored_files s ON s.id = q.file_id WHERE q.id = $1', [recordId]);
  return rows[0].key as string;
}

beforeAll(async () => {
  hall = await createTestHall({ HALL_QUERY_RECORD_RETENTION_DAYS: 365, HALL_VERIFICATION_RETENTION_DAYS: 90 });
  archiveFolder = await mkdtemp(join(tmpdir(), 'hall-archive-'));
  owner = await citizenWithProfile(hall, 'retention-owner', OWNER);
}, 120_000);

afterAll(async () => {
  await hall?.close();
  await rm(archiveFolder, { recursive: true, force: true });
});

describe('the audit trail past six months', () => {
  it('cannot be deleted without the archive’s declaration, nor younger than six months with it', async () => {
    const { rows } = await sql(
      "INSERT INTO audit_trail (at, operator_name, ip, action) VALUES (now() - interval '7 months', '甲', '127.0.0.1', 'old.entry'), (now() - interval '5 months', '乙', '127.0.0.1', 'young.entry') RETURNING id, action",
    );
    const old = rows.find((row) => row.action === 'old.entry')!.id as string;
    const young = rows.find((row) => row.action === 'young.entry')!.id as string;
    await expect(sql('DELETE FROM audit_trail WHERE id = $1', [old])).rejects.toThrow('audit_trail is append-only');
    const client = await hall.connection.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL hall.audit_archive = 'on'");
      await expect(client.query('DELETE FROM audit_trail WHERE id = $1', [young])).rejects.toThrow('audit_trail is append-only');
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await expect(sql('TRUNCATE audit_trail')).rejects.toThrow('audit_trail is append-only');
  });
});

describe('applyRetentionPolicy', () => {
  it('archives the old audit entries, deletes records past their days with their files, and keeps the rest', async () => {
    await sql(
      "INSERT INTO audit_trail (at, operator_name, ip, action, target) SELECT now() - interval '8 months' + make_interval(secs => g), '丙', '10.0.0.1', 'review.reject', 'application:' || g FROM generate_series(1, 3) g",
    );
    const { rows: oldAudit } = await sql("SELECT id::text FROM audit_trail WHERE at < now() - interval '6 months' ORDER BY id");
    const { rows: before } = await sql('SELECT count(*)::int AS n FROM audit_trail');

    const certificate = await hall.post('/online/query/wx/zsquery', queryForm({ zjh: OWNER.idcard }), owner);
    const certificateId = (certificate.body.data as { ID: string }).ID;
    await resolvePendingRecords(hall.app.hall);
    const oldUpload = await upload(hall, owner, { filename: '旧合同.pdf', content: await samplePdf({ signed: true }), type: 'application/pdf' });
    const freshUpload = await upload(hall, owner, { filename: '新合同.pdf', content: await samplePdf({ signed: true }), type: 'application/pdf' });
    expect(oldUpload.status).toBe(200);
    const { rows: verifications } = await sql("SELECT id FROM query_records WHERE openid = 'retention-owner' AND kind = 'verify' ORDER BY id");
    const [oldVerification, freshVerification] = verifications.map((row) => String(row.id));
    await age(certificateId, 366);
    await age(oldVerification!, 91);
    const certificateKey = await storageKeyOf(certificateId);
    const oldUploadKey = await storageKeyOf(oldVerification!);
    const freshUploadKey = await storageKeyOf(freshVerification!);
    expect(freshUpload.status).toBe(200);

    const report = await applyRetentionPolicy(hall.app.hall, hall.connection.pool, { archiveFolder });

    expect(report.audit.rows).toBe(oldAudit.length);
    expect(report.queryRecords).toBe(1);
    expect(report.verificationRecords).toBe(1);
    expect(report.files).toBeGreaterThanOrEqual(2);
    // The archive holds exactly the entries that went, and its hash is written beside it.
    const archive = await readFile(report.audit.file!);
    expect(createHash('sha256').update(archive).digest('hex')).toBe(report.audit.sha256);
    expect((await readFile(`${report.audit.file}.sha256`, 'utf8')).split(' ')[0]).toBe(report.audit.sha256);
    const entries = gunzipSync(archive)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; action: string; operator_name: string });
    expect(entries.map((entry) => String(entry.id))).toEqual(oldAudit.map((row) => row.id));
    expect(entries.filter((entry) => entry.action === 'review.reject').map((entry) => entry.operator_name)).toEqual(['丙', '丙', '丙']);
    const { rows: after } = await sql('SELECT count(*)::int AS n FROM audit_trail');
    expect(after[0].n).toBe(before[0].n - oldAudit.length);
    const { rows: remainingOld } = await sql("SELECT count(*)::int AS n FROM audit_trail WHERE at < now() - interval '6 months'");
    expect(remainingOld[0].n).toBe(0);

    const { rows: records } = await sql("SELECT id::text FROM query_records WHERE openid = 'retention-owner' ORDER BY id");
    expect(records.map((row) => row.id)).toEqual([freshVerification]);
    expect(existsSync(join(hall.filesDir, certificateKey))).toBe(false);
    expect(existsSync(join(hall.filesDir, oldUploadKey))).toBe(false);
    expect(existsSync(join(hall.filesDir, freshUploadKey))).toBe(true);

    // Applied again, nothing is left to remove.
    const again = await applyRetentionPolicy(hall.app.hall, hall.connection.pool, { archiveFolder });
    expect(again).toMatchObject({ audit: { rows: 0, file: null }, queryRecords: 0, verificationRecords: 0, files: 0 });
  }, 60_000);
});

describe('a retention run stopped dead between its steps', () => {
  /** Runs the audit archive in a process of its own, killed with SIGKILL right after `step`. */
  const runUntilKilled = (folder: string, step: AuditArchiveStep) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/retention/archive-until-killed.ts', hall.databaseUrl, folder, step], {
        cwd: join(import.meta.dirname, '..', '..'),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk) => (errors += chunk));
      child.on('error', reject);
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`the archive exited with ${code}: ${errors}`))));
    });

  const byNumber = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));

  /** The entries of every named archive in `folder` (each archive's SHA-256 checked), and the files left pending. */
  async function archivedIn(folder: string): Promise<{ ids: string[]; pending: string[] }> {
    const names = await readdir(folder);
    const ids: string[] = [];
    for (const name of names.filter((candidate) => candidate.endsWith('.jsonl.gz'))) {
      const bytes = await readFile(join(folder, name));
      expect((await readFile(join(folder, `${name}.sha256`), 'utf8')).split(' ')[0]).toBe(createHash('sha256').update(bytes).digest('hex'));
      ids.push(
        ...gunzipSync(bytes)
          .toString('utf8')
          .trim()
          .split('\n')
          .map((line) => String((JSON.parse(line) as { id: number }).id)),
      );
    }
    return { ids: byNumber(ids), pending: names.filter((name) => name.endsWith('.pending')) };
  }

  const oldEntries = async () => byNumber((await sql("SELECT id::text FROM audit_trail WHERE at < now() - interval '6 months'")).rows.map((row) => row.id as string));

  it.each([
    { step: 'written', moment: 'the archive is written and synced' },
    { step: 'deleted', moment: 'the rows are deleted, before the commit' },
    { step: 'committed', moment: 'the commit, before the archive is named' },
  ] as const)(
    'killed once $moment, the next run leaves every old entry in exactly one archive',
    async ({ step }) => {
      const folder = await mkdtemp(join(tmpdir(), 'hall-archive-crash-'));
      try {
        await sql(
          "INSERT INTO audit_trail (at, operator_name, ip, action, target) SELECT now() - interval '9 months' + make_interval(secs => g), '丁', '10.0.0.2', 'review.pass', 'application:' || g FROM generate_series(1, 4) g",
        );
        const old = await oldEntries();
        expect(old.length).toBeGreaterThanOrEqual(4);

        await runUntilKilled(folder, step);
        // The crash left its file unnamed; the rows went only if the commit came first.
        const crashed = await archivedIn(folder);
        expect(crashed).toMatchObject({ ids: [], pending: [expect.stringMatching(/^audit-trail-\d{8}T\d{6}Z-\d+-\d+\.jsonl\.gz\.pending$/)] });
        expect(await oldEntries()).toEqual(step === 'committed' ? [] : old);

        const rerun = await applyRetentionPolicy(hall.app.hall, hall.connection.pool, { archiveFolder: folder });
        const settledFile = join(folder, crashed.pending[0]!.replace(/\.pending$/, ''));
        if (step === 'committed') expect(rerun.audit).toMatchObject({ rows: 0, file: null, settled: { completed: [settledFile], discarded: [] } });
        else expect(rerun.audit).toMatchObject({ rows: old.length, settled: { completed: [], discarded: [settledFile] } });
        const after = await archivedIn(folder);
        expect(after.pending).toEqual([]);
        expect(after.ids).toEqual(old);
        expect(await oldEntries()).toEqual([]);

        // And once more: nothing to settle, nothing to archive.
        const again = await applyRetentionPolicy(hall.app.hall, hall.connection.pool, { archiveFolder: folder });
        expect(again.audit).toEqual({ rows: 0, file: null, sha256: null, settled: { completed: [], discarded: [] } });
        expect((await archivedIn(folder)).ids).toEqual(old);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
