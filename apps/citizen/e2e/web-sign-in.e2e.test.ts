import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, screenshots } from './harness';
import { measureTextFit } from './text-fit';

// The hall offers WeChat's sign-in and its own; the journeys' phones are plain Android Chrome (no MicroMessenger).
const hall = hallForFile({ env: { HALL_SIGN_IN: 'wechat,sms,password' } });
const shot = screenshots('web-sign-in');

const PHONE = '13512345678';

async function inboxCode(phone: string): Promise<string> {
  const response = await fetch(`${hall.origin}/simulator/sms/inbox?phone=${phone}&format=json`);
  return ((await response.json()) as { code: string }).code;
}

/** The screen's text holds at this width: nothing cut, nothing wider than the phone. */
async function expectTextHolds(page: Page, where: string) {
  const fit = await measureTextFit(page);
  expect(fit, where).toMatchObject({ cut: [], offscreen: [], horizontalOverflow: false });
}

describe('signing in outside WeChat', () => {
  it('a citizen on a plain Android browser is sent to 手机验证码登录, signs in by SMS code and reaches their own profile', async () => {
    const { context, page } = await hall.newPhone();
    await page.goto('/userInfo');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/userInfo');
    await page.getByRole('heading', { name: '手机验证码登录' }).waitFor();
    await shot(page, 'sms-390');
    await expectTextHolds(page, '/login 390');

    // Signing in without a code says what to do.
    await page.locator('#sms-phone').fill(PHONE);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const alert = page.getByRole('dialog');
    await alert.getByText('请输入动态验证码').waitFor();
    await alert.getByRole('button', { name: '确定' }).click();
    await alert.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: '获取验证码' }).click();
    await page
      .getByText(/\d+秒后重新获取|重新获取/)
      .first()
      .waitFor();
    await page.locator('#sms-code').fill(await inboxCode(PHONE));
    await shot(page, 'sms-filled');
    await page.getByRole('button', { name: '登录', exact: true }).click();

    // Back where the citizen was going, with the phone already theirs.
    await page.waitForURL('**/userInfo');
    await page.getByRole('heading', { name: '个人信息' }).waitFor();
    await expect.poll(() => page.locator('#profile-phone').inputValue()).toBe(PHONE);
    await shot(page, 'profile-after-sign-in');
    await context.close();
  });

  it('密码登录 and 忘记密码 hold at 390 and 320 px and in 长辈模式', async () => {
    for (const [width, elder] of [
      [390, false],
      [320, false],
      [390, true],
      [320, true],
    ] as const) {
      const { context, page } = await hall.newPhone();
      await page.setViewportSize({ width, height: 760 });
      if (elder) await context.addInitScript(() => window.localStorage.setItem('hall.elderMode', '1'));
      const label = `${width}${elder ? '-elder' : ''}`;
      await page.goto('/login');
      await page.getByRole('heading', { name: '手机验证码登录' }).waitFor();
      await expectTextHolds(page, `sms ${label}`);
      if (width === 320 || elder) await shot(page, `sms-${label}`);
      await page.getByRole('tab', { name: '密码登录' }).click();
      await page.getByRole('heading', { name: '密码登录' }).waitFor();
      await shot(page, `password-${label}`);
      await expectTextHolds(page, `password ${label}`);
      await page.getByRole('button', { name: '忘记密码' }).click();
      await page.getByRole('heading', { name: '忘记密码' }).waitFor();
      await shot(page, `reset-${label}`);
      await expectTextHolds(page, `reset ${label}`);
      await context.close();
    }
  });

  it('a wrong password is said in words, the same for an account that does not exist', async () => {
    const { context, page } = await hall.newPhone();
    await page.goto('/login');
    await page.getByRole('tab', { name: '密码登录' }).click();
    for (const account of [PHONE, '13900000000']) {
      await page.locator('#password-account').fill(account);
      await page.locator('#password-password').fill('wrong123');
      await page.getByRole('button', { name: '登录', exact: true }).click();
      const alert = page.getByRole('dialog');
      await alert.getByText('账号或密码错误，请重新输入；忘记密码可通过短信验证码重设').waitFor();
      await alert.getByRole('button', { name: '确定' }).click();
      await alert.waitFor({ state: 'detached' });
    }
    expect(page.url()).toContain('/login');
    await context.close();
  });
});
