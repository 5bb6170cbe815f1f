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

describe('a screen whose code cannot be downloaded', () => {
  it('says the load failed and why, and 重新加载 opens the screen once the network is back', async () => {
    const { context, page } = await hall.newPhone();
    await signIn(page, 'e2e-lost-chunk', '周小梅');
    await page.getByText('网上申请').first().waitFor();

    // The phone loses its network just as the personal centre's code is asked for.
    await page.route('**/assets/my-page-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByText('个人中心').click();
    await page.getByText('加载失败').waitFor();
    await page.getByText('网络连接失败，请检查网络后重试').waitFor();
    await screenshots('lost-chunk')(page, 'load-failed');

    await page.unroute('**/assets/my-page-*.js');
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByText('周小梅').waitFor();
    expect(new URL(page.url()).pathname).toBe('/my');
    await context.close();
  });
});
