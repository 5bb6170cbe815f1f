import multipart from '@fastify/multipart';
import {
  ARTICLE_PICTURE_MAX_BYTES,
  ARTICLE_PICTURE_TOO_LARGE,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_MISSING,
  BANNER_IMAGE_TOO_LARGE,
  DOWNLOAD_FILE_MAX_BYTES,
  DOWNLOAD_FILE_MISSING,
  DOWNLOAD_FILE_TOO_LARGE,
  NO_DATA_MESSAGE,
  UNREADABLE_TEXT_MESSAGE,
  contract,
  type CallDefinition,
} from '@hall/api/internal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, notFound } from '../../../lib/errors';
import { registerCall, type CallRequest } from '../../register-call';
import { auditActor, requireOperator, type OperatorGuard } from '../../../plugins/operator-session';
import { deleteConsoleBanner, findBannerImage, listConsoleBanners, orderConsoleBanners, replaceBannerImage, saveConsoleBanner } from '../../../services/content/console/banners';
import {
  deleteConsoleQuestion,
  listConsoleQuestions,
  orderConsoleQuestions,
  readConsoleContact,
  readMapSetting,
  saveConsoleContact,
  saveConsoleQuestion,
  saveMapSetting,
} from '../../../services/content/console/hall-info';
import { listConsoleSites, saveConsoleSite } from '../../../services/content/console/sites';
import { listConsoleGuides, readConsoleGuide, saveConsoleGuide } from '../../../services/content/console/guides';
import { deleteConsoleDownload, listConsoleDownloads, uploadConsoleDownload } from '../../../services/content/console/downloads';
import { deleteConsoleMenu, listConsoleMenus, orderConsoleMenus, saveConsoleMenu } from '../../../services/content/console/menus';
import { deleteConsoleArticle, listConsoleArticles, publishConsoleArticle, readConsoleArticle, saveConsoleArticle } from '../../../services/content/console/articles';
import { holdsUnreadableText } from '../../../plugins/input-guard';
import { findArticlePicture, uploadArticlePicture } from '../../../services/content/console/article-pictures';
import { provideDemoMaterialSamples } from '../../../seed/material-help';
import type { FileStorage } from '../../../storage/file-storage';

const CONTENT = { role: 'content' } as const;
const ADMIN = { role: 'admin' } as const;
const WRITES = { max: 120, timeWindow: '1 minute' } as const;

/** What a call's reply carries as its data. */
type ReplyData<C extends CallDefinition> = z.input<C['reply']> extends { data?: infer D } ? D : never;

/**
 * A console write: the role it needs, the writes' rate limit, and the errcode reply of a success, its
 * message over the data the write answers.
 */
function registerWrite<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  operator: OperatorGuard,
  message: string | ((request: CallRequest<C>) => string),
  write: (request: CallRequest<C>) => Promise<ReplyData<C>>,
): void {
  registerCall(app, call, { auth: 'operator', operator, rateLimit: WRITES }, async (request) => {
    const errmsg = typeof message === 'string' ? message : message(request);
    return { errcode: '00', errmsg, data: await write(request) } as z.input<C['reply']>;
  });
}

interface Upload {
  fields: Record<string, string>;
  file: Buffer;
  fileName: string;
}

/**
 * The fields and the one file (Filedata) of a multipart body; the file is held in memory, bounded by
 * `maxBytes`, and never kept in part (a truncated file is refused whole).
 */
async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: string, missing: string): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('请以文件上传的方式提交');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let fileName = '';
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'Filedata' || file) {
        part.file.resume();
        continue;
      }
      file = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(tooLarge);
        throw error;
      });
      if (part.file.truncated) throw badRequest(tooLarge);
      fileName = part.filename;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  // The input guard sees JSON and form bodies only; a multipart body's text is checked here, before anything is kept.
  if (holdsUnreadableText(fields) || holdsUnreadableText(fileName)) throw badRequest(UNREADABLE_TEXT_MESSAGE);
  if (!file || file.length === 0) throw badRequest(missing);
  return { fields, file, fileName };
}

/** A file upload's cap and the messages of a file too large and of none. */
interface UploadLimits {
  maxBytes: number;
  tooLarge: string;
  missing: string;
}

