import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';
import { acknowledge, addPerson, addUnit, applyFromGuide, submitAndFindPending, uploadRequired, type PersonValues, type Shot } from './application-steps';

const hall = hallForFile();

/**
 * The 受理回执 the PDF viewer opened: fetched with the citizen's own session, it is a PDF the hall
 * signed, and its text (as poppler reads it, spaces dropped) is answered.
 */
async function openedReceiptText(page: Page): Promise<string> {
  await page.waitForURL(/\/PDFview\?PDFurl=/);
  await page.locator('canvas.hall-pdf__page').first().waitFor();
  const path = new URL(page.url()).searchParams.get('PDFurl')!;
  expect(path).toMatch(/receipt/i);
  const reply = await page.context().request.get(path);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/^application\/pdf/);
  const bytes = Buffer.from(await reply.body());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('/ByteRange');
  const text = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
  expect(text.status, text.stderr).toBe(0);
  return text.stdout.replace(/\s/g, '');
}

/** Adds a person from the fill screen and waits for the fill screen to list them. */
async function addListedPerson(page: Page, add: string, screen: string, values: PersonValues, share?: { mode: string; value: string }) {
  await addPerson(page, add, screen, values, share);
  await page.getByRole('cell', { name: values.name, exact: true }).waitFor();
}

/** Adds a unit from the fill screen and waits for the fill screen to list it. */
async function addListedUnit(page: Page, screen: string, fields: Record<string, string>, shot?: Shot) {
  await addUnit(page, screen, fields, shot);
  await page.getByRole('table', { name: '不动产单元信息列表' }).getByRole('cell', { name: fields.bdcdyh!, exact: true }).waitFor();
}

