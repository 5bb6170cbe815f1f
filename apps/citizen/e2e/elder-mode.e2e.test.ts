import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { applyFromGuide } from './application-steps';
import { hallForFile, screenshots, signIn } from './harness';
import { keepFailureEvidence, verifiedCitizen } from './identity';
import { measureTextFit, setRootFontPercent } from './text-fit';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';
/** The guide of a 700+23 application, whose fill screen is /info/infofillydy. */
const GUIDE = `/apply?${new URLSearchParams({ id: 'pd-700-23', name: BUSINESS, djlx: '700', qllx: '23', code: 'YDYDJ', appointment: '0' })}`;
/** MIIT's 适老化 rules: body text at least 18 px, tap targets at least 48 px. */
const LEAST_TEXT_PX = 18;
const LEAST_TAP_PX = 48;

const elderOn = (page: Page) => page.evaluate(() => document.documentElement.dataset.hallMode === 'elder');

/** The screen's text holds: nothing cut, nothing wider than the phone, nothing under the tab bar. */
async function expectTextHolds(page: Page, where: string) {
  const fit = await measureTextFit(page);
  console.log(`${where}: ${fit.cut.length} texts cut, smallest font ${fit.smallestFont}px, horizontal overflow ${fit.horizontalOverflow}, tab bar covers ${fit.tabBarCovers}`);
  expect(fit, where).toMatchObject({ cut: [], offscreen: [], horizontalOverflow: false, tabBarCovers: false });
  return fit;
}

/** The height of every element matching `selector` on the screen. */
const heightsOf = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));

