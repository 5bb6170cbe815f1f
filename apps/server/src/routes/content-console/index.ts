import multipart from '@fastify/multipart';
import {
  BANNER_IMAGE_MAX_BYTES,
  BANNER_IMAGE_MISSING,
  BANNER_IMAGE_TOO_LARGE,
  DOWNLOAD_FILE_MAX_BYTES,
  DOWNLOAD_FILE_MISSING,
  DOWNLOAD_FILE_TOO_LARGE,
  NO_DATA_MESSAGE,
  UNREADABLE_TEXT_MESSAGE,
  contract,
} from '@hall/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../lib/errors';
import { registerCall } from '../../lib/register-call';
import { auditActor, requireOperator } from '../../plugins/operator-session';
import { deleteConsoleBanner, findBannerImage, listConsoleBanners, orderConsoleBanners, replaceBannerImage, saveConsoleBanner } from '../../services/content-console/banners';
import {
  deleteConsoleQuestion,
  listConsoleQuestions,
  orderConsoleQuestions,
  readConsoleContact,
  readMapSetting,
  saveConsoleContact,
  saveConsoleQuestion,
  saveMapSetting,
} from '../../services/content-console/hall-info';
import { listConsoleSites, saveConsoleSite } from '../../services/content-console/sites';
import { listConsoleGuides, readConsoleGuide, saveConsoleGuide } from '../../services/content-console/guides';
import { deleteConsoleDownload, listConsoleDownloads, uploadConsoleDownload } from '../../services/content-console/downloads';
import { deleteConsoleMenu, listConsoleMenus, orderConsoleMenus, saveConsoleMenu } from '../../services/content-console/menus';
import { deleteConsoleArticle, listConsoleArticles, publishConsoleArticle, readConsoleArticle, saveConsoleArticle } from '../../services/content-console/articles';
import { holdsUnreadableText } from '../../plugins/input-guard';

const CONTENT = { role: 'content' } as const;
const ADMIN = { role: 'admin' } as const;
const WRITES = { max: 120, timeWindow: '1 minute' } as const;

/**
 * The fields and the one file (Filedata) of a multipart body; the file is held in memory, bounded by
 * `maxBytes`, and never kept in part (a truncated file is refused whole).
 */
