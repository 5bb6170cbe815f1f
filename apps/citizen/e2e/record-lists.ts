import type { Page } from 'playwright-core';

/**
 * Records resolve in the background: refresh the list (the header's 刷新 icon) until its newest row's
 * state label reads `label`. Answers the labels seen on the way, in order.
 */
export async function waitForNewestRecord(page: Page, label: string, list = '.hall-records__list'): Promise<string[]> {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const newest = page.locator(`${list} li`).first();
    await newest.waitFor();
    const state = (await newest.locator('.hall-record-state').textContent())?.trim() ?? '';
    if (seen.at(-1) !== state) seen.push(state);
    if (state === label) return seen;
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: '刷新' }).click();
  }
  throw new Error(`the newest record never showed ${label}; saw ${seen.join(', ')}`);
}
