import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';
import { acknowledge, addPerson, addUnit, startApplication } from './application-steps';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';
const GUIDE = `/apply?id=pd-700-23&name=${encodeURIComponent(BUSINESS)}&djlx=700&qllx=23&code=YDYDJ&appointment=0`;

describe('rights information', () => {
  it('a 700+23 application gets its persons, a unit and mortgage rights, then passes the check to the upload', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'rights', 'e2e-rights', '赵先生');

    const applicationId = (await startApplication(page, GUIDE, '/info/infofillydy')).get('id');
    expect(applicationId).toBeTruthy();

    await addPerson(page, '添加抵押人', 'infofillydy', { name: '钱抵押', phone: '13900000001', idNumber: '110105199003071239', address: '石河子市北一路1号' });
    await addPerson(page, '添加抵押权人', 'infofillydy', { name: '孙银行', phone: '13900000002', idNumber: '130402198503151231', address: '石河子市东环路8号' });

    await addUnit(page, 'infofillydy', { bdcdyh: '659001001001GB00001F00010001', zl: '石河子市北一路1号1栋101', fwsyqmj: '89.5', qlqssj: '2026-01-01', qljssj: '2056-01-01' });

    // Without mortgage rights the check stops.
    await page.getByRole('button', { name: '下一步' }).click();
    const check = page.getByRole('dialog').filter({ hasText: '提示' });
    await check.waitFor();
    await check.getByRole('button', { name: '确定' }).click();
    await check.waitFor({ state: 'detached' });

    // Mortgage rights: a new record starts as 一般抵押 in 万元 and asks the secured principal.
    await page.getByRole('button', { name: '添加抵押权利信息' }).click();
    await page.waitForURL((url) => url.pathname === '/info/dyqinfo' && url.searchParams.get('slsqId') === applicationId);
    await page.getByRole('heading', { name: '抵押权利信息' }).waitFor();
    await page.locator('#dyq-bdbzzqse').waitFor();
    await expect(page.locator('.adm-selector-item-active').allTextContents()).resolves.toEqual(['一般抵押', '万元']);
    await expect(page.locator('#dyq-zgzqse').count()).resolves.toBe(0);
    await shot(page, 'mortgage-new');

    // 最高额抵押 swaps the principal for the maximum claim and its confirmation.
    await page.getByText('最高额抵押', { exact: true }).click();
    await page.locator('#dyq-zgzqse').waitFor();
    await page.locator('#dyq-zgzqqdss').waitFor();
    await expect(page.locator('#dyq-bdbzzqse').count()).resolves.toBe(0);
    await shot(page, 'mortgage-maximum');
    await page.getByText('一般抵押', { exact: true }).click();

    // The domain's order: claim dates first, then the principal.
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '债权起始日期不能为空');
    await page.locator('#dyq-zqqssj').fill('2026-01-01');
    await page.locator('#dyq-zqjssj').fill('2046-01-01');
    await page.locator('#dyq-zwr').fill('钱抵押');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '被担保主债权数额不能为空');
    await shot(page, 'mortgage-missing-principal');

    // The typing survives a reload, also under the other spelling of the path.
    await page.goto(page.url().replace('/info/dyqinfo', '/info/Dyqinfo'));
    await page.locator('#dyq-zqjssj').waitFor();
    await expect(page.locator('#dyq-zqqssj').inputValue()).resolves.toBe('2026-01-01');
    await expect(page.locator('#dyq-zwr').inputValue()).resolves.toBe('钱抵押');

    await page.locator('#dyq-bdbzzqse').fill('80');
    await expect(page.locator('#dyq-bdbzzqse').getAttribute('inputmode')).resolves.toBe('decimal');
    await shot(page, 'mortgage-filled');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillydy' && url.searchParams.get('id') === applicationId);
    await page.getByRole('table', { name: '抵押权利信息列表' }).waitFor();
    await shot(page, 'mortgage-listed');

    // 查看/修改 opens the saved record.
    await page.getByRole('table', { name: '抵押权利信息列表' }).getByRole('button').first().click();
    await page.locator('.adm-action-sheet').getByText('查看/修改', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/info/dyqinfo');
    await expect(page.locator('#dyq-bdbzzqse').inputValue()).resolves.toBe('80');
    await expect(page.locator('#dyq-zwr').inputValue()).resolves.toBe('钱抵押');
    await page.getByRole('main').getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === '/info/infofillydy');

    // Everything is there: the check passes and the upload opens.
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    expect(new URL(page.url()).searchParams.get('slsqId')).toBe(applicationId);
    await context.close();
  });

  it('pre-notation rights and transfer rights info are checked by the domain and saved', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'rights-other', 'e2e-rights-yg', '周女士');
    const guide = `/apply?id=pd-700-423&name=${encodeURIComponent('预购商品房预告登记及抵押预告登记')}&djlx=700&qllx=423&code=YGYDYDJ&appointment=0`;
    const applicationId = (await startApplication(page, guide, (url) => url.pathname.startsWith('/info/infofill'))).get('id') ?? '';
    const query = `slsqId=${applicationId}&djlx=700&qllx=423&appointment=0`;

    // Pre-notation: defaults 共同持证, 元, 购买商品房, 否; land-use dates required.
    await page.goto(`/info/ygqlxx?id=&${query}`);
    await page.locator('#yg-tdsyqsrq').waitFor();
    await expect(page.locator('.adm-selector-item-active').allTextContents()).resolves.toEqual(['共同持证', '元', '购买商品房', '否']);
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '土地使用起始日期不能为空');
    await page.locator('#yg-tdsyqsrq').fill('2020-01-01');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '土地使用结束日期不能为空');
    await page.locator('#yg-tdsyjsrq').fill('2090-01-01');
    await page.locator('#yg-qdjg').fill('120');
    await shot(page, 'pre-notation');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname.startsWith('/info/infofill'));

    // Transfer rights info: holding method, count and amount, each required in turn.
    await page.goto(`/info/qlxxinfo?id=&${query}`);
    await page.locator('#ql-qdjg').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '持证方式不能为空');
    await page.getByText('分别持证', { exact: true }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '发证方式不能为空');
    await page.getByText('每个单元一本证书', { exact: true }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '交易金额不能为空');
    await page.locator('#ql-qdjg').fill('abc');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '须为数字');
    await page.locator('#ql-qdjg').fill('150');
    await shot(page, 'rights-info');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');

    // A failed save says 保存失败 and stays.
    await page.goto(`/info/qlxxinfo?id=&${query}`);
    await page.locator('#ql-qdjg').waitFor();
    await expect(page.locator('#ql-qdjg').inputValue()).resolves.toBe('150');
    await page.route('**/online/wx/apilist/addQlxxInfo', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ state: 0, msg: '保存失败' }) }));
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存失败');
    expect(new URL(page.url()).pathname).toBe('/info/qlxxinfo');

    // A failed load offers a retry.
    await page.route('**/online/wx/apilist/getApply', (route) => route.abort());
    await page.reload();
    await page.getByRole('button', { name: '重新加载' }).waitFor();
    await shot(page, 'load-failed');
    await page.unroute('**/online/wx/apilist/getApply');
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.locator('#ql-qdjg').waitFor();
    await context.close();
  });
});
