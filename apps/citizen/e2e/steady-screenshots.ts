import type { Page } from 'playwright-core';
import { screenshots } from './harness';

/** antd-mobile animates with JavaScript springs, which the screenshot's own animation switch does not stop. */
const SETTLE_MS = 450;

/** Screenshots taken once dialogs, toasts and panels have finished moving. */
export function steadyScreenshots(journey: string) {
  const shot = screenshots(journey);
  return async (page: Page, name: string) => {
    await page.waitForTimeout(SETTLE_MS);
    await shot(page, name);
  };
}
