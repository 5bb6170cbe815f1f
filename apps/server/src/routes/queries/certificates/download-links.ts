import { contract } from '@hall/api';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { attachmentHeader, dispositionFileName } from '../../../lib/content-disposition';
import { badRequest } from '../../../lib/errors';
import { escapeHtml, simplePage } from '../../../lib/html';
import { publicOrigin } from '../../../lib/public-origin';
import { SESSION_COOKIE } from '../../../plugins/session';
import { registerCall } from '../../register-call';
import { DOWNLOAD_LINK_PATH, readDownloadLink, signDownloadLink, useDownloadLink } from '../../../services/queries/records/download-links';
import { createSignedInSession, endSession } from '../../../services/session/sessions';

/** The documents a link may name: the PDF routes that answer a citizen's own files. */
const DOCUMENT_PATHS = new Set([contract.licencePreview.path, contract.verificationPreview.path, contract.downloadPdf.path, contract.applicationReceipt.path]);

export const DOWNLOAD_LINK_MESSAGES = {
  notDocument: '该文件不支持下载',
  forged: '下载链接无效或已被修改。请回到办事大厅，在文件预览页重新点击“下载文件”获取新的链接。',
  expired: '下载链接已过期（有效期10分钟）。请回到办事大厅，在文件预览页重新点击“下载文件”获取新的链接。',
  used: '该下载链接已使用过，每个链接只能下载一次。如需再次下载，请回到办事大厅重新点击“下载文件”。',
  missing: '文件不存在或无权查看。请回到办事大厅查看查询记录，或联系登记窗口。',
  inWechat: '微信内无法直接下载文件：请点击右上角“⋯”，选择“在浏览器打开”，即可在手机浏览器中下载（链接10分钟内有效，只能使用一次）。',
} as const;

const TITLE = '下载文件';

function page(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(simplePage(TITLE, `<div class="card" role="alert">${escapeHtml(message)}</div><a class="btn" href="/">返回办事大厅</a>`, { standIn: false }));
}

/**
 * Download links (services/queries/records/download-links.ts): the citizen asks for one with the
 * session; opening it needs none. The document is read as its owner would read it, through its own
 * route with a session that lives for that one read, so the route's ownership check decides as always.
 */
export async function downloadLinkRoutes(app: FastifyInstance): Promise<void> {
  const { db, downloadLinkSecret } = app.hall;

  registerCall(app, contract.downloadLink, { auth: 'citizen', rateLimit: { max: 30, timeWindow: '1 minute' } }, async (request) => {
    const url = new URL(request.body.PDFurl, 'http://hall.invalid');
    if (url.origin !== 'http://hall.invalid' || !DOCUMENT_PATHS.has(url.pathname)) throw badRequest(DOWNLOAD_LINK_MESSAGES.notDocument);
    const token = signDownloadLink(downloadLinkSecret, request.citizen.openid, url.pathname + url.search);
    return { state: 1, data: { url: `${publicOrigin(request)}${DOWNLOAD_LINK_PATH}/${token}` } };
  });

  // A wildcard, not a :param: a token is longer than the router's longest parameter.
  app.get(`${DOWNLOAD_LINK_PATH}/*`, { schema: { params: z.object({ '*': z.string().max(2048) }) } }, async (request, reply) => {
    const token = (request.params as { '*': string })['*'];
    const check = readDownloadLink(downloadLinkSecret, token);
    if (!check.ok) return page(reply, check.reason === 'forged' ? 400 : 410, DOWNLOAD_LINK_MESSAGES[check.reason]);
    // WeChat's own browser would only use the link up without downloading: it is told how to open it outside.
    if (/MicroMessenger/i.test(request.headers['user-agent'] ?? '')) return page(reply, 200, DOWNLOAD_LINK_MESSAGES.inWechat);
    if (!(await useDownloadLink(db, check.link))) return page(reply, 410, DOWNLOAD_LINK_MESSAGES.used);

    const session = await createSignedInSession(db, check.link.openid, 'download');
    try {
      const document = await app.inject({ method: 'GET', url: check.link.path, headers: { cookie: `${SESSION_COOKIE}=${app.signCookie(session.id)}` } });
      if (document.statusCode !== 200 || !String(document.headers['content-type']).startsWith('application/pdf')) return page(reply, 404, DOWNLOAD_LINK_MESSAGES.missing);
      const name = dispositionFileName(String(document.headers['content-disposition'] ?? '')) ?? '不动产登记文件.pdf';
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(document.rawPayload);
    } finally {
      await endSession(db, session.id);
    }
  });
}
