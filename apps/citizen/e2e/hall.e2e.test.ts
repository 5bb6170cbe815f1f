import { describe, expect, it } from 'vitest';
import { hallForFile, screenshots, signIn } from './harness';

const hall = hallForFile();

describe('first visit', () => {
  it('goes through the WeChat simulator to the hall home, then to the personal centre', async () => {
    const { context, page } = await hall.newPhone();
    const shot = screenshots('first-visit');
    await page.goto('/');
    await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
    await shot(page, 'wechat-simulator');
    await signIn(page, 'e2e-first-visit', '陈小华');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText('网上申请').first().waitFor();
    await page.getByText('查询服务').first().waitFor();
    await shot(page, 'hall-home');

    await page.getByText('个人中心').click();
    await page.waitForURL('**/my');
    await page.getByText('陈小华').waitFor();
    await expect(page.getByText('已实名').count()).resolves.toBe(0);
    await shot(page, 'my');

    // A reload keeps the session: no second trip to WeChat.
    await page.reload();
    await page.getByText('陈小华').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my');
    await context.close();
  });
});
