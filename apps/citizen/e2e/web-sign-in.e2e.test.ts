import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, screenshots, signIn } from './harness';
import { answerFaceCheck, becomeVerified, fillProfile, OWNER, saveProfile } from './identity';
import { submitMortgageOverHttp } from './submit-over-http';
import { measureTextFit } from './text-fit';

// The hall offers WeChat's sign-in and its own, the province's unified identity by its demo stand-in
// included; the journeys' phones are plain Android Chrome (no MicroMessenger).
const hall = hallForFile({ env: { HALL_SIGN_IN: 'wechat,sms,password,oidc' } });
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';
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

/** The widths and modes every sign-in screen is looked at in. */
const SCREENS = [
  [390, false],
  [320, false],
  [390, true],
  [320, true],
] as const;

/** A fresh phone at this width, in 长辈模式 or not, and the label of its screenshots. */
async function phoneAt(width: number, elder: boolean) {
  const { context, page } = await hall.newPhone();
  await page.setViewportSize({ width, height: 760 });
  if (elder) await context.addInitScript(() => window.localStorage.setItem('hall.elderMode', '1'));
  return { context, page, label: `${width}${elder ? '-elder' : ''}` };
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
    for (const [width, elder] of SCREENS) {
      const { context, page, label } = await phoneAt(width, elder);
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

  it('a WeChat 下载文件 link opens in a browser with no cookie at all and gives the PDF, once', async () => {
    const wechat = await hall.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      baseURL: hall.origin,
      userAgent: WECHAT_UA,
    });
    const page = await wechat.newPage();
    // Inside WeChat nothing changes: WeChat's sign-in, then the profile and the face check.
    await signIn(page, 'e2e-web-download', '下载市民', '/my');
    await becomeVerified(page, OWNER);
    const submitted = await page.request.post('/online/query/wx/zsquery', { data: { username: OWNER.name, zjh: OWNER.idcard, qzh: OWNER.qzh, xzqmc: '邯郸市', xzqdm: '130400' } });
    const id = ((await submitted.json()) as { data: { ID: string } }).data.ID;
    const preview = `/online/public/dzzz/signature/preview?id=${id}`;
    await expect.poll(async () => (await page.request.get(preview)).headers()['content-type'], { timeout: 30_000 }).toBe('application/pdf');

    await page.goto(`/PDFview?PDFurl=${encodeURIComponent(preview)}`);
    await page.getByRole('heading', { name: '文件预览' }).waitFor();
    await page.getByRole('button', { name: '下载文件' }).click();
    await page.waitForURL(/\/download\//);
    await page.getByText('在浏览器打开').first().waitFor();
    await shot(page, 'wechat-download-link');
    const link = page.url();

    // The phone's own browser: a fresh profile, no cookie.
    const outside = await hall.browser.newContext({ locale: 'zh-CN' });
    expect(await outside.cookies()).toEqual([]);
    const file = await outside.request.get(link);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''%E4%B8%8D%E5%8A%A8%E4%BA%A7/);
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Once only: opened again, the page says what to do.
    const again = await outside.newPage();
    await again.goto(link);
    await again.getByText('该下载链接已使用过').waitFor();
    await shot(again, 'download-link-used');
    await outside.close();
    await wechat.close();
  });

  it('the SMS citizen completes the profile and the face check, applies, downloads a certificate proof, and sees the same application in WeChat’s browser', async () => {
    const phone = '13512340001';
    const { context, page } = await hall.newPhone();
    await page.goto('/my');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('#sms-phone').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page
      .getByText(/\d+秒后重新获取|重新获取/)
      .first()
      .waitFor();
    await page.locator('#sms-code').fill(await inboxCode(phone));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL('**/my');

    // The profile and the face check, as for every citizen.
    await page.goto('/userInfo');
    await page.locator('#profile-name').waitFor();
    await fillProfile(page, { name: OWNER.name, idcard: OWNER.idcard, phone });
    await saveProfile(page);
    await page.getByRole('button', { name: '立即认证' }).click();
    await answerFaceCheck(page, 'pass');
    await page.getByText('已实名认证').waitFor();
    await shot(page, 'web-citizen-verified');

    // An application over the citizen's own web session, then a certificate proof PDF.
    await submitMortgageOverHttp(context.request);
    const submitted = await page.request.post('/online/query/wx/zsquery', { data: { username: OWNER.name, zjh: OWNER.idcard, qzh: OWNER.qzh, xzqmc: '邯郸市', xzqdm: '130400' } });
    const id = ((await submitted.json()) as { data: { ID: string } }).data.ID;
    const preview = `/online/public/dzzz/signature/preview?id=${id}`;
    await expect.poll(async () => (await page.request.get(preview)).headers()['content-type'], { timeout: 30_000 }).toBe('application/pdf');
    await page.goto(`/PDFview?PDFurl=${encodeURIComponent(preview)}`);
    await page.getByRole('heading', { name: '文件预览' }).waitFor();
    // Outside WeChat the button is a plain download link of the file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: '下载文件' }).click()]);
    const saved = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(saved)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.goto('/prodoing?itemIndex=1');
    const mine = page.getByRole('list', { name: '待审核的申请' }).getByRole('listitem');
    await mine.first().waitFor();
    const webList = await mine.allInnerTexts();
    expect(webList.length).toBeGreaterThan(0);

    // The same citizen opened in WeChat's browser: the session carries over, the same application shows.
    const wechat = await hall.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN', baseURL: hall.origin, userAgent: WECHAT_UA });
    await wechat.addCookies(await context.cookies());
    const inWechat = await wechat.newPage();
    await inWechat.goto('/prodoing?itemIndex=1');
    const there = inWechat.getByRole('list', { name: '待审核的申请' }).getByRole('listitem');
    await there.first().waitFor();
    expect(await there.allInnerTexts()).toEqual(webList);
    await shot(inWechat, 'same-application-in-wechat');
    await wechat.close();
    await context.close();
  });

  it('统一身份认证登录: the button on /login, the stand-in provider’s page and back signed in; it holds at 390 and 320 px and in 长辈模式', async () => {
    for (const [width, elder] of SCREENS.slice(0, 3)) {
      const { context, page, label } = await phoneAt(width, elder);
      await page.goto('/login?redirect=/my');
      const button = page.getByRole('link', { name: '统一身份认证登录' });
      await button.waitFor();
      await button.scrollIntoViewIfNeeded();
      await shot(page, `oidc-button-${label}`);
      await expectTextHolds(page, `oidc button ${label}`);
      if (width === 390 && !elder) {
        await button.click();
        await page.waitForURL(/\/simulator\/oidc\/authorize/);
        await shot(page, 'oidc-stand-in');
        // Declined on the provider's page: back on /login, saying so.
        await page.getByRole('button', { name: '取消' }).click();
        await page.getByRole('alert').getByText('您已取消统一身份认证登录，可重新登录或选择其他方式登录').waitFor();
        await shot(page, `oidc-cancelled-${label}`);
        await page.getByRole('link', { name: '统一身份认证登录' }).click();
        await page.locator('#name').fill('李四');
        await page.locator('#idNumber').fill('11010519491231002X');
        await page.getByRole('button', { name: '同意授权并登录' }).click();
        await page.waitForURL('**/my');
        // Verified by the province: the profile is filled and locked, with no face check.
        await page.goto('/userInfo');
        await page.getByText('已实名认证').waitFor();
        await page.getByText('李四').first().waitFor();
        await shot(page, 'oidc-signed-in');
      }
      await context.close();
    }
  });
});
