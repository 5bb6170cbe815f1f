import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';
import { png } from './png';
import { acknowledge, addPerson, startApplication, submitAndFindPending } from './application-steps';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';
const GUIDE = `/apply?id=pd-700-23&name=${encodeURIComponent(BUSINESS)}&djlx=700&qllx=23&code=YDYDJ&appointment=1`;

/** Adds one picture to a material through the file input and waits for its thumbnail. */
async function addPicture(page: Page, material: string, count: number, colour: [number, number, number]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `上传${material}` }).click();
  await (await chooser).setFiles({ name: 'picture.png', mimeType: 'image/png', buffer: png(colour) });
  await page.getByRole('button', { name: `查看${material}第${count}张` }).waitFor();
}

describe('uploading materials and submitting', () => {
  it('a verified citizen uploads every required material of an appointment-only application, deletes and re-adds one, and submits from the detail page', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'upload', 'e2e-upload', '钱女士');

    // An appointment-only application goes from the guide straight to 资料上传.
    const slsqId = (await startApplication(page, GUIDE, '/upload')).get('slsqId');
    expect(slsqId).toBeTruthy();
    await page.getByRole('heading', { name: '资料上传' }).waitFor();
    await page.getByText('请按照帮助提示上传资料').waitFor();
    // Step 2 of three: no 权利信息 step for an appointment.
    const steps = page.getByRole('group', { name: '办理进度' });
    await expect(steps.getByText('权利信息').count()).resolves.toBe(0);
    await expect(page.locator('.adm-step-status-process').textContent()).resolves.toContain('上传资料');

    const sections = page.locator('section.hall-upload__material');
    await sections.first().waitFor();
    const names = await sections.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
    const starred = await sections.evaluateAll((nodes) => nodes.filter((node) => node.querySelector('.hall-upload__star')).map((node) => node.getAttribute('aria-label') ?? ''));
    expect(starred.length).toBeGreaterThan(0);
    expect(starred.length).toBeLessThan(names.length);
    await shot(page, 'materials');

    // 请按照帮助提示上传资料: each material carries the catalogue's hint, and 查看示例 opens its sample picture.
    const identity = page.getByRole('region', { name: '抵押双方身份证明' });
    await identity.getByText('上传身份证正反两面，四角完整、文字清晰、无反光；有多位申请人的，每人都要上传。').waitFor();
    await page.getByRole('region', { name: '抵押合同及主债权合同' }).getByText('合同每一页拍一张，包括双方签字盖章的页面，按页码顺序上传。').waitFor();
    await expect(page.getByRole('region', { name: '抵押合同及主债权合同' }).getByRole('button', { name: '查看示例' }).count()).resolves.toBe(0);
    const sampleButton = identity.getByRole('button', { name: '查看示例' });
    const sampleBox = await sampleButton.boundingBox();
    expect(sampleBox!.height).toBeGreaterThanOrEqual(44);
    await sampleButton.click();
    const sample = page.locator('.adm-image-viewer-content img[src*="article-picture"]').first();
    await expect.poll(() => sample.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 10_000 }).toBe(600);
    await shot(page, 'material-sample');
    await page.locator('.hall-gallery__close').click();
    await page.locator('.adm-image-viewer-content').waitFor({ state: 'hidden' });
    // The help on the narrowest phone, and in 长辈模式's larger text.
    const phoneSize = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 760 });
    await shot(page, 'materials-320');
    await page.goto('/my');
    await page.getByRole('switch', { name: '长辈模式' }).click();
    await page.goBack();
    await identity.getByRole('button', { name: '查看示例' }).waitFor();
    await shot(page, 'elder-materials-320');
    await page.goto('/my');
    await page.getByRole('switch', { name: '长辈模式' }).click();
    await page.goBack();
    await page.setViewportSize(phoneSize);
    await identity.getByRole('button', { name: '查看示例' }).waitFor();

    // Next without attachments: the first required material is named.
    await page.getByRole('button', { name: '下一步' }).click();
    await acknowledge(page, `「${starred[0]}」 附件不可为空`);

    const colours: [number, number, number][] = [
      [220, 60, 60],
      [60, 140, 220],
      [60, 180, 90],
      [200, 150, 40],
    ];
    for (const [index, name] of starred.entries()) await addPicture(page, name, 1, colours[index % colours.length]!);
    // The thumbnails are the owner's pictures, served and decoded at 78×78.
    const first = page.getByRole('img', { name: `${starred[0]}第1张` });
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await expect(first.evaluate((img: HTMLImageElement) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height])).resolves.toEqual([78, 78]);
    // To the end of the list, as a citizen scrolls before 下一步: no add button half under the footer.
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
    await shot(page, 'uploaded');

    // The gallery opens on a thumbnail.
    await page.getByRole('button', { name: `查看${starred[0]}第1张` }).click();
    await page.locator('.adm-image-viewer-content').waitFor();
    await shot(page, 'gallery');
    await page.locator('.hall-gallery__close').click();
    await page.locator('.adm-image-viewer-content').waitFor({ state: 'hidden' });

    // Delete one picture (after 确定删除该图片?), then Next is blocked again, then add it back.
    const last = starred[starred.length - 1]!;
    // The delete target is a finger's size: 44 × 44 px at least.
    const remove = await page.getByRole('button', { name: `删除${last}第1张` }).boundingBox();
    expect([remove!.width, remove!.height].every((side) => side >= 44)).toBe(true);
    await page.getByRole('button', { name: `删除${last}第1张` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除该图片?' });
    await confirm.waitFor();
    await shot(page, 'delete-confirm');
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.getByRole('button', { name: `查看${last}第1张` }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '下一步' }).click();
    await acknowledge(page, `「${last}」 附件不可为空`);
    await addPicture(page, last, 1, [120, 60, 200]);

    // Next opens the 700+23 detail page, which lists the materials; sections are hidden for an appointment.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/applyDetailYdy');
    expect(new URL(page.url()).searchParams.get('id')).toBe(slsqId);
    const card = page.getByRole('region', { name: '申请材料' });
    await card.waitFor();
    for (const name of starred) await card.getByRole('img', { name: `${name}第1张` }).waitFor();
    await expect(page.locator('section[aria-label="抵押人"]').count()).resolves.toBe(0);
    await page.getByText(BUSINESS).first().waitFor();
    await shot(page, 'detail');

    // 提交 asks first, then lands on the 待审核 tab of the list with an acceptance number.
    await submitAndFindPending(page, BUSINESS, shot);

    // The detail page of a pending application offers no 提交.
    await page.goto(`/applyDetailYdy?id=${slsqId}&appointment=1&djlx=700&qllx=23`);
    await page.getByRole('region', { name: '申请材料' }).waitFor();
    await expect(page.getByRole('button', { name: '提交' }).count()).resolves.toBe(0);
    await context.close();
  });
  it("the detail page of a filled application shows the fill screen's sections, and 查看 opens a read-only preview whose 返回详情 comes back", async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'upload-detail', 'e2e-upload-detail', '孙先生');
    const applicationId = (await startApplication(page, GUIDE.replace('appointment=1', 'appointment=0'), '/info/infofillydy')).get('id')!;

    await addPerson(page, '添加抵押人', 'infofillydy', { name: '钱抵押', phone: '13900000001', idNumber: '110105199003071239', address: '石河子市北一路1号' });

    // The 700+23 detail page: the sections of infofillydy, read-only, then the materials.
    await page.goto(`/applyDetailYdy?id=${applicationId}&appointment=0&djlx=700&qllx=23&isSubmit=1`);
    const sections = page.locator('section.hall-info-fill__section');
    await page.getByRole('region', { name: '申请材料' }).waitFor();
    await expect(sections.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).resolves.toEqual(['抵押人', '抵押权人', '不动产单元信息', '抵押权利信息', '申请材料']);
    const obligors = page.getByRole('table', { name: '抵押人列表' });
    await obligors.getByRole('cell', { name: '钱抵押', exact: true }).waitFor();
    await expect(page.getByRole('button', { name: '管理钱抵押' }).count()).resolves.toBe(0);
    await shot(page, 'detail-sections');

    await page.getByRole('button', { name: '查看钱抵押' }).click();
    await page.waitForURL((url) => url.pathname === '/personD' && url.searchParams.get('type') === '1' && url.searchParams.get('slsqId') === applicationId);
    await page.getByRole('heading', { name: '项目信息预览' }).waitFor();
    await page.getByText('110105199003071239').waitFor();
    await page.getByText('身份证').first().waitFor();
    await shot(page, 'person-preview');
    await page.getByRole('button', { name: '返回详情' }).click();
    await page.waitForURL((url) => url.pathname === '/applyDetailYdy' && url.searchParams.get('id') === applicationId);
    await obligors.getByRole('cell', { name: '钱抵押', exact: true }).waitFor();
    await context.close();
  });
});
