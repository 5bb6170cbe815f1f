import { BANNER_IMAGE_NOT_IMAGE, articlePicturePath } from '@hall/api/internal';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Database } from '../../../db/client';
import { articlePictures } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import type { FileStorage } from '../../../storage/file-storage';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { imageTypeOf } from './banners';

/** The hall address of an article picture: the one image source the content sanitiser keeps (lib/safe-html.ts). */
export const articlePictureUrl = articlePicturePath;

/**
 * Keeps a picture for an article's body: checked to be an image by its bytes before anything is
 * stored, then stored and recorded with its audit entry in one transaction; should that fail, the
 * stored file goes again. Answers the address to put in the body.
 */
export async function uploadArticlePicture(db: Database, files: FileStorage, actor: AuditActor, image: Buffer): Promise<{ url: string }> {
  const mime = imageTypeOf(image);
  if (!mime) throw badRequest(BANNER_IMAGE_NOT_IMAGE);
  const saved = await files.save(Readable.from(image));
  const id = `p-${randomId(12)}`;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(articlePictures).values({ id, storageKey: saved.key, mime, size: saved.size });
      await recordAudit(tx, actor, { action: 'article.picture', target: `article-picture:${id}`, before: null, after: { size: saved.size, mime } });
    });
  } catch (error) {
    await files.remove(saved.key).catch(() => undefined);
    throw error;
  }
  return { url: articlePictureUrl(id) };
}

/** An article picture's storage key and type, or null. */
export async function findArticlePicture(db: Database, id: string): Promise<{ key: string; mime: string } | null> {
  const [row] = await db.select({ key: articlePictures.storageKey, mime: articlePictures.mime }).from(articlePictures).where(eq(articlePictures.id, id));
  return row ?? null;
}
