import { Readable } from 'node:stream';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationMaterial } from '@hall/api';
import { applicants, applications, materialFiles, queryRecords, storedFiles } from '../../src/db/schema';
import { readEnv } from '../../src/env';
import { recordStoredFile } from '../../src/services/storage/stored-files';
import { recordCitizenFile, storageFullMessage, usedStorage } from '../../src/services/storage/storage-quota';
import { sweepStorage } from '../../src/services/retention/storage-retention';
import { createTestHall, type TestHall } from '../hall';
import { rowById } from '../rows';
import { addPerson, materialsOf, personPayload, startApplication, verifiedCitizen } from '../application-helpers';
import { CITY, citizenFilesIn, upload } from '../query-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const MB = 1024 * 1024;
/** A PNG of exactly `size` bytes by its first bytes: what the picture and signature checks look at. */
const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 0x42)]);
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);

const attach = (hall: TestHall, cookie: string, materialId: string, content: Buffer) =>
  callHall(hall, contract.savePicFromWXServer, { datuminstId: materialId, base64: content.toString('base64') }, cookie);

const sign = (hall: TestHall, cookie: string, sqrid: string, content: Buffer) =>
  callHall(hall, contract.saveQzxxWx, { id: sqrid, decodeInfo: `data:image/png;base64,${content.toString('base64')}` }, cookie);

async function firstMaterialId(hall: TestHall, cookie: string, id: string): Promise<string> {
  const list: ApplicationMaterial[] = await materialsOf(hall, cookie, id);
  return list[0]!.id;
}

async function filesOf(hall: TestHall, openid: string) {
  return hall.connection.db.select().from(storedFiles).where(eq(storedFiles.openid, openid));
}

describe('the settings', () => {
  it('enforce the 500M the refusal names, a 2 GiB quota per citizen and 90 days for a draft', () => {
    const env = readEnv({});
    expect(env.HALL_UPLOAD_MAX_BYTES).toBe(500 * MB);
    expect(env.HALL_CITIZEN_QUOTA_BYTES).toBe(2 * 1024 * MB);
    expect(env.HALL_DRAFT_RETENTION_DAYS).toBe(90);
    expect(storageFullMessage(env.HALL_CITIZEN_QUOTA_BYTES)).toBe('您的存储空间不足（上限 2 GB），请删除不需要的材料后再上传');
  });

  it('refuse an upload limit above 500 MB, which would make the message untrue', () => {
    expect(() => readEnv({ HALL_UPLOAD_MAX_BYTES: String(512e7) })).toThrow();
    expect(readEnv({ HALL_UPLOAD_MAX_BYTES: String(100 * MB) }).HALL_UPLOAD_MAX_BYTES).toBe(100 * MB);
  });
});

