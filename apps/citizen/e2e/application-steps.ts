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

/** A screen's path, or a test of the address for screens that differ by business. */
export type Landing = string | ((url: URL) => boolean);

/** 我要申请 on the guide, confirmed; waits for the screen the application opens on and answers its query. */
export async function confirmApply(page: Page, landing: Landing, shot?: Shot): Promise<URLSearchParams> {
  await page.getByRole('button', { name: '我要申请' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定要申请办理该业务吗？' });
  await confirm.waitFor();
  if (shot) await shot(page, 'apply-confirm');
  await confirm.getByRole('button', { name: '确定' }).click();
  await page.waitForURL(typeof landing === 'string' ? (url) => url.pathname === landing : landing);
  return new URL(page.url()).searchParams;
}

/** Opens the business guide at `guide` and starts an application there; answers the query of the screen it opens on. */
export async function startApplication(page: Page, guide: string, landing: Landing): Promise<URLSearchParams> {
  await page.goto(guide);
  return confirmApply(page, landing);
}

/** 我要申请 on the guide, confirmed; waits for the fill screen and answers the application id. */
export async function applyFromGuide(page: Page, screen: string, shot?: Shot): Promise<string> {
  const id = (await confirmApply(page, `/info/${screen}`, shot)).get('id');
  expect(id).toBeTruthy();
  return id!;
}

export interface PersonValues {
  name: string;
  phone: string;
  idNumber: string;
  address: string;
}

/** Fills /info/person for an individual and, optionally, a sharing mode and share. */
export async function fillPerson(page: Page, values: PersonValues, share?: { mode: string; value: string }) {
  await page.locator('#person-name').fill(values.name);
  await page.locator('#person-phone').fill(values.phone);
  await page.locator('#person-idnumber').fill(values.idNumber);
  await page.locator('#person-address').fill(values.address);
  if (share) {
    await page.getByRole('main').getByText(share.mode, { exact: true }).click();
    await page.locator('#person-share').fill(share.value);
  }
}

/** Adds a person from the fill screen's `add` button, saves, and comes back to the fill screen `screen`. */
export async function addPerson(page: Page, add: string, screen: string, values: PersonValues, share?: { mode: string; value: string }) {
  await page.getByRole('button', { name: add }).click();
  await page.waitForURL((url) => url.pathname === '/info/person');
  await page.locator('#person-name').waitFor();
  await fillPerson(page, values, share);
  await page.getByRole('button', { name: '保存' }).click();
  await acknowledge(page, '保存成功');
  await page.waitForURL((url) => url.pathname === `/info/${screen}`);
}

/** Fills the unit form with the given field values (ids unit-{field}), in their order. */
export async function fillUnit(page: Page, fields: Record<string, string>) {
  for (const [field, value] of Object.entries(fields)) await page.locator(`#unit-${field}`).fill(value);
}

/** Adds a unit with the given field values from the fill screen, saves, and comes back to the fill screen `screen`. */
export async function addUnit(page: Page, screen: string, fields: Record<string, string>, shot?: Shot) {
  await page.getByRole('button', { name: '添加不动产单元' }).click();
  await page.waitForURL((url) => url.pathname === '/info/dyxxinfo');
  await page.locator('#unit-bdcdyh').waitFor();
  await fillUnit(page, fields);
  if (shot) await shot(page, 'unit-form');
  await page.getByRole('button', { name: '保存' }).click();
  await acknowledge(page, '保存成功');
  await page.waitForURL((url) => url.pathname === `/info/${screen}`);
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

/** The 完成 step after 提交: every step done, 申请已提交 with the application number (HD…), then on to 我的申请. */
export async function finishSubmission(page: Page, shot?: Shot) {
  const result = page.getByRole('region', { name: '提交结果' });
  await result.getByText('申请已提交').waitFor();
  await result.getByText(/申请编号：HD\d+/).waitFor();
  const steps = page.getByRole('group', { name: '办理进度' });
  await expect(steps.locator('.adm-step-status-finish').count()).resolves.toBe(await steps.locator('.adm-step').count());
  await expect(steps.getByText('完成', { exact: true }).count()).resolves.toBe(1);
  if (shot) await shot(page, 'submitted');
  await result.getByRole('button', { name: '查看我的申请' }).click();
}

/** 提交 on a detail page, confirmed; the 完成 step shows the application number, then 查看我的申请 opens the list's 待审核 tab. */
export async function submitAndFindPending(page: Page, business: string, shot: Shot) {
  await page.getByRole('button', { name: '提交' }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '确定提交该申请吗？' });
  await ask.waitFor();
  await shot(page, 'submit-confirm');
  await ask.getByRole('button', { name: '确定' }).click();
  await finishSubmission(page, shot);
  await page.waitForURL((url) => url.pathname === '/prodoing' && url.searchParams.get('itemIndex') === '1');
  await expect(page.getByRole('tab', { name: '待审核' }).getAttribute('aria-selected')).resolves.toBe('true');
  const item = page.getByRole('list', { name: '待审核的申请' }).getByRole('listitem').filter({ hasText: business });
  await item.waitFor();
  await expect(item.textContent()).resolves.toMatch(/HD\d+/);
  await expect(item.textContent()).resolves.toContain('提交时间');
  await shot(page, 'pending');
}
