import { isIos } from './landing';

/**
 * iOS WeChat leaves a blank gap under the page after the keyboard closes; scrolling back when an
 * input loses focus (and nothing else took it) closes the gap.
 */
export function installIosKeyboardFix(): void {
  if (!isIos()) return;
  document.addEventListener('focusout', () => {
    window.setTimeout(() => {
      const active = document.activeElement;
      if (active && ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName)) return;
      // Scrolling to where the page already is makes iOS lay the viewport out again.
      window.scrollTo(0, document.documentElement.scrollTop || document.body.scrollTop);
    }, 50);
  });
}