/** A multipart upload of the content role (one file and a few fields), with the uploads' rate limit. */
function registerUpload(app: FastifyInstance, url: string, limits: UploadLimits, handle: (request: FastifyRequest, upload: Upload) => Promise<unknown>): void {
  app.route({
    method: 'POST',
    url,
    // The body may be the file's size and a little more for the multipart framing.
    bodyLimit: limits.maxBytes + 64 * 1024,
    config: { envelope: 'errcode', rateLimit: { max: 30, timeWindow: '1 minute' } },
    // Without a console session and the role, nothing of the body is read.
    preValidation: (request) => requireOperator(request, CONTENT),
    handler: async (request) => handle(request, await readUpload(request, limits.maxBytes, limits.tooLarge, limits.missing)),
  });
}

/**
 * An uploaded image citizens' pages show (a banner's, an article's), public as those pages. The
 * address changes whenever the image does, so it may be kept; the type is the one its bytes were
 * checked to be.
 */
function registerPublicImage(app: FastifyInstance, call: CallDefinition, find: (id: string) => Promise<{ key: string; mime: string } | null>, files: FileStorage): void {
  app.route({
    method: 'GET',
    url: call.path,
    schema: { querystring: call.body },
    config: { envelope: 'errcode', rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const found = await find((request.query as { id: string }).id);
      const stream = found ? await files.open(found.key).catch(() => null) : null;
      if (!found || !stream) throw notFound('图片不存在');
      return reply.type(found.mime).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(stream);
    },
  });
}

/**
 * The console's content management (docs/architecture.md §6) for the 内容管理员: articles with drafts and
 * publishing, the home's banners (with their images) and menu tiles; every write audited.
 */