describe('长辈模式 (elder mode)', () => {
  it('switched on in /my, it is kept with the citizen and shows on the hall home, /my, the profile, a fill screen and /prodoing', async () => {
    const { page, shot } = await verifiedCitizen(hall, 'elder-mode', 'e2e-elder', '王大爷');

    // /my: the switch, off at first; on, the page grows at once and the server keeps the choice.
    await page.goto('/my');
    const toggle = page.getByRole('switch', { name: '长辈模式' });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
    expect(await elderOn(page)).toBe(false);
    const saved = page.waitForResponse((r) => r.url().endsWith('/online/wx/apilist/setElderMode'));
    await toggle.click();
    expect((await (await saved).json()) as unknown).toMatchObject({ errcode: '00', data: { elderMode: true } });
    expect(await elderOn(page)).toBe(true);
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await shot(page, 'elder-my');
    const my = await expectTextHolds(page, 'elder /my');
    expect(my.smallestFont).toBeGreaterThanOrEqual(LEAST_TEXT_PX);
    for (const height of await heightsOf(page, '.adm-list-item, .adm-tab-bar-item')) expect(height).toBeGreaterThanOrEqual(LEAST_TAP_PX);

    // A later visit with this browser's memory gone: the server's stored choice brings it back.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/');
    await page.locator('.hall-menu-group-tile').first().waitFor();
    await expect.poll(() => elderOn(page)).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('hall.elderMode'))).toBe('1');

    // The hall home: one tile a row, 48 px or more each, the banner still until turned by hand.
    await shot(page, 'elder-home');
    const home = await expectTextHolds(page, 'elder /');
    expect(home.smallestFont).toBeGreaterThanOrEqual(LEAST_TEXT_PX);
    const tiles = page.locator('.hall-menu-group-tile');
    const lefts = await tiles.evaluateAll((els) => [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(1);
    for (const height of await heightsOf(page, '.hall-menu-group-tile')) expect(height).toBeGreaterThanOrEqual(LEAST_TAP_PX);
    const bannerAt = () => page.locator('.hall-banner-carousel-track').evaluate((el) => getComputedStyle(el).transform);
    const before = await bannerAt();
    await page.waitForTimeout(3_600);
    expect(await bannerAt()).toBe(before);
    await expect(page.getByRole('button', { name: '标准模式' }).isVisible()).resolves.toBe(true);

    // The profile.
    await page.goto('/userInfo');
    await page.getByText('已实名认证').waitFor();
    await shot(page, 'elder-profile');
    expect((await expectTextHolds(page, 'elder /userInfo')).smallestFont).toBeGreaterThanOrEqual(LEAST_TEXT_PX);

    // A fill screen of an application.
    await page.goto(GUIDE);
    await applyFromGuide(page, 'infofillydy');
    await page.getByRole('heading', { name: '权利信息填写' }).waitFor();
    await page.locator('section.hall-info-fill__section').first().waitFor();
    await shot(page, 'elder-fill');
    expect((await expectTextHolds(page, 'elder fill')).smallestFont).toBeGreaterThanOrEqual(LEAST_TEXT_PX);
    for (const height of await heightsOf(page, '.adm-button')) expect(height).toBeGreaterThanOrEqual(LEAST_TAP_PX);

    // /prodoing: the application just started is listed.
    await page.goto('/prodoing');
    await page.getByText(BUSINESS).first().waitFor();
    await shot(page, 'elder-prodoing');
    expect((await expectTextHolds(page, 'elder /prodoing')).smallestFont).toBeGreaterThanOrEqual(LEAST_TEXT_PX);

    // /queue: the news stand still, wrapped, instead of scrolling past as a marquee.
    await page.goto('/queue');
    const news = page.locator('.hall-queue__notice');
    await news.waitFor();
    await expect(news.getAttribute('class')).resolves.toContain('adm-notice-bar-wrap');
    await shot(page, 'elder-queue');

    // With the phone's text at 200 % too, the hall home and /my still hold together.
    for (const [path, name, ready] of [
      ['/', 'home', '.hall-tab-bar'],
      ['/my', 'my', '.hall-tab-bar'],
      ['/userInfo', 'profile', '[data-testid=profile-cardnum]'],
    ] as const) {
      await page.goto(path);
      await page.locator(ready).waitFor();
      await page.waitForLoadState('networkidle');
      await setRootFontPercent(page, 200);
      await expectTextHolds(page, `elder ${path} at 200 %`);
      await shot(page, `elder-200-${name}`);
    }

    // Back to the standard mode from the hall home.
    await page.goto('/');
    const off = page.waitForResponse((r) => r.url().endsWith('/online/wx/apilist/setElderMode'));
    await page.getByRole('button', { name: '标准模式' }).click();
    expect((await (await off).json()) as unknown).toMatchObject({ errcode: '00', data: { elderMode: false } });
    expect(await elderOn(page)).toBe(false);
    await page.getByRole('button', { name: '长辈模式' }).waitFor();
  }, 240_000);

  it('in the standard mode, text follows the phone’s text size: at 200 % nothing is cut or covered, and no tile title is cut at 320 and 390 px', async () => {
    const { page } = await hall.newPhone();
    const shot = screenshots('elder-mode-standard');
    keepFailureEvidence(page, 'elder-mode-text-size');
    await signIn(page, 'e2e-text-size', '李阿姨', '/my');
    await page.locator('.hall-tab-bar').waitFor();
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      await page.locator('.hall-menu-group-tile').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectTextHolds(page, `/ at ${width} px`);
      await shot(page, `standard-home-${width}`);
      const title = page.locator('.hall-home__title');
      const normal = await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      await setRootFontPercent(page, 200);
      // The sizes are in rem: the title doubles with the root.
      expect(await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeCloseTo(normal * 2, 0);
      await expectTextHolds(page, `/ at ${width} px, 200 %`);
      await shot(page, `standard-home-${width}-200`);
    }
    // The guides' long titles wrap whole at 200 % on the narrowest phone.
    await page.goto('/guide');
    await page.locator('.hall-item-title').first().waitFor();
    await page.waitForLoadState('networkidle');
    await setRootFontPercent(page, 200);
    await expectTextHolds(page, '/guide at 320 px, 200 %');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/my');
    await page.locator('.hall-tab-bar').waitFor();
    await page.waitForLoadState('networkidle');
    await setRootFontPercent(page, 200);
    await expectTextHolds(page, '/my at 200 %');
    await shot(page, 'standard-my-200');
  }, 180_000);
});
