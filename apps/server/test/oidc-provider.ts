import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** A person the test provider knows, by subject: the claims it hands out about them. */
export interface ProviderPerson {
  name: string;
  id_card_number?: string;
  phone_number?: string;
  real_name_verified?: boolean;
}

/** What the provider does to the next token answer: a test's hostile or broken provider. */
export type TokenTampering = ((claims: Record<string, unknown>) => Record<string, unknown>) & { foreignKey?: boolean };

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, ProviderPerson>;
  /** Changes the ID token of the next token answer, signed again with the provider's key (or a foreign one). */
  tamperNextIdToken(change: TokenTampering): void;
  /** Changes the nonce of the next authorization request before the provider reads it. */
  swapNextNonce(nonce: string): void;
  /** Walks a browser through the provider's pages as `subject`: from the authorization address to the hall's return address. */
  authorize(authorizationUrl: string, subject: string): Promise<URL>;
  stop(): Promise<void>;
  /** Listens again on the same port after stop (the provider coming back). */
  restart(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, started by the test itself: discovery,
 * keys, the authorization code flow with PKCE required, ID tokens carrying the profile claims. Its
 * login page is a test's decision: `authorize` signs the given subject in and consents.
 */
export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: 'province-1', alg: 'RS256', use: 'sig' };
  const people = new Map<string, ProviderPerson>();
  const clientId = 'bdc-hall';
  const clientSecret = 'bdc-hall-secret-0123456789';
  let server: Server;
  let port = 0;
  let tamper: TokenTampering | null = null;
  let nonceSwap: string | null = null;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => void handle(req, res));
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'id_card_number', 'phone_number', 'real_name_verified'] },
    // The claims go into the ID token itself, as the province's provider does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-provider-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
  });
  const callback = provider.callback();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, issuer);
    if (url.pathname === '/auth' && nonceSwap) {
      url.searchParams.set('nonce', nonceSwap);
      nonceSwap = null;
      req.url = `${url.pathname}${url.search}`;
    }
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (interaction) {
      const subject = url.searchParams.get('subject')!;
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: subject, clientId: details.params.client_id as string });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: subject }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return;
    }
    if (url.pathname === '/token' && tamper) {
      const change = tamper;
      tamper = null;
      await rewriteIdToken(res, change);
    }
    callback(req, res);
  }

  /** Catches the token answer on its way out and replaces its ID token. */
  async function rewriteIdToken(res: ServerResponse, change: TokenTampering) {
    const key = change.foreignKey ? (await generateKeyPair('RS256')).privateKey : privateKey;
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    let body = '';
    res.write = ((chunk: unknown) => {
      body += String(chunk);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk) body += String(chunk);
      void (async () => {
        const answer = JSON.parse(body) as { id_token?: string };
        if (answer.id_token) {
          const claims = change({ ...decodeJwt(answer.id_token) });
          answer.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: signingKey.kid }).sign(key);
        }
        const text = JSON.stringify(answer);
        res.setHeader('content-length', Buffer.byteLength(text));
        end(text);
      })();
      return res;
    }) as typeof res.end;
  }

  async function authorize(authorizationUrl: string, subject: string): Promise<URL> {
    const jar = new Map<string, string>();
    let next = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next;
      if (/^\/interaction\/[^/]+$/.test(next.pathname)) next.searchParams.set('subject', subject);
      const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; ') } });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} at ${next.pathname}: ${await response.text()}`);
      next = new URL(location, next);
    }
    throw new Error('the provider redirected too often');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    swapNextNonce: (nonce) => {
      nonceSwap = nonce;
    },
    authorize,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    restart: listen,
  };
}
