import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshots, startHall, type Hall } from './harness';

let hall: Hall;
beforeAll(async () => {
  hall = await startHall();
});
afterAll(() => hall?.close());

describe('admin shell', () => {
  it('shows its sign-in page; an operator signs in through the WeChat bound to the account and sees the hall at a glance, then the personal centre', async () => {
    const { context, page } = await hall.newPhone();
    const shot = screenshots('admin-shell');
    await page.goto('/admin/');
    await page.getByRole('button', { name: '登录' }).waitFor();
    await shot(page, 'sign-in');
    await page.getByRole('link', { name: '使用微信登录' }).click();
    await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
    await page.click('button[data-openid="operator-demo"]');
    await page.getByText('管理员首页').waitFor();
    await page.getByText('待回复意见').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/');
    await page.getByRole('button', { name: /网上申请审核/ }).waitFor();
    await shot(page, 'home');
    await page.getByText('个人中心').click();
    await page.getByText('审核员').waitFor();
    await page.getByText('微信', { exact: true }).waitFor();
    await shot(page, 'my');
    await context.close();
  });

  it('a WeChat user who is no operator is told so', async () => {
    const { context, page } = await hall.newPhone();
    await page.goto('/admin/?wechat=1');
    await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
    await page.fill('#openid', 'e2e-not-operator');
    await page.click('#new-citizen button[type=submit]');
    await page.getByText('您没有管理权限，请联系登记中心开通').waitFor();
    await context.close();
  });

  it('a wrong password is refused in words and what was typed stays', async () => {
    const { context, page } = await hall.newPhone();
    await page.goto('/admin/');
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('not-the-password1');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').getByText('账号或密码错误').waitFor();
    expect(await page.getByLabel('账号').inputValue()).toBe('admin');
    await context.close();
  });
});
