import { EMPTY_LIST_MESSAGE, contract } from '@hall/api/internal';
import type { FastifyInstance } from 'fastify';
import { provideDemoDownloadFiles } from '../../../seed/downloads';
import { registerCall } from '../../register-call';
import { listDownloads, openDownload } from '../../../services/content/public/downloads';
import { attachmentHeader } from '../../../lib/content-disposition';

/** The data downloads of spec part 3 §7 "Sites, lists and downloads": getZlxzList and index_download, both public. */
export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  const { db, files } = app.hall;
  // A fresh hall (or an emptied storage folder) gets the shipped demo files into its storage first.
  const missing = await provideDemoDownloadFiles(db, files);
  if (missing.length > 0) app.log.warn({ missing }, 'demo download files missing from assets/downloads');

  // As the article lists: an empty list is errcode 01 with the text the app shows as its empty row.
  registerCall(app, contract.getZlxzList, { auth: 'public' }, async (request) => {
    const list = await listDownloads(db, request.body.xzqdm, request.body.searchValue);
    return list.length > 0 ? { errcode: '00', data: list } : { errcode: '01', errmsg: EMPTY_LIST_MESSAGE };
  });

  const download = contract.downloadFile;
  app.route({
    method: download.method,
    url: download.path,
    schema: { querystring: download.body },
    config: { envelope: 'errcode', rateLimit: { max: 120, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const { name } = request.query as { name: string };
      const file = await openDownload(db, files, name);
      return reply
        .type(file.mime)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  });
}
