import { SessionLostError, SignInRefusedError, type AppInfo, type HallUser } from '@hall/api/browser';
import { NETWORK_ERROR } from '@hall/app';
import { create } from 'zustand';
import { api } from '../lib/api';
import { useElderMode } from '../lib/elder-mode';
import { sessionBootstrap } from '../lib/session-start';

type Status = 'idle' | 'loading' | 'ready' | 'error' | 'redirecting';

interface SessionState {
  status: Status;
  error: string | null;
  appInfo: AppInfo | null;
  user: HallUser | null;
  /** The session bootstrap of spec part 1 §4; safe to call more than once (runs once at a time). */
  bootstrap(): Promise<void>;
  /** Reads the user again (after a profile save or a face check). */
  reloadUser(): Promise<void>;
}

let running: Promise<void> | null = null;

export const useSession = create<SessionState>((set, get) => ({
  status: 'idle',
  error: null,
  appInfo: null,
  user: null,

  bootstrap() {
    // Once the page is on its way to WeChat (or to sign in again), a second run must not start:
    // its authorise call would set a new state cookie, and the code WeChat brings back with the
    // first run's state would then be refused (登录校验未通过).
    if (get().status === 'ready' || get().status === 'redirecting') return Promise.resolve();
    running ??= (async () => {
      set({ status: 'loading', error: null });
      try {
        const result = await sessionBootstrap();
        if (result.kind === 'redirect') {
          set({ status: 'redirecting' });
          window.location.replace(result.to);
          return;
        }
        set({ appInfo: result.appInfo, user: result.user, status: 'ready' });
        useElderMode.getState().adopt(result.user?.elderMode);
      } catch (error) {
        if (error instanceof SessionLostError) {
          set({ status: 'redirecting' });
          return;
        }
        set({ status: 'error', error: error instanceof SignInRefusedError ? error.message : NETWORK_ERROR });
      } finally {
        running = null;
      }
    })();
    return running;
  },

  async reloadUser() {
    const reply = await api.getUserInfo({ data: {} });
    if (reply.data) {
      set({ user: reply.data });
      useElderMode.getState().adopt(reply.data.elderMode);
    }
  },
}));