describe('the application flow end to end', () => {
  it('a mortgage establishment (700+23) from the region choice through filling, the check, the upload and the detail page to 待审核', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'application-flow-mortgage', 'e2e-flow-ydy', '郑先生');
    const BUSINESS = '预购商品房抵押预告登记';

    // Home → 网上申请 → 地区选择 → a district → 业务选择 → 抵押登记 → 预告登记 → the 700+23 business.
    await page.goto('/');
    await page.getByText('网上申请', { exact: true }).first().click();
    await page.waitForURL('**/seladd');
    const city = page.getByRole('region', { name: '自治区直辖县级行政区划' });
    await city.getByRole('button', { name: '石河子市' }).waitFor();
    await shot(page, 'regions');
    await city.getByRole('button', { name: '石河子市' }).click();
    await page.waitForURL((url) => url.pathname === '/sel');
    const xzqdm = new URL(page.url()).searchParams.get('xzqdm');
    const types = page.getByRole('list', { name: '业务类型' });
    await types.getByRole('button', { name: '抵押登记' }).waitFor();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await shot(page, 'types');
    await types.getByRole('button', { name: '抵押登记' }).click();
    await page.waitForURL((url) => url.pathname === '/selapp' && url.searchParams.get('xzqdm') === xzqdm);
    await page.getByRole('navigation', { name: '业务分类' }).getByRole('button', { name: '预告登记' }).click();
    await page.getByRole('list', { name: '预告登记' }).getByRole('button', { name: BUSINESS }).waitFor();
    await shot(page, 'businesses');
    await page.getByRole('button', { name: BUSINESS }).click();

    await page.waitForURL((url) => url.pathname === '/apply');
    const guide = new URL(page.url()).searchParams;
    expect([guide.get('djlx'), guide.get('qllx'), guide.get('appointment')]).toEqual(['700', '23', '0']);
    expect(guide.get('id')).toMatch(/^pd-700-23/);
    await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
    await shot(page, 'guide');
    const applicationId = await applyFromGuide(page, 'infofillydy', shot);

    // Obligor, obligee, unit and mortgage rights.
    await addListedPerson(page, '添加抵押人', 'infofillydy', { name: '钱抵押', phone: '13900000001', idNumber: '110105199003071239', address: '石河子市北一路1号' });
    await addListedPerson(page, '添加抵押权人', 'infofillydy', { name: '孙银行', phone: '13900000002', idNumber: '130402198503151231', address: '石河子市东环路8号' });
    await addListedUnit(page, 'infofillydy', { bdcdyh: '659001001001GB00001F00010001', zl: '石河子市北一路1号1栋101', fwsyqmj: '89.5', qlqssj: '2026-01-01', qljssj: '2056-01-01' }, shot);
    await page.getByRole('button', { name: '添加抵押权利信息' }).click();
    await page.waitForURL((url) => url.pathname === '/info/dyqinfo' && url.searchParams.get('slsqId') === applicationId);
    await page.locator('#dyq-zqqssj').fill('2026-01-01');
    await page.locator('#dyq-zqjssj').fill('2046-01-01');
    await page.locator('#dyq-zwr').fill('钱抵押');
    await page.locator('#dyq-bdbzzqse').fill('80');
    await shot(page, 'mortgage-rights');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillydy' && url.searchParams.get('id') === applicationId);
    await page.getByRole('table', { name: '抵押权利信息列表' }).waitFor();
    await shot(page, 'filled');

    // 下一步 passes the check and opens the upload for this application.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ slsqId: applicationId, djlx: '700', qllx: '23', appointment: '0' });
    await uploadRequired(page, '/applyDetailYdy', shot);
    expect(new URL(page.url()).searchParams.get('id')).toBe(applicationId);

    // The detail page shows what was filled in, read-only.
    await page.getByRole('table', { name: '抵押人列表' }).getByRole('cell', { name: '钱抵押', exact: true }).waitFor();
    await page.getByRole('table', { name: '抵押权人列表' }).getByRole('cell', { name: '孙银行', exact: true }).waitFor();
    await page.getByRole('table', { name: '不动产单元信息列表' }).getByRole('cell', { name: '659001001001GB00001F00010001', exact: true }).waitFor();
    await shot(page, 'detail');

    await submitAndFindPending(page, BUSINESS, shot);
    await context.close();
  });

  it('a cancellation (400) asks for the certificate number, shows it read-only on its detail page and is submitted', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'application-flow-cancellation', 'e2e-flow-zx', '冯女士');
    const BUSINESS = '国有建设用地使用权及房屋所有权注销登记';
    const CERTIFICATE = '新(2024)石河子市不动产权第0004321号';
    await page.goto(`/apply?id=pd-400-4&name=${encodeURIComponent(BUSINESS)}&djlx=400&qllx=4&code=FWZXDJ&appointment=0`);
    await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
    const applicationId = await applyFromGuide(page, 'infofillzxdj');

    await page.locator('#zx-bdczmh').waitFor();
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('dialog').filter({ hasText: '不动产权证号不能为空' }).waitFor();
    await shot(page, 'certificate-required');
    await acknowledge(page, '不动产权证号不能为空');
    expect(new URL(page.url()).pathname).toBe('/info/infofillzxdj');

    await page.locator('#zx-bdczmh').fill(CERTIFICATE);
    await page.locator('#zx-zxyy').fill('房屋灭失');
    await shot(page, 'cancellation-filled');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ slsqId: applicationId, djlx: '400', qllx: '4' });
    await uploadRequired(page, '/applyDetailZxdj', shot);

    // The certificate number and reason, read-only: no inputs on the detail page.
    const section = page.getByRole('region', { name: '注销信息' });
    await section.getByText(CERTIFICATE, { exact: true }).waitFor();
    await section.getByText('房屋灭失', { exact: true }).waitFor();
    await expect(page.locator('input:not([type=file]), textarea').count()).resolves.toBe(0);
    await shot(page, 'detail');

    // 提交, then the 完成 step's 查看受理回执 opens the receipt of this application, with its number.
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByRole('dialog').filter({ hasText: '确定提交该申请吗？' }).getByRole('button', { name: '确定' }).click();
    const result = page.getByRole('region', { name: '提交结果' });
    const numberLine = await result.getByText(/申请编号：HD\d+/).textContent();
    const number = /HD\d+/.exec(numberLine ?? '')![0];
    await result.getByRole('button', { name: '查看受理回执' }).click();
    const fromDone = await openedReceiptText(page);
    expect(fromDone).toContain(number);
    expect(fromDone).toContain(BUSINESS);
    await shot(page, 'receipt-from-done');
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/applyDetailZxdj');

    // From 我的申请 (待审核): the application's sheet offers 受理回执, the same document.
    await page.goto('/prodoing?itemIndex=1');
    const item = page.getByRole('list', { name: '待审核的申请' }).getByRole('listitem').filter({ hasText: number });
    await item.getByRole('button').first().click();
    await page.locator('.adm-action-sheet').getByText('受理回执', { exact: true }).click();
    const fromList = await openedReceiptText(page);
    expect(fromList).toContain(number);
    await shot(page, 'receipt-from-list');
    await context.close();
  });

  it('a transfer (200+4) with two by-share co-owners is stopped by the check until their shares add up to 100', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'application-flow-shares', 'e2e-flow-shares', '陈先生');
    const BUSINESS = '国有建设用地使用权及房屋所有权转移登记';
    await page.goto(`/apply?id=pd-200-4&name=${encodeURIComponent(BUSINESS)}&djlx=200&qllx=4&code=FWZYDJ&appointment=0`);
    await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
    const applicationId = await applyFromGuide(page, 'infofillJc');

    // Two buyers (买受人) holding by share, 60 and 30; person saves continue to infofillJcinfo.
    const byShare = (value: string) => ({ mode: '按份共有', value });
    await addListedPerson(page, '添加买受人', 'infofillJcinfo', { name: '陈甲', phone: '13900000011', idNumber: '110105199003071239', address: '石河子市北一路2号' }, byShare('60'));
    await addListedPerson(page, '添加买受人', 'infofillJcinfo', { name: '陈乙', phone: '13900000012', idNumber: '130402198503151231', address: '石河子市北一路2号' }, byShare('30'));
    await addListedPerson(page, '添加出卖人', 'infofillJcinfo', { name: '林卖', phone: '13900000013', idNumber: '11010519491231002X', address: '石河子市东环路9号' });
    await addListedUnit(page, 'infofillJcinfo', {
      bdcqzmh: '新(2023)石河子市不动产权第0000777号',
      bdcdyh: '659001001001GB00002F00020002',
      zl: '石河子市北一路2号2栋202',
      fwsyqmj: '102.3',
    });
    // 交易金额 is asked once, in the 权利信息; the unit form no longer has it.
    await page.getByRole('button', { name: '添加权利信息' }).click();
    await page.waitForURL((url) => url.pathname === '/info/qlxxinfo' && url.searchParams.get('slsqId') === applicationId);
    await page.locator('#ql-qdjg').waitFor();
    await page.getByText('分别持证', { exact: true }).click();
    await page.getByText('每个单元一本证书', { exact: true }).click();
    await page.locator('#ql-qdjg').fill('150');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname.startsWith('/info/infofillJc'));
    await page.getByRole('table', { name: '买受人列表' }).getByRole('cell', { name: '陈乙', exact: true }).waitFor();
    await shot(page, 'filled');

    // 60 + 30: the check names the total.
    await page.getByRole('button', { name: '下一步' }).click();
    const check = page.getByRole('dialog').filter({ hasText: '按份共有的买受人份额之和须为100%，当前为90%' });
    await check.waitFor();
    await expect(check.textContent()).resolves.toContain('提示');
    await shot(page, 'shares-refused');
    await acknowledge(page, '当前为90%');
    expect(new URL(page.url()).pathname).toMatch(/^\/info\/infofillJc/);

    // The second buyer's share becomes 40 through 查看/修改.
    await page.getByRole('table', { name: '买受人列表' }).getByRole('button', { name: '管理陈乙' }).click();
    await page.locator('.adm-action-sheet').getByText('查看/修改', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && !!url.searchParams.get('id'));
    await expect(page.locator('#person-share').inputValue()).resolves.toBe('30');
    await page.locator('#person-share').fill('40');
    await shot(page, 'share-40');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillJcinfo');
    await page.getByRole('table', { name: '买受人列表' }).getByRole('cell', { name: '陈乙', exact: true }).waitFor();

    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ slsqId: applicationId, djlx: '200', qllx: '4' });
    await page.getByRole('heading', { name: '资料上传' }).waitFor();
    await shot(page, 'upload');
    await context.close();
  });

  it('a company applicant with its legal representative is saved on a 100+23 business and continues to infofillscdj', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'application-flow-company', 'e2e-flow-company', '黄女士');
    const BUSINESS = '抵押权首次登记';
    await page.goto(`/apply?id=pd-100-23&name=${encodeURIComponent(BUSINESS)}&djlx=100&qllx=23&code=DYSCDJ&appointment=0`);
    await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
    const applicationId = await applyFromGuide(page, 'infofilldyqzy');

    // The 100+23 screen's 抵押权人 section adds mortgagees (type 10).
    await page.getByRole('button', { name: '添加抵押权人' }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && url.searchParams.get('type') === '10');
    await page.locator('#person-name').waitFor();
    await page.getByText('企业', { exact: true }).click();
    await page.getByText('法定代表人信息').waitFor();
    await page.getByRole('main').getByText('营业执照', { exact: true }).click();
    await page.locator('#person-name').fill('石河子市某某银行股份有限公司');
    await page.locator('#person-phone').fill('09932000000');
    await page.locator('#person-idnumber').fill('91659001MA7XYZ1234');
    await page.locator('#person-rep-name').fill('黄法人');
    await page.locator('#person-rep-idnumber').fill('110105199003071239');
    await page.locator('#person-rep-phone').fill('13900000021');
    await shot(page, 'company-form');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillscdj' && url.searchParams.get('id') === applicationId);
    await page.getByRole('cell', { name: '石河子市某某银行股份有限公司', exact: true }).waitFor();
    await shot(page, 'company-saved');

    // Reopened, it is still a company with its licence and representative.
    await page.getByRole('button', { name: '管理石河子市某某银行股份有限公司' }).click();
    await page.locator('.adm-action-sheet').getByText('查看/修改', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && !!url.searchParams.get('id'));
    await page.getByText('公司名称').first().waitFor();
    await expect(page.locator('#person-rep-name').inputValue()).resolves.toBe('黄法人');
    await expect(page.locator('#person-idnumber').inputValue()).resolves.toBe('91659001MA7XYZ1234');
    await expect(page.locator('.adm-selector-item-active').allTextContents()).resolves.toContain('营业执照');
    await shot(page, 'company-reopened');
    await context.close();
  });
});
