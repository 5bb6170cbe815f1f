import { BANNER_IMAGE_NOT_IMAGE, BANNER_TITLE_MAX_LENGTH, BANNER_TITLE_REQUIRED, BANNER_TITLE_TOO_LONG, NO_DATA_MESSAGE, contract, type ConsoleBanner } from '@hall/api/internal';
import { asc, eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Database } from '../../../db/client';
import { banners } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
import { randomId } from '../../../lib/ids';
import type { FileStorage } from '../../../storage/file-storage';
import { recordAudit, type AuditActor } from '../../operators/audit';
import { keptReadChanged } from '../../../db/kept-read';
import { checkedLink, checkedText, reorder } from './content-rules';

type BannerRow = typeof banners.$inferSelect;
const targetOf = (id: string) => `banner:${id}`;

const toBanner = (row: BannerRow): ConsoleBanner => ({ id: row.id, title: row.title, url: row.url, link: row.link, sort: row.sort, enabled: row.enabled });
const auditView = (row: BannerRow) => ({ title: row.title, url: row.url, link: row.link, sort: row.sort, enabled: row.enabled });

export async function listConsoleBanners(db: Database): Promise<ConsoleBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(toBanner);
}

/**
 * The image types a banner may be, told by the file's first bytes (what the browser will sniff), not
 * by its name or the type the upload claims.
 */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A new banner goes last; it shows to citizens once it has an image and is enabled. */
export async function saveConsoleBanner(db: Database, actor: AuditActor, input: { id?: string | undefined; title: string; link: string; enabled: boolean }): Promise<ConsoleBanner> {
  const values = {
    title: checkedText(input.title, { max: BANNER_TITLE_MAX_LENGTH, required: BANNER_TITLE_REQUIRED, tooLong: BANNER_TITLE_TOO_LONG }),
    link: checkedLink(input.link),
    enabled: input.enabled,
  };
  const row = await db.transaction(async (tx) => {
    await keptReadChanged(tx, 'wx_menu');
    if (input.id === undefined) {
      // The table is locked for the moment of the insert, so two new banners never take the same place.
      await tx.execute(sql`LOCK TABLE ${banners} IN SHARE ROW EXCLUSIVE MODE`);
      const [last] = await tx.select({ sort: sql<number>`coalesce(max(${banners.sort}), 0)` }).from(banners);
      const [created] = await tx
        .insert(banners)
        .values({ id: `b-${randomId(9)}`, url: '', sort: Number(last!.sort) + 1, ...values })
        .returning();
      await recordAudit(tx, actor, { action: 'banner.create', target: targetOf(created!.id), before: null, after: auditView(created!) });
      return created!;
    }
    const [before] = await tx.select().from(banners).where(eq(banners.id, input.id)).for('update');
    if (!before) throw notFound(NO_DATA_MESSAGE);
    const [updated] = await tx.update(banners).set(values).where(eq(banners.id, before.id)).returning();
    await recordAudit(tx, actor, { action: 'banner.update', target: targetOf(before.id), before: auditView(before), after: auditView(updated!) });
    return updated!;
  });
  return toBanner(row);
}

/**
 * A banner's new image: checked to be an image before anything is stored, then stored, then the row
 * points at it. Should the row be gone or the write fail, the new file goes again; the old one goes
 * once the change is committed.
 */
export async function replaceBannerImage(db: Database, files: FileStorage, actor: AuditActor, id: string, image: Buffer): Promise<ConsoleBanner> {
  const mime = imageTypeOf(image);
  if (!mime) throw badRequest(BANNER_IMAGE_NOT_IMAGE);
  const [exists] = await db.select({ id: banners.id }).from(banners).where(eq(banners.id, id));
  if (!exists) throw notFound(NO_DATA_MESSAGE);
  const saved = await files.save(Readable.from(image));
  let replaced: string | null = null;
  try {
    const row = await db.transaction(async (tx) => {
      await keptReadChanged(tx, 'wx_menu');
      const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      if (!before) throw notFound(NO_DATA_MESSAGE);
      // The address changes with the image, so no phone keeps showing a cached old one.
      const url = `${contract.bannerImage.path}?id=${encodeURIComponent(id)}&v=${encodeURIComponent(saved.key.slice(-12))}`;
      const [updated] = await tx.update(banners).set({ url, imageKey: saved.key, imageMime: mime }).where(eq(banners.id, id)).returning();
      await recordAudit(tx, actor, { action: 'banner.image', target: targetOf(id), before: auditView(before), after: { ...auditView(updated!), size: saved.size, mime } });
      replaced = before.imageKey;
      return updated!;
    });
    if (replaced) await files.remove(replaced).catch(() => undefined);
    return toBanner(row);
  } catch (error) {
    await files.remove(saved.key).catch(() => undefined);
    throw error;
  }
}

export async function orderConsoleBanners(db: Database, actor: AuditActor, ids: string[]): Promise<ConsoleBanner[]> {
  await db.transaction(async (tx) => {
    await keptReadChanged(tx, 'wx_menu');
    const rows = await tx.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)).for('update');
    await reorder(tx, actor, { rows, ids, target: 'banners', write: (bannerId, sort) => tx.update(banners).set({ sort }).where(eq(banners.id, bannerId)) });
  });
  return listConsoleBanners(db);
}

export async function deleteConsoleBanner(db: Database, files: FileStorage, actor: AuditActor, id: string): Promise<{ id: string }> {
  const removed = await db.transaction(async (tx) => {
    await keptReadChanged(tx, 'wx_menu');
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) throw notFound(NO_DATA_MESSAGE);
    await tx.delete(banners).where(eq(banners.id, id));
    await recordAudit(tx, actor, { action: 'banner.delete', target: targetOf(id), before: auditView(before), after: null });
    return before;
  });
  if (removed.imageKey) await files.remove(removed.imageKey).catch(() => undefined);
  return { id };
}

/** The uploaded image of a banner, or null (a shipped image, or no banner). */
export async function findBannerImage(db: Database, id: string): Promise<{ key: string; mime: string } | null> {
  const [row] = await db.select({ key: banners.imageKey, mime: banners.imageMime }).from(banners).where(eq(banners.id, id));
  return row?.key ? { key: row.key, mime: row.mime } : null;
}
