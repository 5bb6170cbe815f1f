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
      window.scrollTo({ top: window.scrollY, behavior: 'auto' });
      document.body.scrollTop = document.body.scrollTop;
    }, 50);
  });
}
