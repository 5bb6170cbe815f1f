import type { ReactNode } from 'react';
import type * as OverlayModule from './overlays';
import { defaults } from '../defaults';
import { zhCN } from '../locale/zh-CN';
import { classPrefixOf } from '../utils/class-prefix';
import './feedback.css';

const classPrefix = classPrefixOf('feedback');
const texts = zhCN.common;

export interface AlertOptions {
  /** 提示 by default; `showWarning` uses 警告. */
  title?: ReactNode;
  confirmText?: ReactNode;
}

export interface ConfirmOptions extends AlertOptions {
  cancelText?: ReactNode;
}

type Overlays = typeof OverlayModule;

/** The dialog and toast code, once loaded; before that a call waits for it. */
let overlays: Overlays | null = null;
let overlaysLoad: Promise<Overlays> | null = null;
/** Counts clearFeedback calls: a toast asked for before the code arrived is not shown after a clear. */
let clears = 0;

/**
 * Loads the dialog and toast code now. The app calls it once the first screen is up, so the first
 * alert does not wait for the network; any call here loads it too.
 */
export function preloadFeedback(): Promise<void> {
  overlaysLoad ??= import('./overlays').then((loaded) => (overlays = loaded));
  return overlaysLoad.then(() => undefined);
}

/**
 * Runs `run` with the overlays: at once when they are loaded, else when they arrive. A clear
 * before they arrived drops it, as a clear closes what is open: a toast is not shown, an alert
 * resolves, a question resolves as 取消 (`cleared`).
 */
function whenLoaded<T>(run: (loaded: Overlays) => T | Promise<T>, cleared: T): Promise<T> {
  if (overlays) return Promise.resolve(run(overlays));
  const asked = clears;
  return preloadFeedback().then(() => (asked === clears ? run(overlays!) : cleared));
}

/** The dialog's accessible name: its title, when the title is text. */
function labelOf(title: ReactNode): string | undefined {
  return typeof title === 'string' ? title : undefined;
}

/** What the alert and the question share: the kit's class, the title (提示 by default), which names the dialog, the content and the 确定 button. */
function dialogProps(content: ReactNode, options: AlertOptions) {
  const title = options.title ?? texts.alertTitle;
  return {
    className: classPrefix,
    title,
    'aria-label': labelOf(title),
    content,
    confirmText: options.confirmText ?? texts.confirm,
  };
}

/** An alert titled 提示 with one 确定 button; resolves when it is closed. */
export function showAlert(content: ReactNode, options: AlertOptions = {}): Promise<void> {
  return whenLoaded(({ Dialog }) => Dialog.alert(dialogProps(content, options)), undefined);
}

/** The same alert titled 警告, for what the user must not miss. */
export function showWarning(content: ReactNode, options: AlertOptions = {}): Promise<void> {
  return showAlert(content, { ...options, title: options.title ?? texts.warningTitle });
}

/** A question titled 提示 with 取消 and 确定; resolves true for 确定. */
export function showConfirm(content: ReactNode, options: ConfirmOptions = {}): Promise<boolean> {
  return whenLoaded(({ Dialog }) => Dialog.confirm({ ...dialogProps(content, options), cancelText: options.cancelText ?? texts.cancel }), false);
}

/** A short message; `duration` in milliseconds. */
export function showToast(content: ReactNode, duration?: number): void {
  void whenLoaded(({ Toast }) => void Toast.show({ content, duration }), undefined);
}

/** A done action (已保存, 回复成功) with the success tick. */
export function showSuccess(content: ReactNode): void {
  void whenLoaded(({ Toast }) => void Toast.show({ icon: 'success', content }), undefined);
}

/** A generic input error (spec part 3 §5): shown for 600 ms. */
export function showErrorToast(content: ReactNode): void {
  showToast(content, defaults.errorToastMs);
}

let loadingCount = 0;
let loadingToast: { close: () => void } | null = null;

/**
 * The loading toast 加载中, counted (spec part 3 §4: the loading indicator is a counter): each
 * call returns its own `hide`, and the toast goes when every caller has hidden it.
 */
export function showLoading(content: ReactNode = texts.loading): () => void {
  loadingCount += 1;
  void whenLoaded(({ Toast }) => {
    // Shown only while someone still waits: a load that ended before the code arrived shows nothing.
    if (!loadingToast && loadingCount > 0) loadingToast = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false });
  }, undefined);
  let hidden = false;
  return () => {
    if (hidden) return;
    hidden = true;
    loadingCount -= 1;
    if (loadingCount === 0) {
      loadingToast?.close();
      loadingToast = null;
    }
  };
}

/** How many callers are waiting on the loading toast. */
export function pendingLoads(): number {
  return loadingCount;
}

/** Closes every dialog and toast, e.g. when the route changes. */
export function clearFeedback(): void {
  clears += 1;
  overlays?.Dialog.clear();
  overlays?.Toast.clear();
  loadingCount = 0;
  loadingToast = null;
}
