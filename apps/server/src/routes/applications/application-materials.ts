import { MATERIAL_IMAGE_MAX_BYTES, contract } from '@hall/api/internal';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeOf } from '../../lib/envelope';
import { registerPictureRoute } from '../picture-route';
import { registerCall } from '../register-call';
import { firmLimit } from '../../plugins/rate-limits';
import { refuseOthersPayload } from '../../plugins/session';
import { requireVerifiedCitizen } from '../../plugins/real-name-gate';
import { PICTURE_NOT_FOUND, deletePicture, findOwnedMaterialFile, listMaterials, savePicture } from '../../services/applications/material-files';
import { createWxConfig } from '../../services/session/wx-config';
import { requireStatementTarget } from '../../services/applications/statements';

/**
 * The materials of a citizen's application (spec part 2 §2 upload, §7): the list with attachments,
 * adding a picture (base64 or a WeChat media id), deleting one, and showing one to its owner.
 */
export async function applicationMaterialRoutes(app: FastifyInstance): Promise<void> {
  const { db, files, wechatPlatform } = app.hall;

  registerCall(app, contract.getUploadType, { auth: 'citizen' }, async (request) => ({
    errcode: '00',
    data: { datuminstInfo: await listMaterials(db, request.citizen.openid, request.body.slsqId) },
  }));

  // Registered by hand for its own body limit: a base64 picture is larger than the hall's 1 MB default.
  const upload = contract.savePicFromWXServer;
  app.route({
    method: upload.method,
    url: upload.path,
    bodyLimit: Math.ceil(MATERIAL_IMAGE_MAX_BYTES * 1.4) + 64 * 1024,
    schema: { body: upload.body, response: { 200: upload.reply } },
    config: { envelope: envelopeOf(upload.reply), form: true, rateLimit: firmLimit(60, '1 minute') },
    preValidation: requireVerifiedCitizen,
    preHandler: async (request) => {
      refuseOthersPayload(request, request.body);
    },
    handler: async (request: FastifyRequest) => {
      const body = request.body as z.output<typeof upload.body>;
      // A rendered statement (addgsgg 'true', part 3 §7) goes only to a statement template of the citizen's case.
      await requireStatementTarget(db, request.citizen.openid, body);
      const attachment = await savePicture({ db, files, wechat: wechatPlatform, quotaBytes: app.hall.env.HALL_CITIZEN_QUOTA_BYTES, log: request.log }, request.citizen.openid, {
        materialId: body.datuminstId?.trim() || body.materialId?.trim() || '',
        base64: body.base64,
        serverId: body.serverId,
      });
      return { errcode: '00', errmsg: '上传成功', data: attachment };
    },
  });

  registerCall(app, contract.delSinglePic, { auth: 'verified', rateLimit: { max: 120, timeWindow: '1 minute' } }, async (request) => {
    await deletePicture(db, files, request.citizen.openid, request.body.fileid, request.log);
    return { errcode: '00', errmsg: '删除成功' };
  });

  registerPictureRoute(app, {
    call: contract.materialFile,
    files,
    missing: PICTURE_NOT_FOUND,
    find: (request, id) => findOwnedMaterialFile(db, request.citizen.openid, id),
  });

  // Public: the page may ask before the session is back; the signature only works on the hall's JS-safe domain.
  registerCall(app, contract.createWxConfig, { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, async (request) => ({
    stat: 1,
    data: await createWxConfig(wechatPlatform, request.body.url, request.log),
  }));
}
