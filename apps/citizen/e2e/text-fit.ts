import type { Page } from 'playwright-core';

/** What a screen shows of its text: the texts cut off, the smallest font, horizontal overflow, the tab bar over content. */
export interface TextFit {
  /** Texts clipped by their own box (overflow hidden or an ellipsis), each as its first characters. */
  cut: string[];
  /** The smallest computed font size of any visible text, in px. */
  smallestFont: number;
  /** The page is wider than the viewport. */
  horizontalOverflow: boolean;
  /** Scrolled to the end, some text still lies under the fixed tab bar. */
  tabBarCovers: boolean;
  /** Texts whose box reaches past the right edge of the viewport. */
  offscreen: string[];
}

/**
 * Measures how a screen holds its text, e.g. with the root font size doubled (the phone's 200 % text).
 * A text counts as cut when an element with its own text clips it (its content is wider or taller than
 * its box and its overflow is not visible); antd-mobile's visually hidden helpers are left out.
 */
export async function measureTextFit(page: Page): Promise<TextFit> {
  return page.evaluate(async () => {
    const ownText = (el: Element) =>
      Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 2 && rect.height > 2 && style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    const clipped = (el: HTMLElement) => {
      const style = getComputedStyle(el);
      const clipsX = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const clipsY = style.overflowY !== 'visible' || style.webkitLineClamp !== 'none';
      return (clipsX && el.scrollWidth > el.clientWidth + 1) || (clipsY && el.scrollHeight > el.clientHeight + 1);
    };
    const texts = Array.from(document.querySelectorAll<HTMLElement>('#root *, .adm-popup *, .adm-center-popup-wrap *')).filter((el) => ownText(el) && visible(el));
    const cut = new Set<string>();
    for (const el of texts) {
      // A text cut by its own box, or by the box of a parent that only holds it.
      const box = clipped(el) ? el : el.parentElement && el.parentElement.children.length === 1 && clipped(el.parentElement) ? el.parentElement : null;
      if (box && getComputedStyle(box).position !== 'absolute') cut.add(ownText(el).slice(0, 16));
    }
    const smallestFont = Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize)));
    const width = document.documentElement.clientWidth;
    const offscreen = texts.filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.hall-banner-carousel, .adm-swiper, .adm-tabs-header')).map((el) => ownText(el).slice(0, 16));
    const horizontalOverflow = document.documentElement.scrollWidth > width + 1;

    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const tabBar = document.querySelector('.hall-tab-bar, .adm-tab-bar');
    let tabBarCovers = false;
    if (tabBar && getComputedStyle(tabBar.closest('[class]') ?? tabBar).position !== 'static') {
      const top = tabBar.getBoundingClientRect().top;
      tabBarCovers = texts.some(
        (el) => !tabBar.contains(el) && !el.closest('.adm-popup, .adm-center-popup-wrap') && el.getBoundingClientRect().bottom > top + 1 && el.getBoundingClientRect().top < window.innerHeight,
      );
    }
    window.scrollTo(0, 0);
    return { cut: [...cut], smallestFont, horizontalOverflow, tabBarCovers, offscreen: [...new Set(offscreen)] };
  });
}

/** Sets the root font size, as a phone or browser set to larger text does (200 → twice the default). */
export async function setRootFontPercent(page: Page, percent: number): Promise<void> {
  await page.evaluate((value) => {
    document.documentElement.style.fontSize = `${value}%`;
  }, percent);
  await page.waitForTimeout(300);
}
