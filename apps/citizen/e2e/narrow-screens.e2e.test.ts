import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { citizenOnPhone, verifiedCitizen } from './identity';

const hall = hallForFile();

/** The narrowest phone the hall is drawn for, and the common one. */
const WIDTHS = [320, 390];

/** Turns 长辈模式 on from /my, as a citizen does. */
async function elderModeOn(page: Page) {
  await page.goto('/my');
  await page.getByRole('switch', { name: '长辈模式' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hallMode)).toBe('elder');
}

/**
 * The tile names whose lines break inside a word: a line may only end where the name marks a break
 * between words (<wbr>), unless a single word is wider than the tile.
 */
function namesBrokenInsideWords(page: Page) {
  return page.locator('.hall-menu-group-name').evaluateAll((names) =>
    names.flatMap((name) => {
      const breaks = new Set<number>();
      const tops: number[] = [];
      let offset = 0;
      for (const node of Array.from(name.childNodes)) {
        if (node.nodeName === 'WBR') breaks.add(offset);
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
        offset += text.length;
      }
      const text = name.textContent ?? '';
      const lineStarts = tops.flatMap((top, i) => (i > 0 && top > tops[i - 1]! + 2 ? [i] : []));
      return lineStarts.some((start) => !breaks.has(start)) ? [`${text.slice(0, lineStarts[0])}/${text.slice(lineStarts[0])}`] : [];
    }),
  );
}

/** Each placeholder that is wider than its field. */
function placeholdersCut(page: Page) {
  return page.locator('input[placeholder]:visible').evaluateAll((inputs) =>
    inputs.flatMap((input) => {
      const field = input as HTMLInputElement;
      const style = getComputedStyle(field);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(field.placeholder).width > room + 1 ? [field.placeholder] : [];
    }),
  );
}

describe('narrow phones and 长辈模式', () => {
  it('the home keeps tile names whole at 320 and 390 px and in 长辈模式; the profile form shows its hints whole', async () => {
    const { page, shot } = await citizenOnPhone(hall, 'narrow-screens', 'e2e-narrow', '窄屏用户', '/');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      await page.goto('/');
      await page.locator('.hall-menu-group-tile').first().waitFor();
      expect(await namesBrokenInsideWords(page), `tile names at ${width} px`).toEqual([]);
      expect(await placeholdersCut(page), `home search at ${width} px`).toEqual([]);
      await shot(page, `home-${width}`);
    }
    await page.goto('/userInfo');
    await page.getByPlaceholder('请输入真实姓名').waitFor();
    expect(await placeholdersCut(page)).toEqual([]);

    await elderModeOn(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      await page.goto('/');
      await page.locator('.hall-menu-group-tile').first().waitFor();
      expect(await namesBrokenInsideWords(page), `elder tile names at ${width} px`).toEqual([]);
      // The search box's hint shows whole, 长辈模式's larger text included.
      await page.getByPlaceholder('搜索业务、指南等').waitFor();
      expect(await placeholdersCut(page), `elder home search at ${width} px`).toEqual([]);
      await shot(page, `elder-home-${width}`);
      await page.goto('/userInfo');
      await page.getByPlaceholder('请输入真实姓名').waitFor();
      expect(await placeholdersCut(page), `elder hints at ${width} px`).toEqual([]);
      await shot(page, `elder-profile-${width}`);
    }
  });

  it('a closed day reads 星期六 above 休息, never 休/息; Back closes the dialog the screen asked', async () => {
    const { page, shot } = await verifiedCitizen(hall, 'narrow-screens-booking', 'e2e-narrow-booking', '窄屏市民');
    await elderModeOn(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      await page.goto('/appointment');
      const words = page.locator('.hall-counter-booking__word');
      await words.first().waitFor();
      // Every word of a day's label on one line.
      const lines = await words.evaluateAll((spans) =>
        spans.map((span) => ({
          text: span.textContent,
          lines: span.getClientRects().length,
          height: span.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(span).lineHeight) || 24,
        })),
      );
      for (const word of lines) expect(word.height, `${word.text} at ${width} px`).toBeLessThan(word.lineHeight * 1.5);
      // The hall's name on one line: 邯郸市不动产登记中心, never 邯郸市不动/产登记中心.
      const hallName = page.locator('.hall-counter-booking__hall-name');
      await expect(hallName.textContent()).resolves.toBe('邯郸市不动产登记中心');
      await expect(
        hallName.evaluate((name) => name.getClientRects().length),
        `hall name lines at ${width} px`,
      ).resolves.toBe(1);
      await shot(page, `elder-booking-${width}`);
    }

    // A question open, then the phone's Back: the question goes with the screen it asked about.
    await page.goto('/my');
    await page.goto('/appointment');
    await page.getByRole('button', { name: /^09:00-10:00 已预约\d+\/10$/ }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定要申请吗?' });
    await ask.waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/my');
    await ask.waitFor({ state: 'detached' });
    await shot(page, 'back-closed-dialog');
  });
  it('one search on the home finds guides, downloads and businesses; a hit opens its page and Back returns to the hits', async () => {
    const { page, shot } = await citizenOnPhone(hall, 'hall-search', 'e2e-hall-search', '搜索市民', '/');
    const box = page.locator('.hall-search input');
    await box.first().fill('抵押');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === '抵押');
    const results = page.getByRole('region', { name: '“抵押”的搜索结果' });
    await results.waitFor();
    for (const kind of ['办事指南', '资料下载', '网上申请']) await results.getByRole('region', { name: kind }).waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 760 });
      await shot(page, `results-${width}`);
    }
    const business = results.getByRole('region', { name: '网上申请' }).getByRole('link').first();
    const name = (await business.textContent())!;
    await business.click();
    await page.waitForURL((url) => url.pathname === '/apply' && url.searchParams.get('name') === name);
    await page.goBack();
    await results.waitFor();

    // Nothing found says so and what to do.
    await box.first().fill('没有这样的内容');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.getByText('没有找到与“没有这样的内容”相关的内容，请换个关键字试试').waitFor();
    await elderModeOn(page);
    await page.goto('/?q=抵押');
    await results.waitFor();
    await shot(page, 'elder-results');
  });
});
