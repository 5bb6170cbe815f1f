import { MATERIAL_IMAGE_MAX_BYTES, NO_DATA_MESSAGE, articlePicturePath, materialFilePath, type ApplicationMaterial, type MaterialAttachment } from '@hall/api/internal';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Readable } from 'node:stream';
import type { WechatPlatform } from '../../adapters/wechat/platform';
import type { Database } from '../../db/client';
import { applications, businessMaterials, materialFiles, materials, storedFiles } from '../../db/schema';
import { isDeletableApplication, statusRefusal } from '@hall/domain';
import { HallError, badRequest, conflict, notFound } from '../../lib/errors';
import { parseRowId } from '../../lib/row-id';
import type { FileStorage } from '../../storage/file-storage';
import { lockEditableApplication } from './application-editing';
import { findOwnedApplication } from './applications';
import { recordCitizenFile, requireStorageRoom } from '../storage/storage-quota';
import { deleteStoredFiles, type StoredFileRow } from '../storage/stored-files';

export const MATERIAL_NOT_FOUND = '未找到该材料';
export const PICTURE_NOT_FOUND = '未找到该图片';
export const PICTURE_REQUIRED = '请选择要上传的图片';
export const PICTURE_TYPE = '只能上传JPG或PNG格式的图片';
export const PICTURE_TOO_LARGE = `图片大小不能超过${MATERIAL_IMAGE_MAX_BYTES / 1024 / 1024}M`;
export const PICTURE_DOWNLOAD_FAILED = '获取微信图片失败，请重新上传';
/** A bound per material, far above what a form asks (9 pictures a pick). */
export const PICTURES_PER_MATERIAL = 30;
export const TOO_MANY_PICTURES = `每项材料最多上传${PICTURES_PER_MATERIAL}张图片`;

/** JPEG or PNG by the file's first bytes, never by a name or a declared type. */
export function imageTypeOf(content: Buffer): { mime: string; extension: string } | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', extension: 'png' };
  return null;
}

/** base64 picture data as the app sends it: with or without a data: prefix (Android's getLocalImgData has none). */
export function decodeBase64Picture(data: string): Buffer {
  const payload = data.replace(/^data:[\w/+.-]*;base64,/, '').replace(/\s+/g, '');
  if (!payload || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) throw badRequest(PICTURE_TYPE);
  return Buffer.from(payload, 'base64');
}

/** getUploadType: the materials of one of the citizen's applications with their attachments, in order. */
export async function listMaterials(db: Database, openid: string, slsqId: string): Promise<ApplicationMaterial[]> {
  const application = await findOwnedApplication(db, openid, slsqId);
  if (!application) throw notFound(NO_DATA_MESSAGE);
  return materialsOf(db, application.id);
}

/** The materials of an application with their attachments, in order; `urlOf` says where a picture is shown (to its owner by default). */
export async function materialsOf(db: Database, applicationId: number, urlOf?: (storedFileId: string) => string): Promise<ApplicationMaterial[]> {
  const rows = await db.select().from(materials).where(eq(materials.applicationId, applicationId)).orderBy(asc(materials.sort), asc(materials.id));
  const attachments = rows.length
    ? await db
        .select()
        .from(materialFiles)
        .where(
          inArray(
            materialFiles.materialId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(materialFiles.id))
    : [];
  const help = await helpOf(db, applicationId);
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    required: row.required,
    pro_attachment: attachments.filter((file) => file.materialId === row.id).map((file) => ({ id: String(file.id), datuminst_id: String(row.id), url: urlOf ? urlOf(file.storedFileId) : file.url })),
    ...help.get(row.name),
  }));
}

/**
 * The catalogue's help for an application's materials, by name: read live, so a hint or sample the
 * console improves reaches applications already started (their list of materials stays as copied).
 */
async function helpOf(db: Database, applicationId: number): Promise<Map<string, { hint?: string; sampleUrl?: string }>> {
  const rows = await db
    .select({ name: businessMaterials.name, hint: businessMaterials.hint, samplePictureId: businessMaterials.samplePictureId })
    .from(businessMaterials)
    .innerJoin(applications, eq(applications.prodefid, businessMaterials.prodefId))
    .where(eq(applications.id, applicationId));
  return new Map(rows.map((row) => [row.name, { ...(row.hint ? { hint: row.hint } : {}), ...(row.samplePictureId ? { sampleUrl: articlePicturePath(row.samplePictureId) } : {}) }]));
}

export interface PictureSource {
  materialId: string;
  base64?: string | undefined;
  serverId?: string | undefined;
}

/** The picture's bytes: decoded from base64, or downloaded from WeChat by its media id. */
async function pictureContent(wechat: WechatPlatform, source: PictureSource, log?: FastifyBaseLogger): Promise<Buffer> {
  if (source.base64?.trim()) return decodeBase64Picture(source.base64);
  const mediaId = source.serverId?.trim();
  if (!mediaId) throw badRequest(PICTURE_REQUIRED);
  const download = await wechat.downloadMedia(mediaId, MATERIAL_IMAGE_MAX_BYTES).catch((error: unknown) => {
    log?.warn({ err: error }, 'WeChat media download failed');
    return { ok: false as const, errmsg: 'request failed' };
  });
  if (!download.ok) {
    log?.warn({ mediaId, errmsg: download.errmsg }, 'WeChat media download refused');
    throw new HallError(502, PICTURE_DOWNLOAD_FAILED);
  }
  return download.content;
}

