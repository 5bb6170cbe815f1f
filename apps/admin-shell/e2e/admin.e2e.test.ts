import { describe, expect, it } from 'vitest';
import { hallForFile, screenshots } from './hall';

const hall = hallForFile();

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
    await page.getByText('审核员首页').waitFor();
    await page.getByText('待回复意见').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/');
    await page.getByRole('button', { name: /网上申请审核/ }).waitFor();
    await shot(page, 'home');
    await page.getByText('个人中心').click();
    await page.getByText('审核员').waitFor();
    await page.getByText('微信', { exact: true }).waitFor();
    await shot(page, 'my');
    await context.close();

    // The same at a desktop's width: the side navigation by role and the header with the operator and 退出登录.
    const desk = await hall.newDesktop();
    const deskShot = screenshots('admin-shell-desktop');
    await desk.page.goto('/admin/');
    await desk.page.getByRole('button', { name: '登录' }).waitFor();
    await deskShot(desk.page, 'sign-in');
    await desk.page.getByRole('link', { name: '使用微信登录' }).click();
    await desk.page.click('button[data-openid="operator-demo"]');
    await desk.page.getByText('审核员首页').waitFor();
    await desk.page.getByRole('button', { name: '退出登录' }).waitFor();
    await deskShot(desk.page, 'home');
    await desk.page.getByRole('link', { name: '个人中心' }).click();
    await desk.page.getByText('微信', { exact: true }).waitFor();
    await deskShot(desk.page, 'my');
    await desk.context.close();
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

  it('an operator binds WeChat in 个人中心, signs out, and comes back through WeChat alone', async () => {
    const { context, page } = await hall.newPhone();
    const shot = screenshots('admin-bind-wechat');
    await page.goto('/admin/');
    await page.getByLabel('账号').fill('content');
    await page.getByLabel('密码').fill('demo2026hall');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByText('内容管理员首页').waitFor();
    await page.getByText('个人中心').click();
    await page.getByText('绑定微信').click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
    await page.fill('#openid', 'e2e-content-wechat');
    await page.click('#new-citizen button[type=submit]');
    await page.waitForURL((url) => url.pathname === '/admin/my');
    await page.getByText('已绑定', { exact: true }).waitFor();
    await shot(page, 'bound');
    await page.getByText('退出登录').click();
    await page.getByRole('button', { name: '登录' }).waitFor();
    await page.getByRole('link', { name: '使用微信登录' }).click();
    await page.getByText('内容管理员首页').waitFor();
    await page.getByText('个人中心').click();
    await page.getByText('赵内容').waitFor();
    // 本次登录方式: 微信 (a password sign-in says 账号密码).
    await page.getByText('微信', { exact: true }).waitFor();
    expect(await page.getByText('账号密码', { exact: true }).count()).toBe(0);
    await shot(page, 'signed-in-with-wechat');
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
