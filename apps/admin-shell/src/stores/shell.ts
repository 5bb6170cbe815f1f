import { SessionLostError, SignInRefusedError, errcodeOk, stateOk, replyMessage, type AppInfo, type HallStatistics, type OperatorProfile } from '@hall/api/browser';
import { NETWORK_ERROR, isWechatBrowser, runSessionBootstrap } from '@hall/app';
import { create } from 'zustand';
import { api, CONSOLE_SIGNED_OUT, landing, whenConsoleSignedOut } from '../lib/hall';

/** The query flag of a start through WeChat (the 微信登录 button, or the console opened inside WeChat). */
export const WECHAT_SIGN_IN_FLAG = 'wechat';

interface ShellState {
  status: 'loading' | 'signedOut' | 'ready' | 'forbidden' | 'error';
  message: string | null;
  app: AppInfo | null;
  me: OperatorProfile | null;
  stat: HallStatistics | null;
  /** Loads app, me and stat for sys_admin; without a console session, signs in through WeChat when asked to, else shows the sign-in page. */
  start(): Promise<void>;
  /** The sign-in page's password sign-in: answers the hall's message when refused. */
  signIn(username: string, password: string): Promise<string | null>;
  signOut(): Promise<void>;
  /** The operator changed (password changed, WeChat bound). */
  setMe(me: OperatorProfile): void;
  /** Loads the statistics again. */
  refresh(): Promise<void>;
}

/** Whether a reply says the console is not signed in (any envelope carries the errcode). */
function consoleSignedOut(reply: object): boolean {
  return (reply as { errcode?: unknown }).errcode === CONSOLE_SIGNED_OUT;
}

function wantsWechat(): boolean {
  const oauth = new URL(landing.url).searchParams;
  return isWechatBrowser() || oauth.has(WECHAT_SIGN_IN_FLAG) || oauth.has('code');
}

export const useShell = create<ShellState>((set, get) => ({
  status: 'loading',
  message: null,
  app: null,
  me: null,
  stat: null,

  async start() {
    set({ status: 'loading', message: null });
    try {
      let reply = await api.initAdminShell({ syscode: 'sys_admin', dbfields: ['app', 'me', 'stat'] });
      if (consoleSignedOut(reply) && wantsWechat()) {
        // On the phone: the WeChat sign-in of the citizen app, then the console of the operator bound to that WeChat.
        const oauth = landing.takeOauthReturn();
        const session = await runSessionBootstrap(api, { ...oauth, landingUrl: landing.url });
        if (session.kind === 'redirect') {
          window.location.replace(session.to);
          return;
        }
        reply = await api.initAdminShell({ syscode: 'sys_admin', dbfields: ['app', 'me', 'stat'], code: oauth.code });
      }
      if (consoleSignedOut(reply)) {
        set({ status: 'signedOut', me: null, stat: null });
        return;
      }
      if (!stateOk(reply) || !reply.data) {
        set({ status: 'forbidden', message: replyMessage(reply) });
        return;
      }
      set({ status: 'ready', app: reply.data.app ?? null, me: reply.data.me ?? null, stat: reply.data.stat ?? null });
    } catch (error) {
      if (error instanceof SessionLostError) return;
      set({ status: 'error', message: error instanceof SignInRefusedError ? error.message : NETWORK_ERROR });
    }
  },

  // Run by the sign-in form through submitWithFeedback (useFormSubmit), which tells a failed request as the network's.
  async signIn(username, password) {
    const reply = await api.operatorSignIn({ username, password });
    if (!errcodeOk(reply)) return replyMessage(reply);
    await get().start();
    return null;
  },

  async signOut() {
    // Not through submitWithFeedback: the console forgets the operator whatever the hall answers, and
    // the hall's session ends on its own within the hour, so a failed request has nothing to tell.
    await api.operatorSignOut({}).catch(() => undefined);
    set({ status: 'signedOut', me: null, stat: null, message: null });
  },

  setMe(me) {
    set({ me });
  },

  async refresh() {
    const reply = await api.initAdminShell({ syscode: 'sys_admin', dbfields: ['stat'] });
    if (stateOk(reply) && reply.data?.stat) set({ stat: reply.data.stat });
  },
}));

// Any call that finds the console signed out (an idle hour, a password reset elsewhere) brings the sign-in page.
whenConsoleSignedOut(() => {
  if (useShell.getState().status === 'ready') useShell.setState({ status: 'signedOut', me: null, stat: null, message: '登录已失效，请重新登录' });
});
