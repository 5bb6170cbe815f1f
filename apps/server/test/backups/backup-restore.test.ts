import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { PDFDocument } from 'pdf-lib';
import { contract } from '@hall/api';
import { buildApp, type HallApp } from '../../src/app';
import { readManifest, shippedMigrations, writeManifest, MANIFEST_FILE, filePart, partPath, type BackupManifest } from '../../src/backup/manifest';
import { restoreBackup } from '../../src/backup/restore-backup';
import { deriveBackupKeys } from '../../src/backup/sealed-files';
import { takeBackup } from '../../src/backup/take-backup';
import { connectDatabase, type DatabaseConnection } from '../../src/db/client';
import { sessions } from '../../src/db/schema';
import { createContext } from '../../src/hall';
import { randomId } from '../../src/lib/ids';
import { resolvePendingRecords } from '../../src/services/queries/fulfilment/query-resolver';
import { addPerson, attachPicture, materialsOf, personPayload, startApplication, verifiedCitizen } from '../application-helpers';
import { callHall } from '../call';
import { createDatabase, dropDatabase, freshDatabaseName } from '../databases';
import { createTestHall, type TestHall } from '../hall';
import { OWNER, citizenWithProfile, queryForm, samplePdf, upload } from '../query-helpers';

// A hall holding data of every kind is backed up while citizens keep writing, restored into a fresh
// database and files folder, and compared: the rows are the snapshot's, the files byte for byte the
// source's, every session is ended, and the restored hall serves the citizen's application and PDF.

let hall: TestHall;
let work: string;
const keys = deriveBackupKeys(randomBytes(32));
const restored: { name: string; url: string; filesDir: string; connection?: DatabaseConnection; app?: HallApp }[] = [];

let citizen: string;
let applicationId: string;
let certificateRecord: string;

/** A cancellation with an applicant and its required pictures, submitted. */
async function submittedApplication(cookie: string): Promise<string> {
  const id = await startApplication(hall, cookie, 'pd-400-4');
  expect((await addPerson(hall, cookie, id, personPayload({ sqrxm: '赵六' }))).body.errcode).toBe('00');
  await callHall(hall, contract.addQlxxInfo, { proinstid: id, savetype: '4', reqData: { ZXDJ: { BDCZMH: '新(2020)石河子市不动产权第0001号', ZXYY: '房屋灭失', ZXFJ: '' } } }, cookie);
  for (const material of (await materialsOf(hall, cookie, id)).filter((m) => m.required === '是')) await attachPicture(hall, cookie, material.id);
  const { status, body } = await callHall(hall, contract.submitApplyProject, { reqseq: 'r', proinstid: id, appointment: '0' }, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return id;
}

/** A table's rows as COPY writes them, one line each. */
async function copyLines(url: string, table: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    await pipeline(
      client.query(copyTo(`COPY "${table}" TO STDOUT`)),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      }),
    );
    return Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
  } finally {
    await client.end();
  }
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** A fresh empty database and files folder to restore into. */
async function freshTarget() {
  const name = freshDatabaseName('hall_restore_');
  const target: (typeof restored)[number] = { name, url: await createDatabase(name), filesDir: join(work, `files-${name}`) };
  restored.push(target);
  return target;
}

beforeAll(async () => {
  hall = await createTestHall();
  work = await mkdtemp(join(tmpdir(), 'hall-backup-test-'));
  citizen = await verifiedCitizen(hall, 'backup-citizen');
  applicationId = await submittedApplication(citizen);
  // A certificate query answered with its signed PDF, and a signature verification upload.
  const owner = await citizenWithProfile(hall, 'backup-owner', OWNER);
  const query = await hall.post('/online/query/wx/zsquery', queryForm({ zjh: OWNER.idcard }), owner);
  certificateRecord = (query.body.data as { ID: string }).ID;
  await resolvePendingRecords(hall.app.hall);
  expect((await upload(hall, owner, { filename: '合同.pdf', content: await samplePdf({ signed: true }), type: 'application/pdf' })).status).toBe(200);
  // An operator's sign-in and decision: sessions and the audit trail.
  const reviewer = await hall.operator('reviewer');
  await hall.post('/online/wx/apilist/reviewApply', { reqseq: 'r', proinstid: applicationId, stage: 'accept', decision: 'pass' }, reviewer);
}, 120_000);