export async function contentConsoleArea(app: FastifyInstance): Promise<void> {
  const { db, files } = app.hall;

  // Only this plugin's uploads take multipart bodies: one file (each upload sets its own cap), a few small fields.
  await app.register(multipart, {
    limits: { fileSize: DOWNLOAD_FILE_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024, fieldNameSize: 64, headerPairs: 100 },
  });

  registerCall(app, contract.listConsoleArticles, { auth: 'operator', operator: CONTENT }, async (request) => ({ errcode: '00', data: await listConsoleArticles(db, request.body) }));

  registerCall(app, contract.getConsoleArticle, { auth: 'operator', operator: CONTENT }, async (request) => ({ errcode: '00', data: await readConsoleArticle(db, request.body.id) }));

  registerWrite(app, contract.saveConsoleArticle, CONTENT, '保存成功', (request) => saveConsoleArticle(db, auditActor(request), request.body));

  registerWrite(
    app,
    contract.publishConsoleArticle,
    CONTENT,
    (request) => (request.body.publish ? '已发布' : '已撤回为草稿'),
    (request) => publishConsoleArticle(db, auditActor(request), request.body.id, request.body.publish),
  );

  registerWrite(app, contract.deleteConsoleArticle, CONTENT, '已删除', (request) => deleteConsoleArticle(db, auditActor(request), request.body.id));

  registerUpload(
    app,
    contract.uploadConsoleArticlePicture.path,
    { maxBytes: ARTICLE_PICTURE_MAX_BYTES, tooLarge: ARTICLE_PICTURE_TOO_LARGE, missing: BANNER_IMAGE_MISSING },
    async (request, { file }) => ({ errcode: '00', errmsg: '图片已上传', data: await uploadArticlePicture(db, files, auditActor(request), file) }),
  );

  registerPublicImage(app, contract.articlePicture, (id) => findArticlePicture(db, id), files);
  // The demo catalogue's material samples are article pictures: a fresh hall stores the shipped ones first.
  const missingSamples = await provideDemoMaterialSamples(db, files);
  if (missingSamples.length > 0) app.log.warn({ missing: missingSamples }, 'demo material samples missing from assets/material-samples');

  // ── Banners ──
  const bannerList = async () => ({ errcode: '00' as const, data: { items: await listConsoleBanners(db) } });
  registerCall(app, contract.listConsoleBanners, { auth: 'operator', operator: CONTENT }, bannerList);

  registerWrite(app, contract.saveConsoleBanner, CONTENT, '保存成功', (request) => saveConsoleBanner(db, auditActor(request), request.body));

  registerUpload(
    app,
    contract.uploadConsoleBannerImage.path,
    { maxBytes: BANNER_IMAGE_MAX_BYTES, tooLarge: BANNER_IMAGE_TOO_LARGE, missing: BANNER_IMAGE_MISSING },
    async (request, { fields, file }) => {
      const id = (fields.id ?? '').trim();
      if (!/^[\w-]{1,64}$/.test(id)) throw notFound(NO_DATA_MESSAGE);
      return { errcode: '00', errmsg: '图片已更换', data: await replaceBannerImage(db, files, auditActor(request), id, file) };
    },
  );

  registerWrite(app, contract.orderConsoleBanners, CONTENT, '顺序已保存', async (request) => ({ items: await orderConsoleBanners(db, auditActor(request), request.body.ids) }));

  registerWrite(app, contract.deleteConsoleBanner, CONTENT, '已删除', (request) => deleteConsoleBanner(db, files, auditActor(request), request.body.id));

  registerPublicImage(app, contract.bannerImage, (id) => findBannerImage(db, id), files);

  // ── Menus ──
  registerCall(app, contract.listConsoleMenus, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { groups: await listConsoleMenus(db) } }));

  registerWrite(app, contract.saveConsoleMenu, CONTENT, '保存成功', (request) => saveConsoleMenu(db, auditActor(request), request.body));

  registerWrite(app, contract.orderConsoleMenus, CONTENT, '顺序已保存', async (request) => ({
    groups: await orderConsoleMenus(db, auditActor(request), request.body.parentId, request.body.ids),
  }));

  registerWrite(app, contract.deleteConsoleMenu, CONTENT, '已删除', (request) => deleteConsoleMenu(db, auditActor(request), request.body.id));

  // ── Common questions and contact lines ──
  registerCall(app, contract.listConsoleQuestions, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleQuestions(db) } }));

  registerWrite(app, contract.saveConsoleQuestion, CONTENT, '保存成功', (request) => saveConsoleQuestion(db, auditActor(request), request.body));

  registerWrite(app, contract.orderConsoleQuestions, CONTENT, '顺序已保存', async (request) => ({ items: await orderConsoleQuestions(db, auditActor(request), request.body.ids) }));

  registerWrite(app, contract.deleteConsoleQuestion, CONTENT, '已删除', (request) => deleteConsoleQuestion(db, auditActor(request), request.body.id));

  registerCall(app, contract.getConsoleContact, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: await readConsoleContact(db) }));

  registerWrite(app, contract.saveConsoleContact, CONTENT, '保存成功', (request) => saveConsoleContact(db, auditActor(request), request.body.lines));

  // ── Service sites' details ──
  registerCall(app, contract.listConsoleSites, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleSites(db) } }));

  registerWrite(app, contract.saveConsoleSite, CONTENT, '保存成功', (request) => saveConsoleSite(db, auditActor(request), request.body));

  // ── Downloadable forms ──
  registerCall(app, contract.listConsoleDownloads, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleDownloads(db) } }));

  registerUpload(
    app,
    contract.uploadConsoleDownload.path,
    { maxBytes: DOWNLOAD_FILE_MAX_BYTES, tooLarge: DOWNLOAD_FILE_TOO_LARGE, missing: DOWNLOAD_FILE_MISSING },
    async (request, { fields, file, fileName }) => {
      const id = fields.id?.trim() || undefined;
      const data = await uploadConsoleDownload(db, files, app.hall.foreignPdfs, auditActor(request), { id, fileAlias: fields.fileAlias ?? '', originalName: fileName, bytes: file });
      return { errcode: '00', errmsg: id ? '文件已替换' : '上传成功', data };
    },
  );

  registerWrite(app, contract.deleteConsoleDownload, CONTENT, '已删除', (request) => deleteConsoleDownload(db, files, auditActor(request), request.body.id));

  // ── Handling guides and the materials each business asks for ──
  registerCall(app, contract.listConsoleGuides, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleGuides(db) } }));

  registerCall(app, contract.getConsoleGuide, { auth: 'operator', operator: CONTENT }, async (request) => ({ errcode: '00', data: await readConsoleGuide(db, request.body.prodefid) }));

  registerWrite(app, contract.saveConsoleGuide, CONTENT, '保存成功', (request) => saveConsoleGuide(db, auditActor(request), request.body));

  // ── The map's tile provider: a setting of the 系统管理员 (it decides which outside service citizens' phones load) ──
  registerCall(app, contract.getMapSetting, { auth: 'operator', operator: ADMIN }, async () => ({ errcode: '00', data: await readMapSetting(db) }));

  registerWrite(app, contract.saveMapSetting, ADMIN, '保存成功', (request) => saveMapSetting(db, auditActor(request), request.body));
}
