import { describe, expect, it } from 'vitest';
import { confirmApply } from './application-steps';
import { hallForFile } from './harness';
import { OWNER, verifiedCitizen } from './identity';
import { png } from './png';

/** The demo hall as scripts/start.sh starts it: the application flow opens on the hall's own district. */
const hall = hallForFile({ env: { HALL_APPLY_XZQDM: '130400' } });

const BUSINESS = '国有建设用地使用权及房屋所有权转移登记';

describe('what a new citizen of 邯郸 meets', () => {
  it('applies in 邯郸, carries the unit of the certificate found into the application, and reads it in words and units', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'inclusive-use', 'e2e-handan', '张先生', OWNER);

    // 网上申请 offers the hall's own city and its districts, not Xinjiang's.
    await page.goto('/');
    await page.getByText('网上申请', { exact: true }).first().click();
    await page.waitForURL('**/seladd');
    const city = page.getByRole('region', { name: '邯郸市' });
    await city.getByRole('button', { name: '邯山区' }).waitFor();
    await expect(page.getByText('石河子市').count()).resolves.toBe(0);
    await shot(page, 'regions');
    await city.getByRole('button', { name: '邯山区' }).click();
    await page.waitForURL((url) => url.pathname === '/sel' && url.searchParams.get('xzqdm') === '130402');
    await page.getByRole('list', { name: '业务类型' }).getByRole('button', { name: '房屋登记' }).click();
    await page.waitForURL((url) => url.pathname === '/selapp');
    await page.getByRole('navigation', { name: '业务分类' }).getByRole('button', { name: '转移登记' }).click();
    await page.getByRole('list', { name: '转移登记' }).getByRole('button', { name: BUSINESS, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/apply');
    const applicationId = (await confirmApply(page, '/info/infofillJc')).get('id') ?? '';
    expect(applicationId).toBeTruthy();

    // The unit section leads to the registration's certificate query.
    await page.getByRole('link', { name: '按不动产权证号查询并带入单元' }).click();
    await page.waitForURL((url) => url.pathname === '/bdcqzQuery' && url.searchParams.get('id') === applicationId);
    await page.getByRole('heading', { name: '不动产权证查询' }).waitFor();
    await page.getByText('老证查询', { exact: true }).click();
    await page.locator('#property-legacy').fill(OWNER.qzh);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const result = page.getByRole('region', { name: '查询结果' });
    await result.getByText('130402001001GB00001F00010001').waitFor();
    await result.getByText('住宅', { exact: true }).waitFor();
    await shot(page, 'certificate-found');

    // 下一步 carries the unit in at once: a transfer asks 交易金额 in its 权利信息, not again on the unit.
    await result.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/info/infofillJc' && url.searchParams.get('id') === applicationId);
    await page.getByText('130402001001GB00001F00010001', { exact: true }).first().waitFor();
    await expect(page.getByRole('dialog').filter({ hasText: '交易金额不能为空' }).count()).resolves.toBe(0);
    await shot(page, 'unit-carried');

    // The unit form shows the 28-character unit number whole, at 390 px and at 320 px.
    await page.goto(`/info/dyxxinfo?id=&slsqId=${applicationId}&djlx=200&qllx=4&appointment=0&bdcdyh=130402001001GB00001F00010001&bdcqzmh=${encodeURIComponent(OWNER.qzh)}&fwyt=10`);
    const unitNumber = page.locator('#unit-bdcdyh');
    await expect(unitNumber.inputValue()).resolves.toBe('130402001001GB00001F00010001');
    await expect(page.locator('#unit-bdcqzmh').inputValue()).resolves.toBe(OWNER.qzh);
    await expect(page.locator('#unit-fwyt option:checked').textContent()).resolves.toBe('住宅');
    await expect(page.locator('#unit-qdjg').count()).resolves.toBe(0);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const field of [unitNumber, page.locator('#unit-bdcqzmh')]) {
        await expect(field.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1)).resolves.toBe(true);
      }
      await shot(page, `unit-form-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // The unit preview reads the codes as words, the area and the amount with their units.
    await page.goto(`/dyxxD?slsqId=${applicationId}&djlx=200&qllx=4`);
    await page.getByText('不动产单元信息').first().waitFor();
    for (const text of ['住宅', '98.56 平方米']) await page.getByText(text, { exact: true }).waitFor();
    await expect(page.locator('body').textContent()).resolves.not.toMatch(/房屋用途\s*10\b/);
    await shot(page, 'unit-preview');

    // A picture opened full screen hides the page behind it, the fixed 下一步 too.
    await page.goto(`/upload?slsqId=${applicationId}&djlx=200&qllx=4&appointment=0`);
    await page.getByRole('heading', { name: '资料上传' }).waitFor();
    const material = (await page.locator('section.hall-upload__material').first().getAttribute('aria-label')) ?? '';
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: `上传${material}` }).click();
    await (await chooser).setFiles({ name: 'picture.png', mimeType: 'image/png', buffer: png([220, 60, 60]) });
    await page.getByRole('button', { name: `查看${material}第1张` }).click();
    const mask = page.locator('.hall-image-viewer-mask');
    await mask.waitFor();
    await page.waitForTimeout(500);
    await expect(mask.evaluate((element) => getComputedStyle(element).backgroundColor)).resolves.toBe('rgb(0, 0, 0)');
    const next = page.getByRole('button', { name: '下一步' });
    const box = (await next.boundingBox())!;
    const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
    expect(onTop).not.toContain('下一步');
    await shot(page, 'picture-viewer');
    await context.close();
  });

  it('finds a case by its acceptance number at /findaccept, and reaches the appointment records from 在线预约', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'inclusive-use-routes', 'e2e-handan-routes', '李女士', OWNER);

    await page.goto('/findaccept');
    await page.getByRole('heading', { name: '进度查询' }).waitFor();
    await page.locator('#progress-number').fill('HD2026110001');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByRole('region', { name: '查询结果' }).getByText('HD2026110001', { exact: true }).waitFor();
    await shot(page, 'findaccept');

    await page.goto('/yuyue');
    await page.getByRole('heading', { name: '在线预约' }).waitFor();
    await shot(page, 'appointments');
    await page.getByRole('link', { name: '我的预约记录' }).click();
    await page.waitForURL((url) => url.pathname === '/yuyueRecord');
    await page.getByRole('heading', { name: '预约记录' }).waitFor();
    await shot(page, 'appointment-records');

    // The hall home at 390 px: every tile's title shows whole.
    await page.goto('/');
    await page.locator('.hall-menu-group-name').first().waitFor();
    const cut = await page
      .locator('.hall-menu-group-name')
      .evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1).map((name) => name.textContent));
    await shot(page, 'home');
    expect(cut).toEqual([]);
    await context.close();
  });
});
