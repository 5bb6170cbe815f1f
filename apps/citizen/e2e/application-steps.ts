import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { png } from './png';

/** Steps of the application flow that several journeys take the same way. */

export type Shot = (page: Page, name: string) => Promise<void>;

const COLOURS: [number, number, number][] = [
  [220, 60, 60],
  [60, 140, 220],
  [60, 180, 90],
  [200, 150, 40],
];

/** Presses 确定 on the dialog that says `text`. */
export async function acknowledge(page: Page, text: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: '确定' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** 我要申请 on the guide, confirmed; waits for the fill screen and answers the application id. */
export async function applyFromGuide(page: Page, screen: string, shot?: Shot): Promise<string> {
  await page.getByRole('button', { name: '我要申请' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定要申请办理该业务吗？' });
  await confirm.waitFor();
  if (shot) await shot(page, 'apply-confirm');
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.waitForURL((url) => url.pathname === `/info/${screen}`);
  const id = new URL(page.url()).searchParams.get('id');
  expect(id).toBeTruthy();
  return id!;
}

/** On /upload: a picture for every starred material, then 下一步 to the detail route. Answers the starred names. */
export async function uploadRequired(page: Page, detailRoute: string, shot: Shot): Promise<string[]> {
  await page.getByRole('heading', { name: '资料上传' }).waitFor();
  const sections = page.locator('section.hall-upload__material');
  await sections.first().waitFor();
  const starred = await sections.evaluateAll((nodes) => nodes.filter((node) => node.querySelector('.hall-upload__star')).map((node) => node.getAttribute('aria-label') ?? ''));
  expect(starred.length).toBeGreaterThan(0);
  await shot(page, 'upload-empty');
  for (const [index, material] of starred.entries()) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `上传${material}` }).click();
    await (await chooser).setFiles({ name: 'picture.png', mimeType: 'image/png', buffer: png(COLOURS[index % COLOURS.length]!) });
    await page.getByRole('button', { name: `查看${material}第1张` }).waitFor();
  }
  await shot(page, 'upload-done');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.waitForURL((url) => url.pathname === detailRoute);
  const card = page.getByRole('region', { name: '申请材料' });
  for (const material of starred) await card.getByRole('img', { name: `${material}第1张` }).waitFor();
  return starred;
}

/** 提交 on a detail page, confirmed; lands on the list's 待审核 tab with the business and an acceptance number. */
export async function submitAndFindPending(page: Page, business: string, shot: Shot) {
  await page.getByRole('button', { name: '提交' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '确定提交该申请吗？' });
  await ask.waitFor();
  await shot(page, 'submit-confirm');
  await ask.getByRole('button', { name: '确定' }).click();
  await page.waitForURL((url) => url.pathname === '/prodoing' && url.searchParams.get('itemIndex') === '1');
  await expect(page.getByRole('tab', { name: '待审核' }).getAttribute('aria-selected')).resolves.toBe('true');
  const item = page.getByRole('list', { name: '待审核的申请' }).getByRole('listitem').filter({ hasText: business });
  await item.waitFor();
  await expect(item.textContent()).resolves.toMatch(/HD\d+/);
  await expect(item.textContent()).resolves.toContain('提交时间');
  await shot(page, 'pending');
}
