// The session rules' own module, not the barrel: the citizen page's entry script loads what this file imports.
import { sessionAuthoriseDecision, type SessionStep } from '@hall/domain/session';
import { stateOk, replyMessage, SignInRefusedError, type AppInfo, type HallClient, type HallUser } from '@hall/api/browser';

export interface BootstrapInput {
  /** The code WeChat came back with, if any. */
  code?: string;
  state?: string;
  /** The address the page was opened at (WeChat returns there after authorising). */
  landingUrl: string;
  /**
   * Told the hall's appid as soon as the app item is loaded, before the authorise call: the public
   * reads of the first screen (the hall menu) can start alongside the rest of the bootstrap.
   */
  onAppId?: (appid: string) => void;
  /**
   * Told once the session exists (after the session steps, before the app info and the user are
   * read): the first screen's own reads can go out alongside those two instead of after them.
   */
  onSignedIn?: () => void;
}

export type BootstrapResult = { kind: 'ready'; appInfo: AppInfo | null; user: HallUser | null } | { kind: 'redirect'; to: string };

type Loaded = { appInfo?: AppInfo | null; user?: HallUser | null };

async function runStep(client: HallClient, step: SessionStep): Promise<Loaded> {
  switch (step) {
    case 'registerNewUser':
      return { user: (await client.newUser({})).data ?? null };
    case 'checkOldUser':
      return { user: (await client.oldUser({})).data ?? null };
    case 'refreshCookie':
      await client.refreshCookie({});
      return {};
    case 'refreshUser':
      return { user: (await client.refreshUser({})).data ?? null };
    case 'loadAppInfo':
      return { appInfo: (await client.appInfo({})).data ?? null };
    case 'loadUserInfo':
      return { user: (await client.getYhxx({ data: {} })).data ?? null };
  }
}

/**
 * The session bootstrap of spec part 1 §4, shared by both apps: load the app item and authorise, then
 * register (newUser) or check (oldUser) and refresh the cookie, or refresh the user, or go on
 * (noRefresh); finally the app info and the user, both at once. A lost session rejects with SessionLostError
 * after the client's onSessionLost has been told where to go; a refused sign-in with
 * SignInRefusedError and the hall's message.
 */
export async function runSessionBootstrap(client: HallClient, input: BootstrapInput): Promise<BootstrapResult> {
  // The app item and the authorise call go out together: authorise reads nothing the app item
  // answers (the hall exchanges WeChat's code in authorise), and on a slow line a returning
  // citizen's first screen then waits for one round trip fewer.
  const item = client.wechatItemGet({ code: input.code }).then((loaded) => {
    if (loaded.data?.appid) input.onAppId?.(loaded.data.appid);
  });
  const [, reply] = await Promise.all([item, client.authorize({ code: input.code, state: input.state, redirect: input.landingUrl })]);
  // A refusal is said to the citizen; going on would only send the browser back to WeChat without a word.
  if (!stateOk(reply)) throw new SignInRefusedError(replyMessage(reply));
  const decision = sessionAuthoriseDecision({ message: reply.msg });
  if (decision.kind === 'clearCookiesAndRedirect') return { kind: 'redirect', to: decision.to };
  let loaded: Loaded = {};
  for (const step of decision.steps) {
    if (step !== 'loadAppInfo' && step !== 'loadUserInfo') loaded = { ...loaded, ...(await runStep(client, step)) };
  }
  input.onSignedIn?.();
  // Registration and refresh end with a session; the app info and the user (unless a step already
  // read it) come after, together: the spec orders them after the session steps, not one after the other.
  const reads = await Promise.all([runStep(client, 'loadAppInfo'), loaded.user === undefined ? runStep(client, 'loadUserInfo') : {}]);
  loaded = Object.assign({}, loaded, ...reads) as Loaded;
  return { kind: 'ready', appInfo: loaded.appInfo ?? null, user: loaded.user ?? null };
}
