import { eq } from 'drizzle-orm';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { articlePictures, downloadFiles, users } from '../src/db/schema';
import type { TestHall } from './hall';
import { answerOf } from './call';
import { contract } from '@hall/api';

/** The demo registry's first certificate and its owner (seed/content.ts). */
export const OWNER = { name: '张三', idcard: '130402198503151231', qzh: '冀(2023)邯郸市不动产权第0012345号', bdcdyh: '130402001001GB00001F00010001' };
export const CITY = { xzqmc: '邯郸市', xzqdm: '130400' };

/** Signs a citizen in and gives them a complete profile, real-name verified unless told otherwise. */
export async function citizenWithProfile(hall: TestHall, openid: string, profile: { name: string; idcard: string; verified?: boolean }): Promise<string> {
  const cookie = await hall.login(openid);
  await hall.connection.db
    .update(users)
    .set({ name: profile.name, cardnum: profile.idcard, phone: '13812341234', realNameAuth: profile.verified === false ? 0 : 1 })
    .where(eq(users.openid, openid));
  return cookie;
}

export function queryForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { username: OWNER.name, zjh: OWNER.idcard, qzh: OWNER.qzh, ...CITY, ...overrides };
}

/** Every file under a folder, recursively (the storage folder after an upload). */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The files citizens stored in a hall's storage folder: every file but the hall's own data downloads, which a start puts there. */
export async function citizenFilesIn(hall: Pick<TestHall, 'connection' | 'filesDir'>): Promise<string[]> {
  // The hall's own files: downloads, and pictures (the demo materials' samples among them).
  const downloads = await hall.connection.db.select({ key: downloadFiles.storageKey }).from(downloadFiles);
  const pictures = await hall.connection.db.select({ key: articlePictures.storageKey }).from(articlePictures);
  const hallFiles = new Set([...downloads, ...pictures].flatMap(({ key }) => (key ? [join(hall.filesDir, ...key.split('/'))] : [])));
  return (await filesUnder(hall.filesDir)).filter((path) => !hallFiles.has(path));
}

/** A one-page PDF; signed adds a signature field whose dictionary has /ByteRange and /Contents, as signing tools write it. */
export async function samplePdf(options: { signed?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('sample', { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica), size: 14 });
  if (options.signed) {
    const context = doc.context;
    const signature = context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'adbe.pkcs7.detached',
      ByteRange: [0, 1234567890, 1234567890, 1234567890],
      Contents: PDFHexString.of('0'.repeat(512)),
      M: PDFHexString.fromText('D:20260101000000Z'),
    });
    const field = context.obj({ FT: 'Sig', T: PDFHexString.fromText('Signature1'), V: context.register(signature), Subtype: 'Widget', Rect: [0, 0, 0, 0], F: 4, P: page.ref });
    const fieldRef = context.register(field);
    page.node.set(PDFName.of('Annots'), context.obj([fieldRef]));
    doc.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [fieldRef], SigFlags: 3 }));
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body built by hand, so a test can also cut it short. */
export function multipartBody(parts: FormPart[], boundary = '----hallTestBoundary7MA4YWxkTrZu0gW'): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/pdf'}\r\n\r\n`),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file for signature verification; fields default to the spec's (Filedata, xzqdm, xzqmc, openid). */
export async function upload(hall: TestHall, cookie: string, file: { filename: string; content: Buffer; type?: string }, fields: Record<string, string> = {}) {
  const { body, contentType } = multipartBody([{ name: 'Filedata', ...file }, ...Object.entries({ xzqdm: CITY.xzqdm, xzqmc: CITY.xzqmc, ...fields }).map(([name, value]) => ({ name, value }))]);
  const response = await hall.app.inject({ method: 'POST', url: contract.getDzzzyqUpload.path, payload: body, headers: { cookie, 'content-type': contentType } });
  return answerOf(contract.getDzzzyqUpload, response);
}
