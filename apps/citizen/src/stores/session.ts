import type { AppInfo, HallUser } from '@hall/api';
import { SessionLostError } from '@hall/api';
import { sessionAuthoriseDecision, type SessionStep } from '@hall/domain';
import { create } from 'zustand';
import { api } from '../lib/api';
import { landingUrl, oauthReturn } from '../lib/landing';

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

async function runStep(step: SessionStep): Promise<Partial<Pick<SessionState, 'appInfo' | 'user'>>> {
  switch (step) {
    case 'registerNewUser':
      return { user: (await api.newUser({})).data ?? null };
    case 'checkOldUser':
      return { user: (await api.oldUser({})).data ?? null };
    case 'refreshCookie':
      await api.refreshCookie({});
      return {};
    case 'refreshUser':
      return { user: (await api.refreshUser({})).data ?? null };
    case 'loadAppInfo':
      return { appInfo: (await api.appInfo({})).data ?? null };
    case 'loadUserInfo':
      return { user: (await api.getYhxx({ data: {} })).data ?? null };
  }
}

export const useSession = create<SessionState>((set, get) => ({
  status: 'idle',
  error: null,
  appInfo: null,
  user: null,

  bootstrap() {
    if (get().status === 'ready') return Promise.resolve();
    running ??= (async () => {
      set({ status: 'loading', error: null });
      try {
        const { code, state } = oauthReturn();
        await api.wechatItemGet({ code });
        const reply = await api.authorize({ code, state, redirect: landingUrl });
        const decision = sessionAuthoriseDecision({ message: reply.msg });
        if (decision.kind === 'clearCookiesAndRedirect') {
          set({ status: 'redirecting' });
          window.location.replace(decision.to);
          return;
        }
        let loaded: Partial<Pick<SessionState, 'appInfo' | 'user'>> = {};
        for (const step of decision.steps) loaded = { ...loaded, ...(await runStep(step)) };
        // Registration and refresh end with a session; the app and user info come after.
        if (!loaded.appInfo) loaded = { ...loaded, ...(await runStep('loadAppInfo')) };
        if (!loaded.user) loaded = { ...loaded, ...(await runStep('loadUserInfo')) };
        set({ ...loaded, status: 'ready' });
      } catch (error) {
        if (error instanceof SessionLostError) {
          set({ status: 'redirecting' });
          return;
        }
        set({ status: 'error', error: '网络连接失败，请检查网络后重试' });
      } finally {
        running = null;
      }
    })();
    return running;
  },

  async reloadUser() {
    const reply = await api.getUserInfo({ data: {} });
    if (reply.data) set({ user: reply.data });
  },
}));