describe('the verification upload at the default limit', () => {
  let hall: TestHall;
  let cookie: string;
  beforeAll(async () => {
    hall = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_STORAGE_SWEEP_MS: 0 });
    cookie = await verifiedCitizen(hall, 'big-upload');
  });
  afterAll(() => hall.close());

  /** Uploads a PDF of `fileSize` bytes generated as it is sent; answers the reply and the peak memory growth meanwhile. */
  async function streamedUpload(fileSize: number) {
    const boundary = '----hallBigUploadBoundary';
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const before = process.memoryUsage();
    let peak = 0;
    const body = Readable.from(
      (function* () {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="xzqdm"\r\n\r\n${CITY.xzqdm}\r\n`);
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="Filedata"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
        let left = fileSize - 9;
        for (let sent = 0; left > 0; sent++) {
          if (sent % 64 === 0) {
            const now = process.memoryUsage();
            peak = Math.max(peak, now.arrayBuffers - before.arrayBuffers + (now.heapUsed - before.heapUsed));
          }
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          yield piece;
        }
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
      { objectMode: false },
    );
    const response = await hall.app.inject({
      method: 'POST',
      url: '/online/wx/apilist/getDzzzyqUpload',
      payload: body,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown>, peak };
  }

  it('refuses 500 MB + 1 byte with 文件大小不超过500M while streaming, holding none of it in memory and keeping nothing', async () => {
    const { status, body, peak } = await streamedUpload(500 * MB + 1);
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, errmsg: '文件大小不超过500M' });
    // docs/architecture.md §15: a 500 MB upload grows server memory by 64 MB at most.
    expect(peak).toBeLessThan(64 * MB);
    expect(await citizenFilesIn(hall)).toEqual([]);
    expect(await filesOf(hall, 'big-upload')).toEqual([]);
  }, 300_000);

  it('accepts exactly 500 MB', async () => {
    const { status, body, peak } = await streamedUpload(500 * MB);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(peak).toBeLessThan(64 * MB);
    expect((await filesOf(hall, 'big-upload')).map((row) => row.size)).toEqual([500 * MB]);
  }, 300_000);
});

describe('the storage quota', () => {
  const QUOTA = 10_000;
  let hall: TestHall;
  beforeAll(async () => {
    hall = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_STORAGE_SWEEP_MS: 0, HALL_CITIZEN_QUOTA_BYTES: QUOTA });
  });
  afterAll(() => hall.close());

  it('refuses a picture, a signature and a verification upload that do not fit, with 413 and what to do, storing nothing', async () => {
    const cookie = await verifiedCitizen(hall, 'quota-full');
    const id = await startApplication(hall, cookie, 'pd-200-4');
    const materialId = await firstMaterialId(hall, cookie, id);
    expect((await attach(hall, cookie, materialId, png(6_000))).status).toBe(200);
    const sqrid = (await addPerson(hall, cookie, id, personPayload())).body.data!.sqr_id;

    const filesBefore = await filesOf(hall, 'quota-full');
    const diskBefore = await citizenFilesIn(hall);
    const message = storageFullMessage(QUOTA);
    const picture = await attach(hall, cookie, materialId, png(4_001));
    expect(picture).toMatchObject({ status: 413, body: { errcode: '01', errmsg: message } });
    const signature = await sign(hall, cookie, sqrid, png(4_001));
    expect(signature).toMatchObject({ status: 413, body: { state: 0, msg: message } });
    // The file is cut where the room ends: storage never writes past the quota.
    const verification = await upload(hall, cookie, { filename: 'a.pdf', content: pdf(4_001) });
    expect(verification).toMatchObject({ status: 413, body: { state: 0, errmsg: message } });

    expect(await filesOf(hall, 'quota-full')).toEqual(filesBefore);
    expect(await citizenFilesIn(hall)).toEqual(diskBefore);
    expect(await hall.connection.db.select().from(queryRecords).where(eq(queryRecords.openid, 'quota-full'))).toEqual([]);
    const applicant = await rowById(hall, applicants, sqrid);
    expect(applicant).toMatchObject({ qzzt: '0', signatureFileId: null });

    // What fits still goes in, up to the last byte.
    expect((await attach(hall, cookie, materialId, png(4_000))).status).toBe(200);
    expect(await usedStorage(hall.connection.db, 'quota-full')).toBe(QUOTA);
  });

  it('a signature that replaces another only needs room for the difference', async () => {
    const cookie = await verifiedCitizen(hall, 'quota-resign');
    const id = await startApplication(hall, cookie, 'pd-200-4');
    const sqrid = (await addPerson(hall, cookie, id, personPayload())).body.data!.sqr_id;
    expect((await sign(hall, cookie, sqrid, png(6_000))).status).toBe(200);
    expect((await sign(hall, cookie, sqrid, png(9_000))).status).toBe(200);
    expect(await usedStorage(hall.connection.db, 'quota-resign')).toBe(9_000);
  });

  it('does not count the documents the hall generates for the citizen (certificate proofs)', async () => {
    const cookie = await verifiedCitizen(hall, 'quota-proofs');
    const saved = await hall.app.hall.files.save(Readable.from([Buffer.from('%PDF-1.7 proof')]));
    const proof = await recordStoredFile(hall.connection.db, { openid: 'quota-proofs', storageKey: saved.key, originalName: '不动产权属证明-1.pdf', mime: 'application/pdf', size: 50_000 });
    await hall.connection.db.insert(queryRecords).values({ openid: 'quota-proofs', kind: 'zs', state: 20, fileId: proof.id });
    expect(await usedStorage(hall.connection.db, 'quota-proofs')).toBe(0);
    expect((await upload(hall, cookie, { filename: 'mine.pdf', content: pdf(5_000) })).status).toBe(200);
    expect(await usedStorage(hall.connection.db, 'quota-proofs')).toBe(5_000);
  });

  it('of two uploads racing for the last room, only one is accepted', async () => {
    const cookie = await verifiedCitizen(hall, 'quota-race');
    const id = await startApplication(hall, cookie, 'pd-200-4');
    const materialId = await firstMaterialId(hall, cookie, id);
    expect((await attach(hall, cookie, materialId, png(4_000))).status).toBe(200);
    const results = await Promise.all([attach(hall, cookie, materialId, png(4_000)), attach(hall, cookie, materialId, png(4_000))]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 413]);
    expect(await usedStorage(hall.connection.db, 'quota-race')).toBe(8_000);
    expect(await filesOf(hall, 'quota-race')).toHaveLength(2);
    const raced = await Promise.all([upload(hall, cookie, { filename: 'a.pdf', content: pdf(1_500) }), upload(hall, cookie, { filename: 'b.pdf', content: pdf(1_500) })]);
    expect(raced.map((result) => result.status).sort()).toEqual([200, 413]);
    expect(await usedStorage(hall.connection.db, 'quota-race')).toBe(9_500);
  });

  it('the owner lock makes a second recording wait for the first and then see its size', async () => {
    const db = hall.connection.db;
    const file = (name: string) => ({ openid: 'quota-lock', storageKey: `000000/${name}`, originalName: `${name}.png`, mime: 'image/png', size: 6_000 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let recorded!: () => void;
    const firstRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const first = db.transaction(async (tx) => {
      await recordCitizenFile(tx, QUOTA, file('first'));
      recorded();
      await held;
    });
    await firstRecorded;
    let settled = false;
    const second = db.transaction((tx) => recordCitizenFile(tx, QUOTA, file('second'))).finally(() => (settled = true));
    second.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    release();
    await first;
    await expect(second).rejects.toMatchObject({ statusCode: 413 });
    expect((await filesOf(hall, 'quota-lock')).map((row) => row.originalName)).toEqual(['first.png']);
  });
});

describe('retention', () => {
  let hall: TestHall;
  let cookie: string;
  const db = () => hall.connection.db;
  beforeAll(async () => {
    hall = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_STORAGE_SWEEP_MS: 0 });
    cookie = await verifiedCitizen(hall, 'keeper');
  });
  afterAll(() => hall.close());

  /** A draft with a picture and a signed applicant; answers its id and its files' storage keys. */
  async function draftWithFiles(): Promise<{ id: string; keys: string[] }> {
    const id = await startApplication(hall, cookie, 'pd-200-4');
    expect((await attach(hall, cookie, await firstMaterialId(hall, cookie, id), png(100))).status).toBe(200);
    const sqrid = (await addPerson(hall, cookie, id, personPayload())).body.data!.sqr_id;
    expect((await sign(hall, cookie, sqrid, png(100))).status).toBe(200);
    return { id, keys: await keysOf(id) };
  }

  async function keysOf(id: string): Promise<string[]> {
    const pictures = await db()
      .select({ key: storedFiles.storageKey })
      .from(materialFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, materialFiles.storedFileId))
      .where(sql`${materialFiles.materialId} in (select id from materials where application_id = ${Number(id)})`);
    const signatures = await db()
      .select({ key: storedFiles.storageKey })
      .from(applicants)
      .innerJoin(storedFiles, eq(storedFiles.id, applicants.signatureFileId))
      .where(eq(applicants.applicationId, Number(id)));
    return [...pictures, ...signatures].map((row) => row.key);
  }

  /** Moves everything of an application `days` into the past: as if nobody had touched it since. */
  async function age(id: string, days: number): Promise<void> {
    const past = sql`now() - make_interval(days => ${days})`;
    const appId = Number(id);
    await db().execute(sql`update applications set created_at = ${past} where id = ${appId}`);
    await db().execute(sql`update applicants set created_at = ${past} where application_id = ${appId}`);
    await db().execute(sql`update material_files set created_at = ${past} where material_id in (select id from materials where application_id = ${appId})`);
    await db().execute(
      sql`update stored_files set created_at = ${past} where id in (select signature_file_id from applicants where application_id = ${appId}) or id in (select stored_file_id from material_files mf join materials m on m.id = mf.material_id where m.application_id = ${appId})`,
    );
  }

  const exists = async (id: string) =>
    (
      await db()
        .select({ n: count() })
        .from(applications)
        .where(eq(applications.id, Number(id)))
    )[0]!.n === 1;
  const onDisk = async (key: string) => (await citizenFilesIn(hall)).some((path) => path.endsWith(key.split('/')[1]!));

  it('removes a draft never submitted and untouched for the retention period, with its files on disk and their rows', async () => {
    const old = await draftWithFiles();
    await age(old.id, 91);
    expect(old.keys).toHaveLength(2);
    for (const key of old.keys) expect(await onDisk(key)).toBe(true);

    const result = await sweepStorage(hall.app.hall);
    expect(result).toMatchObject({ ran: true });
    expect(result.drafts).toBeGreaterThanOrEqual(1);
    expect(await exists(old.id)).toBe(false);
    for (const key of old.keys) {
      expect(await onDisk(key)).toBe(false);
      expect(await db().select().from(storedFiles).where(eq(storedFiles.storageKey, key))).toEqual([]);
    }
  });

  it("keeps a submitted application's files, a revoked one's, a recent draft's, and an old draft worked on lately", async () => {
    const submitted = await draftWithFiles();
    await db()
      .update(applications)
      .set({ shzt: 0, submittedAt: new Date(), prolsh: `HD-keep-${submitted.id}` })
      .where(eq(applications.id, Number(submitted.id)));
    await age(submitted.id, 400);
    const revoked = await draftWithFiles();
    await db()
      .update(applications)
      .set({ prolsh: `HD-revoked-${revoked.id}` })
      .where(eq(applications.id, Number(revoked.id)));
    await age(revoked.id, 400);
    const recent = await draftWithFiles();
    await age(recent.id, 89);
    const reopened = await draftWithFiles();
    await age(reopened.id, 200);
    // A picture added today is work on the draft.
    expect((await attach(hall, cookie, await firstMaterialId(hall, cookie, reopened.id), png(100))).status).toBe(200);

    await sweepStorage(hall.app.hall);
    for (const kept of [submitted, revoked, recent, reopened]) {
      expect(await exists(kept.id)).toBe(true);
      for (const key of kept.keys) expect(await onDisk(key)).toBe(true);
      expect(await keysOf(kept.id)).toEqual(expect.arrayContaining(kept.keys));
    }
  });

  it('removes a stored file nothing refers to once older than a day, and keeps a fresh one and a referenced old one', async () => {
    const orphan = async (hoursAgo: number) => {
      const saved = await hall.app.hall.files.save(Readable.from([png(100)]));
      const row = await recordStoredFile(db(), { openid: 'keeper', storageKey: saved.key, originalName: 'left.png', mime: 'image/png', size: saved.size });
      await db().execute(sql`update stored_files set created_at = now() - make_interval(hours => ${hoursAgo}) where id = ${row.id}`);
      return row;
    };
    const stale = await orphan(25);
    const fresh = await orphan(1);
    const proof = await orphan(24 * 400);
    await db().insert(queryRecords).values({ openid: 'keeper', kind: 'zs', state: 20, fileId: proof.id });

    await sweepStorage(hall.app.hall);
    const left = (await filesOf(hall, 'keeper')).map((row) => row.id);
    expect(left).not.toContain(stale.id);
    expect(left).toEqual(expect.arrayContaining([fresh.id, proof.id]));
    expect(await onDisk(stale.storageKey)).toBe(false);
    expect(await onDisk(fresh.storageKey)).toBe(true);
    expect(await onDisk(proof.storageKey)).toBe(true);
  });

  it('a second process finds the clean-up under way and leaves it', async () => {
    const { pool } = hall.connection;
    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtextextended('stored_file_retention', 0))`);
      expect(await sweepStorage(hall.app.hall)).toEqual({ ran: false, drafts: 0, files: 0 });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});

describe('the clean-up job', () => {
  it('runs by itself in a started hall', async () => {
    const hall = await createTestHall({ HALL_QUERY_POLL_MS: 0, HALL_STORAGE_SWEEP_MS: 50 });
    try {
      const saved = await hall.app.hall.files.save(Readable.from([png(100)]));
      const row = await recordStoredFile(hall.connection.db, { openid: 'job', storageKey: saved.key, originalName: 'left.png', mime: 'image/png', size: saved.size });
      await hall.connection.db.execute(sql`update stored_files set created_at = now() - interval '2 days' where id = ${row.id}`);
      await expect.poll(async () => (await filesOf(hall, 'job')).length, { timeout: 10_000, interval: 100 }).toBe(0);
      expect(await citizenFilesIn(hall)).toEqual([]);
    } finally {
      await hall.close();
    }
  });
});
