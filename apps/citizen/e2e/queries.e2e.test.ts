import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, PHONE } from './harness';
import { OWNER, answerFaceCheck, verifiedCitizen } from './identity';
import { waitForNewestRecord } from './record-lists';
import { steadyScreenshots } from './steady-screenshots';
import { acknowledge } from './application-steps';
import { tinyPdf } from './pdf-fixture';

const hall = hallForFile();

const UNKNOWN_QZH = '冀(2020)邯郸市不动产权第9999999号';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Non-white pixels drawn on the first page canvas of the PDF viewer, once it is drawn. */
async function pdfPixels(page: Page): Promise<number> {
  const canvas = page.locator('canvas.hall-pdf__page').first();
  await canvas.waitFor();
  let count = 0;
  for (let attempt = 0; attempt < 40 && count < 500; attempt += 1) {
    count = await canvas.evaluate((element) => {
      const c = element as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) drawn += 1;
      return drawn;
    });
    if (count < 500) await page.waitForTimeout(250);
  }
  return count;
}

/** The city comes preselected from the profile; choose one when it does not. */
async function ensureCity(page: Page): Promise<void> {
  if ((await page.getByText('请选择城市').count()) === 0) return;
  await page.getByText('所在城市').click();
  const picker = page.locator('.adm-picker');
  await picker.getByText('邯郸市').first().waitFor();
  await picker.getByText('确定').click();
  await page.locator('.hall-query__city').waitFor();
}

describe('certificate query', () => {
  it('checks the form, finds a registry certificate whose PDF renders, and answers 未查到 for an unknown one', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'certificate-query', 'e2e-certificate', '张先生');

    await page.goto('/certificateQuery');
    await page.getByRole('heading', { name: '不动产证书查询' }).waitFor();
    await ensureCity(page);
    // Name and ID number come from the profile and cannot be changed here.
    await expect(page.locator('#query-name').inputValue()).resolves.toBe(OWNER.name);
    await expect(page.locator('#query-name').isDisabled()).resolves.toBe(true);
    await expect(page.locator('#query-idcard').isDisabled()).resolves.toBe(true);
    await shot(page, 'form');

    // Nothing typed: 请填入内容 closes by itself after 3 seconds.
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const brief = page.getByRole('dialog').filter({ hasText: '请填入内容' });
    await brief.waitFor();
    const shownAt = Date.now();
    await shot(page, 'incomplete-dialog');
    // Two seconds after it appeared, however long the screenshot took.
    await page.waitForTimeout(Math.max(0, 2000 - (Date.now() - shownAt)));
    await expect(brief.isVisible()).resolves.toBe(true);
    await brief.waitFor({ state: 'detached', timeout: 3000 });

    // Only spaces: the certificate number's own message.
    await page.locator('#query-qzh').fill('   ');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await acknowledge(page, '请输入权证号!');

    // Typed as a phone's Chinese keyboard types it: full-width brackets. The hall finds it all the same.
    await page.locator('#query-qzh').fill(OWNER.qzh.replace('(', '（').replace(')', '）'));
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const submitted = page.getByRole('dialog').filter({ hasText: '查询已提交，请耐心等待查询结果' });
    await submitted.waitFor();
    await shot(page, 'submitted');
    await submitted.getByRole('button', { name: '查看结果' }).click();
    await page.waitForURL('**/record');
    await page.getByRole('heading', { name: '证书查询结果' }).waitFor();
    const states = await waitForNewestRecord(page, '查看');
    expect(['查询中', '查看']).toContain(states[0]);
    const newest = page.locator('.hall-records__list li').first();
    await newest.getByText('查询编号').waitFor();
    await newest.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).waitFor();
    // The record says which certificate it was for, as the registry writes it.
    await newest.getByText(OWNER.qzh, { exact: true }).waitFor();
    await shot(page, 'record-found');

    await newest.getByRole('button').first().click();
    await page.waitForURL(/\/PDFview\?PDFurl=/);
    expect(new URL(page.url()).searchParams.get('PDFurl')).toMatch(/^\/online\/public\/dzzz\/signature\/preview\?id=\d+$/);
    await page.getByRole('heading', { name: '文件预览' }).waitFor();
    expect(await pdfPixels(page)).toBeGreaterThan(500);
    await page.getByText('共 1 页').waitFor();
    // The canvas fills the phone's width.
    const box = await page.locator('canvas.hall-pdf__page').first().boundingBox();
    expect(Math.round(box!.width)).toBe(PHONE.width);
    // Outside WeChat the file downloads directly.
    await expect(page.getByRole('link', { name: '下载文件' }).getAttribute('href')).resolves.toMatch(/^\/online\/public\/dzzz\/signature\/preview/);
    await shot(page, 'pdf');

    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/record');
    await page.goto('/certificateQuery');
    await ensureCity(page);
    await page.locator('#query-qzh').fill(UNKNOWN_QZH);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: '查询已提交' }).getByRole('button', { name: '查看结果' }).click();
    await page.waitForURL('**/record');
    await waitForNewestRecord(page, '未查到');
    // A record not found does not open.
    await expect(page.locator('.hall-records__list li').first().getByRole('button').count()).resolves.toBe(0);
    await expect(page.locator('.hall-records__list li').count()).resolves.toBe(2);
    await shot(page, 'record-not-found');
    await context.close();
  });
});

