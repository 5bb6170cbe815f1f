import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';
import { acknowledge, applyFromGuide, fillUnit } from './application-steps';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';

describe('house information and who may be an applicant', () => {
  it('/info/houseinfo shows the business field list, saves a unit that the fill screen then lists, and a company obligor outside 100+23 is not stored', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'house-info', 'e2e-house-info', '吴先生');
    await page.goto(`/apply?id=pd-700-23&name=${encodeURIComponent(BUSINESS)}&djlx=700&qllx=23&code=YDYDJ&appointment=0`);
    await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
    const applicationId = await applyFromGuide(page, 'infofillydy');

    // Its own screen, 房屋信息: the fields and stars of the business's list; a missing required one is named.
    await page.goto(`/info/houseinfo?slsqId=${applicationId}&djlx=700&qllx=23&appointment=0&code=YDYDJ`);
    await page.getByRole('heading', { name: '房屋信息' }).waitFor();
    await page.locator('#unit-bdcdyh').waitFor();
    // 700+23 lists the certificate number as optional and the unit number as required.
    await expect(page.locator('label[for="unit-bdcdyh"]').textContent()).resolves.toBe('*不动产单元号');
    await expect(page.locator('label[for="unit-bdcqzmh"]').textContent()).resolves.toBe('不动产权证号');
    await shot(page, 'empty');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, /不能为空/);
    await fillUnit(page, { bdcdyh: '659001001001GB00001F00020002', zl: '石河子市北二路2号2栋202', fwsyqmj: '96.3', qlqssj: '2026-02-01', qljssj: '2056-02-01' });
    await shot(page, 'filled');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillydy');
    await page.getByRole('table', { name: '不动产单元信息列表' }).getByRole('cell', { name: '659001001001GB00001F00020002', exact: true }).waitFor();
    await shot(page, 'listed');

    // A company as the obligor of a 700+23 mortgage: 保存失败, and the server keeps nothing.
    await page.goto(`/info/person?type=1&slsqId=${applicationId}&djlx=700&qllx=23&appointment=0&code=YDYDJ`);
    await page.locator('#person-name').waitFor();
    await page.getByText('企业', { exact: true }).click();
    await page.locator('#person-name').fill('石河子某某置业有限公司');
    await page.locator('#person-phone').fill('0993-2012345');
    await page.locator('#person-idnumber').fill('91659001MA7XYZ1234');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存失败');
    expect(new URL(page.url()).pathname).toBe('/info/person');
    await page.goto(`/info/infofillydy?id=${applicationId}&djlx=700&qllx=23&appointment=0&code=YDYDJ`);
    await page.getByRole('button', { name: '添加不动产单元' }).waitFor();
    await page.getByRole('cell', { name: '659001001001GB00001F00020002', exact: true }).waitFor();
    await expect(page.getByText('石河子某某置业有限公司').count()).resolves.toBe(0);
    await shot(page, 'company-not-stored');
    await context.close();
  });
});
