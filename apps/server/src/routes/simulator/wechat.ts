import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { users, wechatSimulatorGrants } from '../../db/schema';
import { escapeHtml, simplePage } from '../../lib/html';
import { randomId } from '../../lib/ids';

/** How long a simulated code may wait before it is exchanged, as WeChat's (5 minutes). */
const CODE_LIFETIME_MS = 5 * 60 * 1000;

const authorizeQuery = z.object({
  appid: z.string(),
  redirect_uri: z.string().url(),
  response_type: z.literal('code').default('code'),
  scope: z.string().default('snsapi_userinfo'),
  state: z.string().default(''),
});

const chooseForm = authorizeQuery.extend({
  openid: z
    .string()
    .trim()
    .min(1, '请填写 openid')
    .max(64)
    .regex(/^[\w-]+$/, 'openid 只能包含字母、数字、下划线和短横线'),
  nickname: z.string().trim().max(32).default(''),
});

/**
 * WeChat as the hall sees it, for local runs and tests: an authorize page where a person picks
 * or creates a test citizen, and the two server-to-server calls of the OAuth2 code exchange.
 * Mounted only while no real WeChat credentials are configured.
 */
export async function wechatSimulatorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.hall;

  app.get('/connect/oauth2/authorize', async (request, reply) => {
    const parsed = authorizeQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).type('text/html').send(simplePage('微信授权（模拟）', '<div class="card">授权参数有误：缺少 appid 或 redirect_uri。</div>'));
    const query = parsed.data;
    const known = await db.select({ openid: users.openid, nickname: users.nickname, name: users.name }).from(users).orderBy(desc(users.createdAt)).limit(20);
    const hidden = Object.entries(query)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`)
      .join('');
    const choices = known
      .map(
        (u) => `<form method="post" class="card">${hidden}<input type="hidden" name="openid" value="${escapeHtml(u.openid)}"><input type="hidden" name="nickname" value="${escapeHtml(u.nickname)}">
<div><b>${escapeHtml(u.nickname || u.openid)}</b>${u.name ? `（${escapeHtml(u.name)}）` : ''}</div><div class="hint">${escapeHtml(u.openid)}</div>
<button type="submit" class="secondary" data-openid="${escapeHtml(u.openid)}">以此身份登录</button></form>`,
      )
      .join('');
    return reply.type('text/html').send(
      simplePage(
        '微信授权（模拟）',
        `<div class="card hint">这是本地运行用的微信模拟器。请选择一位测试市民，或新建一位，然后授权登录不动产登记网上办事大厅。</div>
${choices}
<form method="post" class="card" id="new-citizen">${hidden}
<div><b>新建测试市民</b></div>
<label for="openid">openid</label><input id="openid" name="openid" required maxlength="64" value="citizen-${randomId(4)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}">
<label for="nickname">昵称</label><input id="nickname" name="nickname" maxlength="32" placeholder="例如：张三">
<button type="submit">同意授权并登录</button></form>`,
      ),
    );
  });

  app.post('/connect/oauth2/authorize', { config: { form: true } }, async (request, reply) => {
    const parsed = chooseForm.safeParse(request.body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? '参数有误';
      return reply
        .code(400)
        .type('text/html')
        .send(simplePage('微信授权（模拟）', `<div class="card">${escapeHtml(message)}</div>`));
    }
    const form = parsed.data;
    const code = randomId(16);
    await db.insert(wechatSimulatorGrants).values({ code, accessToken: randomId(24), openid: form.openid, nickname: form.nickname || `市民${form.openid.slice(-4)}`, scope: form.scope });
    const target = new URL(form.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', form.state);
    return reply.redirect(target.toString());
  });

  app.get('/sns/oauth2/access_token', async (request) => {
    const { code } = request.query as { code?: string };
    if (!code) return { errcode: 41008, errmsg: 'missing code' };
    // Single use and short-lived, like WeChat's: only one exchange can mark a fresh code used.
    const [grant] = await db
      .update(wechatSimulatorGrants)
      .set({ usedAt: new Date() })
      .where(and(eq(wechatSimulatorGrants.code, code), isNull(wechatSimulatorGrants.usedAt), gt(wechatSimulatorGrants.createdAt, new Date(Date.now() - CODE_LIFETIME_MS))))
      .returning();
    if (!grant) {
      const [seen] = await db.select().from(wechatSimulatorGrants).where(eq(wechatSimulatorGrants.code, code));
      return seen?.usedAt ? { errcode: 40163, errmsg: 'code been used' } : { errcode: 40029, errmsg: 'invalid code' };
    }
    return { access_token: grant.accessToken, expires_in: 7200, refresh_token: randomId(24), openid: grant.openid, scope: grant.scope };
  });

  app.get('/sns/userinfo', async (request) => {
    const { access_token: accessToken, openid } = request.query as { access_token?: string; openid?: string };
    const [grant] = accessToken ? await db.select().from(wechatSimulatorGrants).where(eq(wechatSimulatorGrants.accessToken, accessToken)) : [];
    if (!grant || grant.openid !== openid) return { errcode: 40001, errmsg: 'invalid credential' };
    return { openid: grant.openid, nickname: grant.nickname, sex: 0, province: '', city: '', country: '中国', headimgurl: '', privilege: [] };
  });
}
