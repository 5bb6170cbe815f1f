import { SessionLostError, SignInRefusedError, stateOk, replyMessage, type AppInfo, type HallStatistics, type HallUser } from '@hall/api/browser';
import { NETWORK_ERROR, runSessionBootstrap } from '@hall/app';
import { create } from 'zustand';
import { api, landing } from '../lib/hall';

interface ShellState {
  status: 'loading' | 'ready' | 'forbidden' | 'error';
  message: string | null;
  app: AppInfo | null;
  me: (HallUser & { roles: string[] }) | null;
  stat: HallStatistics | null;
  /** Signs in (the same bootstrap as the citizen app), then loads app, me and stat for sys_admin. */
  start(): Promise<void>;
  /** Loads the statistics again. */
  refresh(): Promise<void>;
}

export const useShell = create<ShellState>((set) => ({
  status: 'loading',
  message: null,
  app: null,
  me: null,
  stat: null,

  async start() {
    set({ status: 'loading', message: null });
    try {
      const oauth = landing.takeOauthReturn();
      const session = await runSessionBootstrap(api, { ...oauth, landingUrl: landing.url });
      if (session.kind === 'redirect') {
        window.location.replace(session.to);
        return;
      }
      const reply = await api.initAdminShell({ syscode: 'sys_admin', dbfields: ['app', 'me', 'stat'], code: oauth.code });
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

  async refresh() {
    const reply = await api.initAdminShell({ syscode: 'sys_admin', dbfields: ['stat'] });
    if (stateOk(reply) && reply.data?.stat) set({ stat: reply.data.stat });
  },
}));
