import type { FastifyInstance } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { settings } from '../../db/schema';
import { SIMULATOR_APPID } from '../../adapters/wechat/oauth';
import { sharedSecret } from '../../db/shared-secret';
import { randomId } from '../../lib/ids';
import { escapeHtml, simplePage } from '../../lib/html';
import { sentMessages } from '../../services/notifications/sent-messages';

const TOKEN_LIFETIME_S = 7200;
/** Temporary media live 3 days at WeChat. */
const MEDIA_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;
const MEDIA_KEY = (id: string) => `wechat_simulator_media:${id}`;
const TOKEN_KEY = (token: string) => `wechat_simulator_token:${token}`;

/**
 * The server API of WeChat's official account as the simulator answers it: the access token, the
 * JS-SDK ticket and temporary media. Media are put in by POST /media/upload (standing in for
 * wx.uploadImage on a phone); the simulator answers only for ids it handed out. Its state lives in
 * the settings table, so every server process answers alike.
 */
export async function wechatPlatformSimulatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  async function validToken(token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !token) return false;
    const [row] = await db
      .select()
      .from(settings)
      .where(and(eq(settings.key, TOKEN_KEY(token)), gt(settings.expiresAt, new Date())));
    return !!row;
  }

  app.get('/cgi-bin/token', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const secret = await sharedSecret(db, 'wechat_simulator_secret');
    if (query.grant_type !== 'client_credential' || query.appid !== SIMULATOR_APPID || query.secret !== secret) {
      return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' };
    }
    const token = randomId(32);
    await db.insert(settings).values({ key: TOKEN_KEY(token), value: '1', expiresAt: new Date(Date.now() + TOKEN_LIFETIME_S * 1000) });
    return { access_token: token, expires_in: TOKEN_LIFETIME_S };
  });

  app.get('/cgi-bin/ticket/getticket', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    if (!(await validToken(query.access_token))) return { errcode: 40001, errmsg: 'invalid credential' };
    if (query.type !== 'jsapi') return { errcode: 40097, errmsg: 'invalid args' };
    return { errcode: 0, errmsg: 'ok', ticket: randomId(40), expires_in: TOKEN_LIFETIME_S };
  });

  app.get('/cgi-bin/media/get', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (!(await validToken(query.access_token))) return { errcode: 40001, errmsg: 'invalid credential' };
    const [row] = query.media_id
      ? await db
          .select()
          .from(settings)
          .where(and(eq(settings.key, MEDIA_KEY(query.media_id)), gt(settings.expiresAt, new Date())))
      : [];
    if (!row) return { errcode: 40007, errmsg: 'invalid media_id' };
    const content = Buffer.from(row.value, 'base64');
    const isPng = content.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    return reply
      .type(isPng ? 'image/png' : 'image/jpeg')
      .header('content-disposition', `attachment; filename="${query.media_id}.jpg"`)
      .send(content);
  });

  const templateMessage = z.object({
    touser: z.string().min(1).max(128),
    template_id: z.string().min(1).max(128),
    url: z.string().max(2000).optional(),
    data: z.record(z.string(), z.object({ value: z.string() })),
  });
  // 模板消息 as WeChat takes it: a valid token and a well-formed message. What was sent is shown at /simulator/wechat/inbox.
  app.post('/cgi-bin/message/template/send', async (request) => {
    const query = request.query as Record<string, string | undefined>;
    if (!(await validToken(query.access_token))) return { errcode: 40001, errmsg: 'invalid credential' };
    if (!templateMessage.safeParse(request.body).success) return { errcode: 47001, errmsg: 'data format error' };
    return { errcode: 0, errmsg: 'ok', msgid: Date.now() };
  });

  const inboxQuery = z.object({ openid: z.string().trim().max(128).default('') });
  app.get('/inbox', async (request, reply) => {
    const parsed = inboxQuery.safeParse(request.query);
    const openid = parsed.success ? parsed.data.openid : '';
    const lookup = `<form method="get" class="card"><label for="openid">微信用户（openid）</label><input id="openid" name="openid" value="${escapeHtml(openid)}"><button type="submit">查看消息</button></form>`;
    const hint = '<div class="card hint">这是本地运行用的微信模拟器：办事大厅发出的微信模板消息不会真的发送，可在这里查看某个微信用户收到的消息。</div>';
    const messages = openid ? await sentMessages(db, 'wechat', { openid }) : [];
    const list = openid ? `<div class="card">${messages.length ? messages.map((message) => `<p data-notice>${escapeHtml(message.text)}</p>`).join('') : '暂无消息。'}</div>` : '';
    return reply.type('text/html').send(simplePage('微信消息（模拟）', hint + list + lookup));
  });

  const uploadBody = z.object({ base64: z.string().min(1).max(1_000_000) });
  app.post('/media/upload', async (request, reply) => {
    const parsed = uploadBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ errcode: 40004, errmsg: 'invalid media' });
    const mediaId = randomId(32);
    await db.insert(settings).values({ key: MEDIA_KEY(mediaId), value: parsed.data.base64, expiresAt: new Date(Date.now() + MEDIA_LIFETIME_MS) });
    return { type: 'image', media_id: mediaId, created_at: Math.floor(Date.now() / 1000) };
  });
}
