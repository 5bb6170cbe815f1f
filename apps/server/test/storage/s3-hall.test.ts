import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadHref, type MaterialAttachment } from '@hall/api/internal';
import { downloadFiles, storedFiles } from '../../src/db/schema';
import { downloadAssetPath, DEMO_DOWNLOADS } from '../../src/seed/downloads';
import { recordStoredFile } from '../../src/services/storage/stored-files';
import { ORPHAN_FILE_GRACE_MS, sweepStorage } from '../../src/services/retention/storage-retention';
import { S3FileStorage } from '../../src/storage/s3-file-storage';
import { createTestHall, type TestHall } from '../hall';
import { materialsOf, PNG, startApplication, ownerAndStranger } from '../application-helpers';
import { filesUnder } from '../query-helpers';
import { startS3Server, type TestS3Server } from './s3-server';
import { callHall } from '../call';
import { contract } from '@hall/api';

/** The hall with HALL_STORAGE=s3, on an S3-compatible server this file starts: uploads and reads through HTTP. */
let s3: TestS3Server;
let hall: TestHall;
let owner: string;
let stranger: string;
beforeAll(async () => {
  s3 = await startS3Server();
  hall = await createTestHall({ ...s3.env, HALL_STORAGE_SWEEP_MS: 0, HALL_QUERY_POLL_MS: 0 });
  [owner, stranger] = await ownerAndStranger(hall, 's3-owner', 's3-stranger');
});
afterAll(async () => {
  await hall?.close();
  await s3?.close();
});

describe('a hall on object storage', () => {
  it('uses the S3 adapter and keeps nothing in the local folder', async () => {
    expect(hall.app.hall.files).toBeInstanceOf(S3FileStorage);
    expect(await filesUnder(hall.filesDir)).toEqual([]);
  });

  it('stores a material picture in the bucket, shows it to its owner only, and deletes it from the bucket', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const [material] = await materialsOf(hall, owner, id);
    const saved = await callHall(hall, contract.savePicFromWXServer, { datuminstId: material!.id, base64: PNG.toString('base64') }, owner);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const attachment = saved.body.data as MaterialAttachment;
    const [row] = await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.openid, 's3-owner'));
    expect(await s3.objects()).toContain(row!.storageKey);

    const shown = await hall.app.inject({ method: 'GET', url: attachment.url, headers: { cookie: owner } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    const theirs = await hall.app.inject({ method: 'GET', url: attachment.url, headers: { cookie: stranger } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ errcode: '01', errmsg: '未找到该图片' });

    const deleted = await callHall(hall, contract.delSinglePic, { fileid: attachment.id }, owner);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await s3.objects()).not.toContain(row!.storageKey);
    expect((await hall.app.inject({ method: 'GET', url: attachment.url, headers: { cookie: owner } })).statusCode).toBe(404);
  });

  it('puts the demo downloads in the bucket at start and serves them from it', async () => {
    const demo = DEMO_DOWNLOADS[0]!;
    const [row] = await hall.connection.db.select().from(downloadFiles).where(eq(downloadFiles.fileName, demo.fileName));
    expect(await s3.objects()).toContain(row!.storageKey);
    const response = await hall.app.inject({ method: 'GET', url: downloadHref(demo.fileName) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await readFile(downloadAssetPath(demo.asset)))).toBe(true);
  });

  it('removes a file nothing refers to from the bucket in the storage clean-up', async () => {
    const saved = await hall.app.hall.files.save(Readable.from([Buffer.from('orphan')]));
    await recordStoredFile(hall.connection.db, { openid: 's3-owner', storageKey: saved.key, originalName: 'orphan.png', mime: 'image/png', size: saved.size });
    expect(await s3.objects()).toContain(saved.key);
    const result = await sweepStorage(hall.app.hall, { now: new Date(Date.now() + ORPHAN_FILE_GRACE_MS + 60_000) });
    expect(result.files).toBeGreaterThanOrEqual(1);
    expect(await s3.objects()).not.toContain(saved.key);
  });
});
