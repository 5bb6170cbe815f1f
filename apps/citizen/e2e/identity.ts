import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { ARTIFACTS, signIn, waitBackOnHall, type Hall } from './harness';
import { steadyScreenshots } from './steady-screenshots';

/** The demo registry's first certificate and its owner (apps/server/src/db/seed/content.ts). */
export const OWNER = { name: '张三', idcard: '130402198503151231', phone: '13812345678', qzh: '冀(2023)邯郸市不动产权第0012345号' };
export const PASSWORD = 'abc12345';

type Shot = (page: Page, name: string) => Promise<void>;

/** Fills the profile form on /userInfo. */
export async function fillProfile(page: Page, values: { name: string; idcard: string; phone: string }): Promise<void> {
  await page.locator('#profile-name').fill(values.name);
  await page.locator('#profile-cardnum').fill(values.idcard);
  await page.locator('#profile-phone').fill(values.phone);
}

/** Saves the profile on /userInfo through the password dialog and waits for `message`. */
export async function saveProfile(page: Page, message = '保存成功', shot?: Shot): Promise<void> {
  await page.getByRole('button', { name: '保存' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#profile-password').fill(PASSWORD);
  if (shot) await shot(page, 'password-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  const done = page.getByRole('dialog').filter({ hasText: message });
  await done.waitFor();
  if (shot) await shot(page, 'saved');
  await done.getByRole('button', { name: '确定' }).click();
  await done.waitFor({ state: 'detached' });
}

/** Presses a button of the face-check simulator and waits to be back on the hall. */
export async function answerFaceCheck(page: Page, outcome: 'pass' | 'fail' | 'fail-faceMismatch' | 'fail-liveness' | 'fail-identityMismatch', shot?: Shot): Promise<void> {
  await page.waitForURL(/\/simulator\/faceid\?BizToken=/);
  await page.locator(`button[data-outcome=${outcome}]`).waitFor();
  if (shot) await shot(page, 'face-simulator');
  await page.locator(`button[data-outcome=${outcome}]`).click();
  await waitBackOnHall(page);
}

/** Gives the citizen just signed in on /my a saved, real-name verified profile through the screens. */
export async function becomeVerified(page: Page, values: { name: string; idcard: string; phone: string } = OWNER): Promise<void> {
  // The personal centre shows once the session is settled; the profile opens from there.
  await page.getByText('账号信息').click();
  await page.waitForURL('**/userInfo');
  await page.locator('#profile-name').waitFor();
  await fillProfile(page, values);
  await saveProfile(page);
  await page.getByRole('button', { name: '立即认证' }).click();
  await answerFaceCheck(page, 'pass');
  await page.getByText('认证通过').waitFor();
  await page.getByText('已实名认证').waitFor();
}

/**
 * A new citizen of `journey` on a fresh phone profile: screenshots and failure evidence kept under the
 * journey's name, signed in through the WeChat simulator and landed on `path`.
 */
export async function citizenOnPhone(hall: Hall, journey: string, openid: string, nickname: string, path = '/my') {
  const { context, page } = await hall.newPhone();
  const shot = steadyScreenshots(journey);
  keepFailureEvidence(page, journey);
  await signIn(page, openid, nickname, path);
  return { context, page, shot };
}

/** A new citizen of `journey` on a fresh phone profile, with a saved, real-name verified profile of `values`. */
export async function verifiedCitizen(hall: Hall, journey: string, openid: string, nickname: string, values: { name: string; idcard: string; phone: string } = OWNER) {
  const citizen = await citizenOnPhone(hall, journey, openid, nickname);
  await becomeVerified(citizen.page, values);
  return citizen;
}

/**
 * Watches a journey's page: on a failure, its screen, address and console errors are kept beside
 * the screenshots (artifacts/e2e/<journey>/failure.png and failure.txt).
 */
export function keepFailureEvidence(page: Page, journey: string): void {
  const log: string[] = [];
  page.on('pageerror', (error) => log.push(`pageerror ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') log.push(`${message.type()} ${message.text()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log.push(`navigated ${frame.url()}`);
  });
  onTestFailed(async () => {
    const folder = join(ARTIFACTS, journey);
    await mkdir(folder, { recursive: true });
    await page.screenshot({ path: join(folder, 'failure.png') }).catch(() => undefined);
    await writeFile(join(folder, 'failure.txt'), `${page.url()}\n${log.join('\n')}\n`);
  });
}
