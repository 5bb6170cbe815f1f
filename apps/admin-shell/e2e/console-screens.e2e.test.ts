import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { entriesFor, homeTitleFor } from '../src/config/console-menu';
import { paths } from '../src/config/paths';
import { hallForFile, keepFailureEvidence, steadyScreenshots } from './hall';

const hall = hallForFile();

/**
 * Every screen of the console, as each demo account finds it, at 1280×800 and at 390×844: the home with
 * its side navigation or tab bar, each screen of the role's menu, 个人中心 and 修改密码. The harness
 * checks each with axe; the shots under artifacts/e2e/console-screens-* are what the console looks like.
 */
const ACCOUNTS = [
  { username: 'reviewer', roles: ['reviewer'] },
  { username: 'counter', roles: ['counter'] },
  { username: 'content', roles: ['content'] },
  { username: 'admin', roles: ['admin'] },
] as const;

/** A screen shown whole: its frame's title, and nothing still loading. */
async function settled(page: Page, title: string) {
  await page.locator('.hall-page-shell-header, .detail-panel__bar').getByText(title, { exact: true }).first().waitFor();
  await page.getByText('加载中').first().waitFor({ state: 'detached' });
}

/** The shot's file name of a console path: /content/articles → content-articles. */
const nameOf = (path: string) => path.replace(/^\//, '').replaceAll('/', '-') || 'home';

describe('every console screen at the desktop and the phone', () => {
  for (const device of ['desktop', 'phone'] as const) {
    it(`the sign-in on the ${device}`, async () => {
      const { context, page } = device === 'phone' ? await hall.newPhone() : await hall.newDesktop();
      keepFailureEvidence(page, `console-screens-sign-in-${device}`);
      await page.goto('/admin/');
      await page.getByRole('button', { name: '登录' }).waitFor();
      await steadyScreenshots(`console-screens-${device}`)(page, 'sign-in');
      await context.close();
    });

    for (const account of ACCOUNTS) {
      it(`${account.username}'s screens on the ${device}`, async () => {
        const { context, page } = device === 'phone' ? await hall.newPhone() : await hall.newDesktop();
        const journey = `console-screens-${device}-${account.username}`;
        keepFailureEvidence(page, journey);
        const shot = steadyScreenshots(journey);
        await page.goto('/admin/');
        await page.getByLabel('账号').fill(account.username);
        await page.getByLabel('密码').fill('demo2026hall');
        await page.getByRole('button', { name: '登录' }).click();
        await page.getByText(homeTitleFor(account.roles)).first().waitFor();
        await shot(page, 'home');
        for (const entry of entriesFor(account.roles)) {
          await page.goto(`/admin${entry.path}`);
          await page.locator('.hall-page-shell-header').first().waitFor();
          await page.getByText('加载中').first().waitFor({ state: 'detached' });
          await shot(page, nameOf(entry.path));
        }
        for (const [path, title] of [
          [paths.my, '个人中心'],
          [paths.password, '修改密码'],
        ] as const) {
          await page.goto(`/admin${path}`);
          await settled(page, title);
          await shot(page, nameOf(path));
        }
        await context.close();
      }, 300_000);
    }
  }
});
