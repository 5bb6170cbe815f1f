import * as oidc from 'openid-client';

/**
 * The province's unified identity (统一身份认证) as an OpenID Connect provider, through openid-client:
 * discovery, the authorization code flow with PKCE (S256), state and nonce, and the ID token's issuer,
 * audience, expiry, nonce and signature (against the provider's published keys) checked before any
 * claim is read (docs/decisions/016-oidc-sign-in.md).
 */
/** The client id and the real-name claim of the hall's own stand-in provider (routes/simulator/oidc.ts, demo mode). */
export const SIMULATOR_OIDC_CLIENT_ID = 'hall-oidc-simulator';
export const SIMULATOR_REAL_NAME_CLAIM = 'real_name_verified';

export interface UnifiedIdentityConfig {
  issuer: string;
  /** The authorization address handed to the browser without its origin: the stand-in, served on the address the browser uses. */
  relativeAuthorize: boolean;
  clientId: string;
  clientSecret: string;
  scope: string;
  claims: { name: string; idNumber: string; phone: string };
  /** The claim by which the provider asserts a verified real name; none: never asserted. */
  realNameClaim?: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** What a sign-in started: the values the return must match, kept by the browser in a signed cookie. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

/** The person the provider vouches for, in the hall's words. */
export interface UnifiedIdentity {
  issuer: string;
  subject: string;
  name: string;
  idNumber: string;
  phone: string;
  /** The provider asserted that it verified this person's real name (OIDC_REAL_NAME_CLAIM). */
  realNameAsserted: boolean;
}

/**
 * unavailable: the provider did not answer (down, timed out, not an OpenID provider); rejected: it
 * answered, and the answer failed a check (a forged or foreign ID token, a wrong nonce, a used code).
 * cancelled: the person declined on the provider's page.
 */
export class UnifiedIdentityError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'rejected' | 'cancelled',
    readonly detail: string,
  ) {
    super(`unified identity ${reason}: ${detail}`);
    this.name = 'UnifiedIdentityError';
  }
}

/** Plain http is for a provider on this machine (tests, the demo stand-in); any other must be https. */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function asserted(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

export class UnifiedIdentityClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly config: UnifiedIdentityConfig) {}

  /** The provider's address and a fresh state, nonce and PKCE verifier for this browser. */
  async start(redirectUri: string): Promise<{ url: string; pending: PendingSignIn }> {
    const configuration = await this.discovered();
    const pending: PendingSignIn = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: this.config.scope,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    return { url: this.config.relativeAuthorize ? `${url.pathname}${url.search}` : url.toString(), pending };
  }

  /** The return from the provider: the code exchanged with the verifier, the ID token checked, the claims read. */
  async finish(callbackUrl: URL, pending: PendingSignIn): Promise<UnifiedIdentity> {
    if (callbackUrl.searchParams.get('error') === 'access_denied') throw new UnifiedIdentityError('cancelled', 'access_denied');
    const configuration = await this.discovered();
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      const userinfo = configuration.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub) : {};
      // The ID token's claims win over userinfo's: the token is the signed statement.
      const claims: Record<string, unknown> = { ...userinfo, ...idToken };
      const { name, idNumber, phone } = this.config.claims;
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        name: text(claims[name]),
        idNumber: text(claims[idNumber]).toUpperCase(),
        phone: text(claims[phone]).replace(/^\+86/, ''),
        realNameAsserted: this.config.realNameClaim ? asserted(claims[this.config.realNameClaim]) : false,
      };
    } catch (error) {
      throw classify(error);
    }
  }

  /** Discovery once per process; a failed one is tried again at the next sign-in. */
  private discovered(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      // No usable discovery (down, not an OpenID provider, another issuer): the provider is not there for us.
      throw error instanceof UnifiedIdentityError ? error : new UnifiedIdentityError('unavailable', describe(error));
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.config.issuer);
    const insecure = issuer.protocol === 'http:';
    if (insecure && !isLoopback(issuer)) throw new UnifiedIdentityError('unavailable', 'OIDC_ISSUER must be https');
    const configuration = await oidc.discovery(issuer, this.config.clientId, undefined, oidc.ClientSecretBasic(this.config.clientSecret), {
      timeout: Math.ceil(this.config.timeoutMs / 1000),
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      [oidc.customFetch]: this.config.fetch,
    });
    configuration.timeout = Math.ceil(this.config.timeoutMs / 1000);
    // The ID token comes straight from the token endpoint; its signature is checked all the same.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }
}

/** A network failure is the provider being away; anything the library refused is a rejection. */
function classify(error: unknown): UnifiedIdentityError {
  if (error instanceof UnifiedIdentityError) return error;
  const detail = describe(error);
  const network = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || /fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|ETIMEDOUT|socket/i.test(detail));
  if (network || (error instanceof oidc.ResponseBodyError && error.status >= 500)) return new UnifiedIdentityError('unavailable', detail);
  return new UnifiedIdentityError('rejected', detail);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.name}: ${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}
