import { createHash } from 'node:crypto';
import { OIDC_CALLBACK_PATH } from '@hall/api';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIMULATOR_OIDC_CLIENT_ID, SIMULATOR_REAL_NAME_CLAIM } from '../../adapters/oidc/unified-identity';
import { sharedSecret } from '../../db/shared-secret';
import { escapeHtml, simplePage } from '../../lib/html';
import { randomId } from '../../lib/ids';

/** How long a code may wait before it is exchanged. */
const CODE_LIFETIME_MS = 5 * 60 * 1000;
const TITLE = '统一身份认证（模拟）';

const authorizeQuery = z.object({
  client_id: z.literal(SIMULATOR_OIDC_CLIENT_ID),
  redirect_uri: z
    .string()
    .url()
    .refine((uri) => new URL(uri).pathname === OIDC_CALLBACK_PATH),
  response_type: z.literal('code'),
  scope: z.string().default('openid'),
  state: z.string().min(1),
  nonce: z.string().min(1),
  code_challenge: z.string().min(43),
  code_challenge_method: z.literal('S256'),
});

const personForm = authorizeQuery.extend({
  name: z.string().trim().min(1, '请填写姓名').max(20),
  idNumber: z.string().trim().toUpperCase().min(1, '请填写身份证号').max(18),
  phone: z.string().trim().max(11).default(''),
  verified: z.string().optional(),
  cancel: z.string().optional(),
});

interface Grant {
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
  claims: Record<string, unknown>;
  createdAt: number;
}

/**
 * The province's unified identity as a demo hall sees it (demo mode, no OIDC_* settings): an OpenID
 * provider of the hall's own, with discovery, keys, a page where a person types who they are and
 * whether the province verified their real name, and the token endpoint (PKCE checked, codes used
 * once). The hall's client talks to it exactly as to the province's. Codes live in this process.
 */
export async function oidcSimulatorRoutes(app: FastifyInstance): Promise<void> {
  const secret = await sharedSecret(app.hall.db, 'oidc_simulator_secret');
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomId(8);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const issuerOf = (request: FastifyRequest) => `${request.protocol}://${request.host}/simulator/oidc`;

  app.get('/simulator/oidc/.well-known/openid-configuration', async (request) => {
    const issuer = issuerOf(request);
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: ['sub', 'name', 'id_card_number', 'phone_number', SIMULATOR_REAL_NAME_CLAIM],
    };
  });

  app.get('/simulator/oidc/jwks', async () => ({ keys: [publicJwk] }));

  app.get('/simulator/oidc/authorize', async (request, reply) => {
    const parsed = authorizeQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(400).type('text/html').send(simplePage(TITLE, '<div class="card">授权参数有误：请从办事大厅的登录页重新点击统一身份认证登录。</div>'));
    const hidden = Object.entries(parsed.data)
      .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(String(value))}">`)
      .join('');
    return reply.type('text/html').send(
      simplePage(
        TITLE,
        `<div class="card hint">这是本地运行用的统一身份认证模拟器。请填写要登录的身份，选择省统一身份认证平台是否已核验其实名，然后登录不动产登记网上办事大厅。</div>
<form method="post" class="card" id="person">${hidden}
<label for="name">姓名</label><input id="name" name="name" required maxlength="20" placeholder="例如：张三">
<label for="idNumber">身份证号</label><input id="idNumber" name="idNumber" required maxlength="18" placeholder="18位身份证号">
<label for="phone">手机号（可不填）</label><input id="phone" name="phone" maxlength="11" inputmode="numeric">
<label><input type="checkbox" name="verified" value="1" checked> 已通过省统一身份认证平台实名核验</label>
<button type="submit">同意授权并登录</button>
<button type="submit" name="cancel" value="1" class="secondary" formnovalidate>取消</button></form>`,
      ),
    );
  });

  app.post('/simulator/oidc/authorize', { config: { form: true } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const query = authorizeQuery.safeParse(body);
    if (!query.success) return reply.code(400).type('text/html').send(simplePage(TITLE, '<div class="card">授权参数有误：请从办事大厅的登录页重新点击统一身份认证登录。</div>'));
    const target = new URL(query.data.redirect_uri);
    target.searchParams.set('state', query.data.state);
    if (body.cancel) {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString());
    }
    const parsed = personForm.safeParse(body);
    if (!parsed.success) {
      return reply
        .code(400)
        .type('text/html')
        .send(simplePage(TITLE, `<div class="card">${escapeHtml(parsed.error.issues[0]?.message ?? '参数有误')}</div>`));
    }
    const form = parsed.data;
    const code = randomId(24);
    grants.set(code, {
      clientId: form.client_id,
      redirectUri: form.redirect_uri,
      nonce: form.nonce,
      challenge: form.code_challenge,
      createdAt: Date.now(),
      claims: {
        // One person, one subject: the same ID number signs in to the same account.
        sub: `sim-${createHash('sha256').update(form.idNumber).digest('hex').slice(0, 24)}`,
        name: form.name,
        id_card_number: form.idNumber,
        ...(form.phone ? { phone_number: form.phone } : {}),
        [SIMULATOR_REAL_NAME_CLAIM]: form.verified === '1',
      },
    });
    target.searchParams.set('code', code);
    return reply.redirect(target.toString());
  });

  app.post('/simulator/oidc/token', { config: { form: true } }, async (request, reply) => {
    const body = request.body as Record<string, string | undefined>;
    const [clientId, clientSecret] = basicCredentials(request.headers.authorization);
    if (clientId !== SIMULATOR_OIDC_CLIENT_ID || clientSecret !== secret) return reply.code(401).send({ error: 'invalid_client' });
    const grant = body.code ? grants.get(body.code) : undefined;
    if (body.code) grants.delete(body.code);
    const challenge = createHash('sha256')
      .update(body.code_verifier ?? '')
      .digest('base64url');
    if (!grant || Date.now() - grant.createdAt > CODE_LIFETIME_MS || grant.redirectUri !== body.redirect_uri || grant.challenge !== challenge || body.grant_type !== 'authorization_code') {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    const idToken = await new SignJWT({ ...grant.claims, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuerOf(request))
      .setAudience(grant.clientId)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    return { access_token: randomId(32), token_type: 'Bearer', expires_in: 600, id_token: idToken };
  });
}

function basicCredentials(header: string | undefined): [string, string] {
  if (!header?.startsWith('Basic ')) return ['', ''];
  const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  // client_secret_basic form-encodes both parts (RFC 6749 §2.3.1).
  return [decodeURIComponent(id.replace(/\+/g, ' ')), decodeURIComponent(secret.replace(/\+/g, ' '))];
}
