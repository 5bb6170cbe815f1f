import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, startHall, type Hall } from './harness';

let hall: Hall;
beforeAll(async () => {
  hall = await startHall();
});
afterAll(() => hall?.close());

describe('admin shell', () => {
  it('an operator signs in through WeChat and sees the hall at a glance, then the personal centre', async () => {
    const { context, page } = await hall.newPhone();
    const shot = screenshots('admin-shell');
    await page.goto('/admin/');
    await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
    await page.click('button[data-openid="operator-demo"]');
    await page.getByText('管理员首页').waitFor();
    await page.getByText('待回复意见').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/');
    await shot(page, 'home');
    await page.getByText('个人中心').click();
    await page.getByText('系统管理员').waitFor();
    await shot(page, 'my');
    await context.close();
  });

  it('a citizen who is no operator is told so', async () => {
    const { context, page } = await hall.newPhone();
    await page.goto('/admin/');
    await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
    await page.fill('#openid', 'e2e-not-operator');
    await page.click('#new-citizen button[type=submit]');
    await page.getByText('您没有管理权限，请联系登记中心开通').waitFor();
    await context.close();
  });
});