async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: string, missing: string): Promise<{ fields: Record<string, string>; file: Buffer; fileName: string }> {
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

/**
 * The console's content management (DESIGN.md §10) for the 内容管理员: articles with drafts and
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

  registerCall(app, contract.saveConsoleArticle, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleArticle(db, auditActor(request), request.body),
  }));

  registerCall(app, contract.publishConsoleArticle, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: request.body.publish ? '已发布' : '已撤回为草稿',
    data: await publishConsoleArticle(db, auditActor(request), request.body.id, request.body.publish),
  }));

  registerCall(app, contract.deleteConsoleArticle, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '已删除',
    data: await deleteConsoleArticle(db, auditActor(request), request.body.id),
  }));

  // ── Banners ──
  const bannerList = async () => ({ errcode: '00' as const, data: { items: await listConsoleBanners(db) } });
  registerCall(app, contract.listConsoleBanners, { auth: 'operator', operator: CONTENT }, bannerList);

  registerCall(app, contract.saveConsoleBanner, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleBanner(db, app.publicContent, auditActor(request), request.body),
  }));

  app.route({
    method: 'POST',
    url: contract.uploadConsoleBannerImage.path,
    // The body may be the image's size and a little more for the multipart framing.
    bodyLimit: BANNER_IMAGE_MAX_BYTES + 64 * 1024,
    config: { envelope: 'errcode', rateLimit: { max: 30, timeWindow: '1 minute' } },
    // Without a console session and the role, nothing of the body is read.
    preValidation: (request) => requireOperator(request, CONTENT),
    handler: async (request) => {
      const { fields, file } = await readUpload(request, BANNER_IMAGE_MAX_BYTES, BANNER_IMAGE_TOO_LARGE, BANNER_IMAGE_MISSING);
      const id = (fields.id ?? '').trim();
      if (!/^[\w-]{1,64}$/.test(id)) throw notFound(NO_DATA_MESSAGE);
      return { errcode: '00', errmsg: '图片已更换', data: await replaceBannerImage(db, files, app.publicContent, auditActor(request), id, file) };
    },
  });

  registerCall(app, contract.orderConsoleBanners, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '顺序已保存',
    data: { items: await orderConsoleBanners(db, app.publicContent, auditActor(request), request.body.ids) },
  }));

  registerCall(app, contract.deleteConsoleBanner, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '已删除',
    data: await deleteConsoleBanner(db, files, app.publicContent, auditActor(request), request.body.id),
  }));

  const image = contract.bannerImage;
  app.route({
    method: image.method,
    url: image.path,
    schema: { querystring: image.body },
    config: { envelope: 'errcode', rateLimit: { max: 600, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const found = await findBannerImage(db, (request.query as { id: string }).id);
      const stream = found ? await files.open(found.key).catch(() => null) : null;
      if (!found || !stream) throw notFound('图片不存在');
      // The address carries the image's version, so it may be kept; the type is the one its bytes were checked to be.
      return reply.type(found.mime).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(stream);
    },
  });

  // ── Menus ──
  registerCall(app, contract.listConsoleMenus, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { groups: await listConsoleMenus(db) } }));

  registerCall(app, contract.saveConsoleMenu, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleMenu(db, app.publicContent, auditActor(request), request.body),
  }));

  registerCall(app, contract.orderConsoleMenus, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '顺序已保存',
    data: { groups: await orderConsoleMenus(db, app.publicContent, auditActor(request), request.body.parentId, request.body.ids) },
  }));

  registerCall(app, contract.deleteConsoleMenu, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '已删除',
    data: await deleteConsoleMenu(db, app.publicContent, auditActor(request), request.body.id),
  }));

  // ── Common questions and contact lines ──
  registerCall(app, contract.listConsoleQuestions, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleQuestions(db) } }));

  registerCall(app, contract.saveConsoleQuestion, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleQuestion(db, auditActor(request), request.body),
  }));

  registerCall(app, contract.orderConsoleQuestions, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '顺序已保存',
    data: { items: await orderConsoleQuestions(db, auditActor(request), request.body.ids) },
  }));

  registerCall(app, contract.deleteConsoleQuestion, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '已删除',
    data: await deleteConsoleQuestion(db, auditActor(request), request.body.id),
  }));

  registerCall(app, contract.getConsoleContact, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: await readConsoleContact(db) }));

  registerCall(app, contract.saveConsoleContact, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleContact(db, auditActor(request), request.body.lines),
  }));

  // ── Service sites' details ──
  registerCall(app, contract.listConsoleSites, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleSites(db) } }));

  registerCall(app, contract.saveConsoleSite, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleSite(db, auditActor(request), request.body),
  }));

  // ── Downloadable forms ──
  registerCall(app, contract.listConsoleDownloads, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleDownloads(db) } }));

  app.route({
    method: 'POST',
    url: contract.uploadConsoleDownload.path,
    bodyLimit: DOWNLOAD_FILE_MAX_BYTES + 64 * 1024,
    config: { envelope: 'errcode', rateLimit: { max: 30, timeWindow: '1 minute' } },
    preValidation: (request) => requireOperator(request, CONTENT),
    handler: async (request) => {
      const { fields, file, fileName } = await readUpload(request, DOWNLOAD_FILE_MAX_BYTES, DOWNLOAD_FILE_TOO_LARGE, DOWNLOAD_FILE_MISSING);
      const id = fields.id?.trim() || undefined;
      const data = await uploadConsoleDownload(db, files, auditActor(request), { id, fileAlias: fields.fileAlias ?? '', originalName: fileName, bytes: file });
      return { errcode: '00', errmsg: id ? '文件已替换' : '上传成功', data };
    },
  });

  registerCall(app, contract.deleteConsoleDownload, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '已删除',
    data: await deleteConsoleDownload(db, files, auditActor(request), request.body.id),
  }));

  // ── Handling guides and the materials each business asks for ──
  registerCall(app, contract.listConsoleGuides, { auth: 'operator', operator: CONTENT }, async () => ({ errcode: '00', data: { items: await listConsoleGuides(db) } }));

  registerCall(app, contract.getConsoleGuide, { auth: 'operator', operator: CONTENT }, async (request) => ({ errcode: '00', data: await readConsoleGuide(db, request.body.prodefid) }));

  registerCall(app, contract.saveConsoleGuide, { auth: 'operator', operator: CONTENT, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveConsoleGuide(db, auditActor(request), request.body),
  }));

  // ── The map's tile provider: a setting of the 系统管理员 (it decides which outside service citizens' phones load) ──
  registerCall(app, contract.getMapSetting, { auth: 'operator', operator: ADMIN }, async () => ({ errcode: '00', data: await readMapSetting(db) }));

  registerCall(app, contract.saveMapSetting, { auth: 'operator', operator: ADMIN, rateLimit: WRITES }, async (request) => ({
    errcode: '00',
    errmsg: '保存成功',
    data: await saveMapSetting(db, auditActor(request), request.body),
  }));
}