/**
 * savePicFromWXServer: checks the picture (JPEG or PNG by its bytes, at most the size limit, room in
 * the citizen's storage quota), streams it to storage, then records it for the material of one of the
 * citizen's editable applications in one transaction. When the transaction fails the stored file is
 * removed again.
 */
export async function savePicture(
  deps: { db: Database; files: FileStorage; wechat: WechatPlatform; quotaBytes: number; log?: FastifyBaseLogger },
  openid: string,
  source: PictureSource,
): Promise<MaterialAttachment> {
  const { db, files, log } = deps;
  const materialId = parseRowId(source.materialId);
  if (materialId === null) throw notFound(MATERIAL_NOT_FOUND);
  // The material must be the citizen's before anything is downloaded or stored.
  const [owned] = await db
    .select({ applicationId: materials.applicationId, shzt: applications.shzt })
    .from(materials)
    .innerJoin(applications, eq(applications.id, materials.applicationId))
    .where(and(eq(materials.id, materialId), eq(applications.openid, openid)));
  if (!owned) throw notFound(MATERIAL_NOT_FOUND);
  // Checked again under the lock below; this only spares a download for an application that cannot take it.
  if (!isDeletableApplication(owned.shzt)) throw conflict(statusRefusal('edit', owned.shzt));

  const content = await pictureContent(deps.wechat, source, log);
  if (content.length === 0) throw badRequest(PICTURE_REQUIRED);
  if (content.length > MATERIAL_IMAGE_MAX_BYTES) throw badRequest(PICTURE_TOO_LARGE);
  const type = imageTypeOf(content);
  if (!type) throw badRequest(PICTURE_TYPE);
  await requireStorageRoom(db, openid, deps.quotaBytes, content.length);

  const saved = await files.save(Readable.from([content]), { maxBytes: MATERIAL_IMAGE_MAX_BYTES });
  try {
    return await db.transaction(async (tx) => {
      await lockEditableApplication(tx, openid, owned.applicationId);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(materialFiles).where(eq(materialFiles.materialId, materialId));
      if (n >= PICTURES_PER_MATERIAL) throw badRequest(TOO_MANY_PICTURES);
      const file = await recordCitizenFile(tx, deps.quotaBytes, { openid, storageKey: saved.key, originalName: `material-${materialId}.${type.extension}`, mime: type.mime, size: saved.size });
      const url = materialFilePath(file.id);
      const [row] = await tx.insert(materialFiles).values({ materialId, storedFileId: file.id, url }).returning({ id: materialFiles.id });
      return { id: String(row!.id), datuminst_id: String(materialId), url };
    });
  } catch (error) {
    await files.remove(saved.key).catch((removeError: unknown) => log?.warn({ err: removeError, key: saved.key }, 'could not remove an unrecorded picture'));
    throw error;
  }
}

/** delSinglePic: deletes one attachment of one of the citizen's editable applications, and its file. */
export async function deletePicture(db: Database, files: FileStorage, openid: string, fileid: string, log?: FastifyBaseLogger): Promise<void> {
  const attachmentId = parseRowId(fileid);
  if (attachmentId === null) throw notFound(PICTURE_NOT_FOUND);
  const removedKey = await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ applicationId: materials.applicationId, storedFileId: materialFiles.storedFileId })
      .from(materialFiles)
      .innerJoin(materials, eq(materials.id, materialFiles.materialId))
      .innerJoin(applications, eq(applications.id, materials.applicationId))
      .where(and(eq(materialFiles.id, attachmentId), eq(applications.openid, openid)));
    if (!owned) throw notFound(PICTURE_NOT_FOUND);
    await lockEditableApplication(tx, openid, owned.applicationId);
    await tx.delete(materialFiles).where(eq(materialFiles.id, attachmentId));
    const [removed] = await deleteStoredFiles(tx, and(eq(storedFiles.id, owned.storedFileId), eq(storedFiles.openid, openid)));
    return removed;
  });
  if (removedKey) await files.remove(removedKey).catch((error: unknown) => log?.warn({ err: error, key: removedKey }, 'could not remove a deleted picture'));
}

/** The stored file of an attachment, by the id in its url, for the application's owner only. */
export async function findOwnedMaterialFile(db: Database, openid: string, storedFileId: string): Promise<StoredFileRow | null> {
  return findMaterialFile(db, storedFileId, and(eq(applications.openid, openid), eq(storedFiles.openid, openid)));
}

/** The stored file of an attachment, by the id in its url, when `allowed` holds of it and its application (applications, storedFiles). */
export async function findMaterialFile(db: Database, storedFileId: string, allowed: SQL | undefined): Promise<StoredFileRow | null> {
  const [row] = await db
    .select({ file: storedFiles })
    .from(materialFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, materialFiles.storedFileId))
    .innerJoin(materials, eq(materials.id, materialFiles.materialId))
    .innerJoin(applications, eq(applications.id, materials.applicationId))
    .where(and(eq(materialFiles.storedFileId, storedFileId), allowed));
  return row?.file ?? null;
}