afterAll(async () => {
  for (const target of restored) {
    await target.app?.close();
    await target.connection?.close();
    await dropDatabase(target.name);
  }
  await hall?.close();
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let manifest: BackupManifest;
  let folder: string;
  let target: (typeof restored)[number];

  it('backs up while citizens keep signing up, and restores every row and file into a fresh hall', async () => {
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) await hall.quickCitizen(`backup-writer-${written++}`);
    })();
    while (written < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const report = await takeBackup({ env: hall.env, pool: hall.connection.pool, files: hall.app.hall.files }, keys, { directory: join(work, 'backups'), keep: 3, stampFile: join(work, 'stamp') });
    const duringBackup = written;
    while (written < duringBackup + 2) await new Promise((resolve) => setTimeout(resolve, 20));
    writing = false;
    await writes;
    ({ manifest, folder } = report);

    expect(manifest.schema).toEqual({ migrations: shippedMigrations().length, tag: shippedMigrations().at(-1) });
    expect(manifest.leftOut).toEqual(['sessions', 'operator_sessions']);
    expect(manifest.missingFiles).toEqual([]);
    // Pictures, the certificate PDF and the verification upload: at least one file of each.
    expect(manifest.files.length).toBeGreaterThanOrEqual(3);
    expect(manifest.tables.find((table) => table.name === 'audit_trail')!.rows).toBeGreaterThan(0);
    expect(manifest.tables.find((table) => table.name === 'query_records')!.rows).toBe(2);
    // Citizens went on signing up during the backup: the snapshot holds some of them, the hall more since.
    const { rows: now } = await hall.connection.pool.query<{ count: string }>("SELECT count(*) FROM users WHERE openid LIKE 'backup-writer-%'");
    target = await freshTarget();
    const result = await restoreBackup({ ...hall.env, DATABASE_URL: target.url }, folder, keys, { filesDir: target.filesDir });
    expect(result.files).toBe(manifest.files.length);

    // Every table holds exactly the snapshot's rows: the same lines, in the order they were taken.
    for (const table of manifest.tables) {
      const lines = await copyLines(target.url, table.name);
      expect(lines.length, table.name).toBe(table.rows);
      expect(sha256(lines.map((line) => `${line}\n`).join('')), table.name).toBe(table.sha256);
    }
    const restoredWriters = (await copyLines(target.url, 'users')).filter((line) => line.includes('backup-writer-')).length;
    expect(restoredWriters).toBeGreaterThanOrEqual(2);
    expect(restoredWriters).toBeLessThan(Number(now[0]!.count));
    // And the rows are the source's own: every restored line of the tables only ever added to is in the source.
    for (const table of ['applicants', 'material_files', 'stored_files', 'audit_trail', 'users']) {
      const source = new Set(await copyLines(hall.databaseUrl, table));
      for (const line of await copyLines(target.url, table)) expect(source.has(line), `${table}: ${line.slice(0, 80)}`).toBe(true);
    }
    // Every file the restored rows name is there, byte for byte the source's.
    for (const file of manifest.files) {
      const copy = await readFile(join(target.filesDir, file.key));
      expect(sha256(copy)).toBe(sha256(await readFile(join(hall.filesDir, file.key))));
    }
    expect((await copyLines(target.url, 'sessions')).length).toBe(0);
    expect((await copyLines(target.url, 'operator_sessions')).length).toBe(0);
  }, 120_000);

  it('the restored hall has ended every session and serves the citizen their application and certificate PDF', async () => {
    const connection = connectDatabase(target.url, 4);
    target.connection = connection;
    const context = await createContext({ env: { ...hall.env, DATABASE_URL: target.url }, db: connection.db, pool: connection.pool, filesDir: target.filesDir });
    const app = await buildApp(context);
    target.app = app;
    await app.ready();
    const restoredHall = { app } as TestHall;
    // The old cookie names a session that is gone: the citizen must sign in again.
    expect((await callHall(restoredHall, contract.getApplyList, { reqseq: 'r' }, citizen)).body.status).toBe(-1);
    const signIn = async (openid: string) => {
      const id = randomId();
      await connection.db.insert(sessions).values({ id, openid, state: 'active', expiresAt: new Date(Date.now() + 3_600_000) });
      return `hall_sid=${encodeURIComponent(app.signCookie(id))}`;
    };
    const list = await callHall(restoredHall, contract.getApplyList, { reqseq: 'r' }, await signIn('backup-citizen'));
    expect(list.status).toBe(200);
    expect(list.body.data!.lists.flatMap((tab) => tab.items).map((item) => item.id)).toContain(applicationId);
    const owner = await signIn('backup-owner');
    const pdf = await app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id: certificateRecord }, headers: { cookie: owner } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const original = await hall.app.inject({ method: 'POST', url: '/online/wx/apilist/getDzzzPdf', payload: { id: certificateRecord }, headers: { cookie: await citizenSession('backup-owner') } });
    expect(pdf.rawPayload.equals(original.rawPayload)).toBe(true);
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe('不动产权属证明');
  }, 60_000);

  it('refuses a manifest that does not match, a damaged part, another key and a newer schema, restoring nothing', async () => {
    const edited = join(work, 'edited');
    await cp(folder, edited, { recursive: true });
    const text = await readFile(join(edited, MANIFEST_FILE), 'utf8');
    await writeFile(
      join(edited, MANIFEST_FILE),
      text.replace(/"rows": (\d+)/, (_, rows: string) => `"rows": ${Number(rows) + 1}`),
    );
    const first = await freshTarget();
    await expect(restoreBackup({ ...hall.env, DATABASE_URL: first.url }, edited, keys, { filesDir: first.filesDir })).rejects.toThrow(
      '备份清单与其校验码不符（被改动或已损坏），未恢复任何数据。请换一份备份。',
    );

    await expect(readManifest(folder, deriveBackupKeys(randomBytes(32)))).rejects.toThrow('此备份是用另一把密钥加密的');

    const { mac: _mac, ...rest } = manifest;
    await writeManifest(edited, { ...rest, schema: { migrations: shippedMigrations().length + 1, tag: '0099_later' } }, keys);
    await expect(restoreBackup({ ...hall.env, DATABASE_URL: first.url }, edited, keys, { filesDir: first.filesDir })).rejects.toThrow(/此备份来自更新的大厅/);

    await writeManifest(edited, rest, keys);
    const picture = partPath(edited, filePart(manifest.files[0]!.key));
    const bytes = await readFile(picture);
    bytes[20] = bytes[20]! ^ 1;
    await writeFile(picture, bytes);
    const second = await freshTarget();
    await expect(restoreBackup({ ...hall.env, DATABASE_URL: second.url }, edited, keys, { filesDir: second.filesDir })).rejects.toThrow(/与清单不符/);
    const client = new pg.Client({ connectionString: second.url });
    await client.connect();
    const { rows } = await client.query("SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'");
    await client.end();
    expect(rows[0].tables).toBe(0);
  }, 120_000);
});

/** A session for a citizen of the source hall, straight in its database. */
async function citizenSession(openid: string): Promise<string> {
  const id = randomId();
  await hall.connection.db.insert(sessions).values({ id, openid, state: 'active', expiresAt: new Date(Date.now() + 3_600_000) });
  return `hall_sid=${encodeURIComponent(hall.app.signCookie(id))}`;
}
