import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ARTICLE_PICTURE_MAX_BYTES, ARTICLE_PICTURE_TOO_LARGE, BANNER_IMAGE_NOT_IMAGE, type ConsoleArticle } from '@hall/api/internal';
import { articlePictures, auditTrail } from '../../../src/db/schema';
import { ORPHAN_FILE_GRACE_MS, sweepStorage } from '../../../src/services/retention/storage-retention';
import { testHallForFile } from '../../hall';
import { auditedChanges } from '../../rows';
import { multipartBody } from '../../query-helpers';

const UPLOAD = '/online/admin/api/content/articles/picture';

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const hall = testHallForFile();
let content: string;
beforeAll(async () => {
  content = await hall.operator('content');
});

async function upload(file: Buffer, cookie = content, type = 'image/png') {
  const { body, contentType } = multipartBody([{ name: 'Filedata', filename: 'picture.png', content: file, type }]);
  const response = await hall.app.inject({ method: 'POST', url: UPLOAD, payload: body, headers: { 'content-type': contentType, cookie } });
  return { status: response.statusCode, body: response.json() as { errcode: string; errmsg?: string; data?: { url: string } } };
}

async function storedFileCount(): Promise<number> {
  const entries = await readdir(hall.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

const pictureCount = async () => (await hall.connection.db.select().from(articlePictures)).length;

/** Saves and publishes an article with this body; answers the HTML citizens are served. */
async function publishedBody(html: string): Promise<string> {
  const saved = await hall.post('/online/admin/api/content/articles/save', { type: 'tzgg', title: '带图片的通知', content: html }, content);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const { id } = saved.body.data as ConsoleArticle;
  expect((await hall.post('/online/admin/api/content/articles/publish', { id, publish: true }, content)).status).toBe(200);
  const shown = await hall.post('/online/wx/apilist/getArticle', { id });
  return (shown.body.data as { content: string }).content;
}

describe('article pictures', () => {
  it('a content manager uploads a picture and gets a hall address anyone can open, audited', async () => {
    const files = await storedFileCount();
    const { status, body } = await upload(PNG);
    expect(status, JSON.stringify(body)).toBe(200);
    const url = body.data!.url;
    expect(url).toMatch(/^\/online\/content\/article-picture\?id=p-[\w-]+$/);
    expect(await storedFileCount()).toBe(files + 1);

    // No cookie: a citizen reading the article need not be signed in.
    const image = await hall.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    const id = new URL(url, 'http://hall').searchParams.get('id')!;
    const [audit] = await hall.connection.db
      .select()
      .from(auditTrail)
      .where(eq(auditTrail.target, `article-picture:${id}`));
    expect(audit).toMatchObject({ action: 'article.picture' });
    expect((await hall.app.inject({ method: 'GET', url: '/online/content/article-picture?id=p-nosuchpicture' })).statusCode).toBe(404);
  });

  it('is not taken by the storage clean-up', async () => {
    const { body } = await upload(PNG);
    await sweepStorage(hall.app.hall, { now: new Date(Date.now() + ORPHAN_FILE_GRACE_MS + 60_000) });
    expect((await hall.app.inject({ method: 'GET', url: body.data!.url })).statusCode).toBe(200);
  });

  it('lets only a content manager upload; nothing is stored for anyone else', async () => {
    const files = await storedFileCount();
    const pictures = await pictureCount();
    expect((await upload(PNG, await hall.operator('reviewer'))).status).toBe(403);
    expect((await upload(PNG, await hall.quickCitizen('picture-citizen'))).status).toBe(401);
    expect((await upload(PNG, '')).status).toBe(401);
    expect(await storedFileCount()).toBe(files);
    expect(await pictureCount()).toBe(pictures);
  });

  it('refuses a file that is not an image whatever its type says, and one over the cap, with the message; nothing is stored', async () => {
    const files = await storedFileCount();
    const pictures = await pictureCount();
    const audits = await auditedChanges(hall);
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.status).toBe(400);
    expect(html.body.errmsg).toBe(BANNER_IMAGE_NOT_IMAGE);
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(ARTICLE_PICTURE_MAX_BYTES)]));
    expect(huge.status).toBe(400);
    expect(huge.body.errmsg).toBe(ARTICLE_PICTURE_TOO_LARGE);
    expect(ARTICLE_PICTURE_TOO_LARGE).toContain('2MB');
    expect(await storedFileCount()).toBe(files);
    expect(await pictureCount()).toBe(pictures);
    expect(await auditedChanges(hall)).toBe(audits);
  });
});

describe('pictures in an article body', () => {
  it('keeps a hall picture with a numeric size only, and drops handlers, script and protocol-relative sources', async () => {
    const { body } = await upload(PNG);
    const url = body.data!.url;
    const html = await publishedBody(
      `<p>正文</p><img src="${url}" alt="新址" width="320" height="100%" onerror="alert(1)">` +
        `<img src="javascript:alert(2)"><img src="//evil.example${url}"><img src="data:text/html;base64,PHNjcmlwdD4=">`,
    );
    expect(html).toBe(`<p>正文</p><img src="${url}" alt="新址" width="320" />`);
  });
});
