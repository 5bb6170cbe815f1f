import { preloadFeedback } from '@hall/ui';

/**
 * Dialogs and toasts load their code on first use (@hall/ui feedback), so no first screen waits
 * for it. This loads it early enough that no alert waits either: at the user's first touch, key
 * or click, or `delayMs` after the page has loaded, whichever comes first.
 */
export function preloadFeedbackAfterFirstScreen(delayMs = 3000): void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    clearTimeout(timer);
    for (const name of events) window.removeEventListener(name, load, true);
    void preloadFeedback();
  };
  for (const name of events) window.addEventListener(name, load, { capture: true, passive: true });
  const afterLoad = () => (timer = setTimeout(load, delayMs));
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
