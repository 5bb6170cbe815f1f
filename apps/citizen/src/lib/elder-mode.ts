import { create } from 'zustand';
import { errcodeOk } from '@hall/api/browser';
import { api } from './api';

/**
 * 长辈模式 (elder mode): larger text and tap targets, high contrast, simpler tiles. The choice is
 * the citizen's, kept on the server with them (setElderMode) and in localStorage too, so the very
 * first paint, before the session resolves, already has it. The theme reads the root's
 * data-hall-mode="elder".
 */
const STORAGE_KEY = 'hall.elderMode';

export const ELDER_MODE_FAILED = '长辈模式设置未保存，请检查网络后重试';

function stored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Shows the mode on the page at once and remembers it in this browser. */
function apply(on: boolean): void {
  const root = document.documentElement;
  if (on) root.dataset.hallMode = 'elder';
  else delete root.dataset.hallMode;
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? '1' : '0');
  } catch {
    // Private mode without storage: the server still keeps the choice.
  }
}

interface ElderModeState {
  on: boolean;
  saving: boolean;
  /** The server's stored choice, once the session has the user. */
  adopt(on: boolean | undefined): void;
  /** Turns the mode on or off at once and stores it with the citizen; false when the server refused. */
  change(on: boolean): Promise<boolean>;
}

export const useElderMode = create<ElderModeState>((set, get) => ({
  on: stored(),
  saving: false,
  adopt(on) {
    if (on === undefined || get().saving) return;
    apply(on);
    set({ on });
  },
  async change(on) {
    const before = get().on;
    apply(on);
    set({ on, saving: true });
    try {
      const reply = await api.setElderMode({ data: { elderMode: on } });
      if (!errcodeOk(reply)) throw new Error(reply.errmsg);
      set({ saving: false });
      return true;
    } catch {
      apply(before);
      set({ on: before, saving: false });
      return false;
    }
  },
}));

// Before the first render: the mode this browser last had.
apply(useElderMode.getState().on);

/** The mode and a toggle that says so when the server did not keep the change. */
export function useElderModeToggle() {
  const { on, saving, change } = useElderMode();
  const toggle = async (next: boolean) => {
    if (await change(next)) return;
    // Loaded on failure only, so the hall home's first load stays without the kit's dialogs.
    const { showErrorToast } = await import('@hall/ui/feedback');
    showErrorToast(ELDER_MODE_FAILED);
  };
  return { on, saving, toggle };
}