describe('electronic licence query', () => {
  it('runs the face check first, says 认证成功, submits and opens the licence', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'licence-query', 'e2e-licence', '张女士');

    await page.goto('/dzzzQuery');
    await page.getByRole('heading', { name: '电子证照查询' }).waitFor();
    await ensureCity(page);
    await shot(page, 'form');

    // The licence page's 请填入内容 goes after one second.
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const brief = page.getByRole('dialog').filter({ hasText: '请填入内容' });
    await brief.waitFor();
    await brief.waitFor({ state: 'detached', timeout: 1800 });

    await page.locator('#query-qzh').fill(OWNER.qzh);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await answerFaceCheck(page, 'pass', shot);
    const passed = page.getByRole('dialog').filter({ hasText: '认证成功' });
    await passed.waitFor();
    // The serial and the token have left the address bar.
    expect(new URL(page.url()).search).toBe('');
    await expect(page.locator('#query-qzh').inputValue()).resolves.toBe(OWNER.qzh);
    await shot(page, 'face-passed');
    await passed.getByRole('button', { name: '确定' }).click();

    const submitted = page.getByRole('dialog').filter({ hasText: '查询已提交，请耐心等待查询结果' });
    await submitted.waitFor();
    await submitted.getByRole('button', { name: '查看结果' }).click();
    await page.waitForURL('**/dzzzrecord');
    await page.getByRole('heading', { name: '电子证照查询结果' }).waitFor();
    await waitForNewestRecord(page, '查看');
    await shot(page, 'records');

    await page.locator('.hall-records__list li').first().getByRole('button').click();
    await page.waitForURL(/\/PDFview\?PDFurl=/);
    expect(await pdfPixels(page)).toBeGreaterThan(500);
    await shot(page, 'pdf');

    // The answered query is a finished service: 去评价 under its record, once; then 已评价 with the grade.
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/dzzzrecord');
    const record = page.locator('.hall-records__list li').first();
    const entry = record.getByRole('group', { name: '服务评价' });
    await entry.getByText('服务已办结，欢迎评价').waitFor();
    await shot(page, 'records-rate');
    await entry.getByRole('link', { name: '去评价' }).click();
    await page.waitForURL(/\/rate\?kind=query&id=\d+$/);
    await page.getByText('请评价本次服务').waitFor();
    await page.getByText('满意', { exact: true }).click();
    await page.locator('#rate-comment').fill('人脸认证后很快查到了电子证照');
    await page.getByRole('button', { name: '提交评价' }).click();
    await page.getByRole('region', { name: '评价：满意' }).waitFor();
    await expect(page.getByRole('button', { name: '提交评价' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/dzzzrecord');
    await entry.getByText('已评价').waitFor();
    await entry.getByText('满意', { exact: true }).waitFor();
    await expect(entry.getByRole('link', { name: '去评价' }).count()).resolves.toBe(0);
    await shot(page, 'records-rated');
    // The narrowest phones and 长辈模式 keep the record and its rating whole.
    await page.setViewportSize({ width: 320, height: 700 });
    await shot(page, 'records-rated-320');
    await page.setViewportSize(PHONE);
    await page.goto('/my');
    await page.getByRole('switch', { name: '长辈模式' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.hallMode === 'elder');
    await page.goto('/dzzzrecord');
    await entry.getByRole('link', { name: '查看评价' }).waitFor();
    await shot(page, 'records-rated-elder');
    await entry.getByRole('link', { name: '查看评价' }).click();
    await page.waitForURL(/\/rate\?kind=query&id=\d+$/);
    await page.getByText('人脸认证后很快查到了电子证照').waitFor();
    await context.close();
  });
});

describe('signature verification', () => {
  it('refuses what is not a PDF, uploads a PDF, lists its verdict and opens the file (with the WeChat download hint)', async () => {
    // Verifying a signature is a business call: the server asks for a verified profile first.
    const { context, page, shot } = await verifiedCitizen(hall, 'verification', 'e2e-verification', '王先生');
    await page.goto('/dzzzverification');
    await page.getByRole('heading', { name: '电子证照验签' }).waitFor();
    await shot(page, 'form');

    // pdf.js's data files are part of the built app.
    for (const path of ['/pdfjs/cmaps/UniGB-UCS2-H.bcmap', '/pdfjs/standard_fonts/LiberationSans-Regular.ttf', '/pdfjs/wasm/openjpeg.wasm']) {
      await expect(
        page.evaluate(async (url) => (await fetch(url)).status, path),
        path,
      ).resolves.toBe(200);
    }

    const input = page.locator('#verification-file');
    await page.getByRole('button', { name: '提交验签' }).click();
    await acknowledge(page, '请选择要上传的pdf文件');

    // A picture: refused at once by its name.
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    const refused = page.getByRole('dialog').filter({ hasText: '只能上传pdf文件' });
    await refused.waitFor();
    await shot(page, 'png-refused');
    await acknowledge(page, '只能上传pdf文件');

    // A picture renamed .pdf: the server looks inside and refuses it.
    await input.setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: PNG });
    await page.getByText('photo.pdf').waitFor();
    await page.getByRole('button', { name: '提交验签' }).click();
    await acknowledge(page, '确定提交文件?');
    await acknowledge(page, '只能上传pdf文件');

    await page.getByRole('button', { name: '移除文件' }).click();
    await input.setInputFiles({ name: '电子证照.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await page.getByText('电子证照.pdf').waitFor();
    await shot(page, 'file-chosen');
    await page.getByRole('button', { name: '提交验签' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定提交文件?' });
    await confirm.waitFor();
    await shot(page, 'confirm');
    await confirm.getByRole('button', { name: '确定' }).click();
    // The page says the upload succeeded, then shows the verdict when the check ends: a warning, by colour and icon.
    const outcome = page.getByRole('region', { name: '验签结果' });
    await outcome.getByText('文件上传成功，查看历史记录验签信息', { exact: false }).waitFor();
    const verdict = outcome.locator('.hall-verdict');
    await verdict.getByText('未包含电子签章').waitFor({ timeout: 30_000 });
    await expect(verdict.getAttribute('data-tone')).resolves.toBe('warning');
    await expect(verdict.locator('.hall-verdict__icon').count()).resolves.toBe(1);
    await outcome.getByText('文件中没有电子签章，无法证明其来源').waitFor();
    await shot(page, 'uploaded');
    await page.getByRole('link', { name: '验签记录' }).click();

    await page.waitForURL('**/dzzzverificationrecord');
    await page.getByRole('heading', { name: '电子证照验签记录' }).waitFor();
    const newest = page.locator('.hall-records__list li').first();
    await newest.getByText('电子证照.pdf').waitFor();
    await waitForNewestRecord(page, '查看');
    await newest.getByText('未包含电子签章').waitFor();
    await expect(newest.locator('.hall-verdict').getAttribute('data-tone')).resolves.toBe('warning');
    await shot(page, 'records');

    await newest.getByRole('button').click();
    await page.waitForURL(/\/PDFview\?PDFurl=/);
    expect(new URL(page.url()).searchParams.get('PDFurl')).toMatch(/^\/online\/public\/dzzz\/verification\/preview\?id=\d+$/);
    expect(await pdfPixels(page)).toBeGreaterThan(500);
    await shot(page, 'pdf');
    const viewer = page.url();

    // The same file inside WeChat: downloads are blocked there, so the page says how to get it.
    const wechat = await hall.browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      storageState: await context.storageState(),
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
    });
    const inWechat = await wechat.newPage();
    await inWechat.goto(viewer);
    await inWechat.getByText('请点击右上角，选择"在浏览器打开"以下载').first().waitFor();
    expect(await pdfPixels(inWechat)).toBeGreaterThan(500);
    // 下载文件 opens the file's download link, whose page says how to open it in the phone's own browser.
    await inWechat.getByRole('button', { name: '下载文件' }).click();
    await inWechat.waitForURL(/\/download\//);
    await inWechat.getByText('选择“在浏览器打开”').waitFor();
    await steadyScreenshots('verification-wechat')(inWechat, 'download-hint');
    await wechat.close();
    await context.close();
  });
});
