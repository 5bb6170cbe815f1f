import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { citizenOnPhone, verifiedCitizen } from './identity';
import { acknowledge, fillPerson, fillUnit, startApplication } from './application-steps';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';
const GUIDE = `/apply?id=pd-700-23&name=${encodeURIComponent(BUSINESS)}&djlx=700&qllx=23&code=YDYDJ&appointment=0`;

describe('filling in an application', () => {
  it('a verified citizen starts a mortgage pre-notation, adds an obligor and an obligee, deletes one, and keeps unsaved typing over a reload', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'fill', 'e2e-fill', '赵先生');

    // From the guide, 我要申请 starts a 700+23 application and opens its fill screen.
    const applicationId = (await startApplication(page, GUIDE, '/info/infofillydy')).get('id');
    expect(applicationId).toBeTruthy();
    await page.getByRole('heading', { name: '权利信息填写' }).waitFor();

    // The screen's sections in the domain's order: obligor (抵押人), obligee (抵押权人), unit, mortgage rights.
    const sections = page.locator('section.hall-info-fill__section');
    await sections.first().waitFor();
    await expect(sections.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).resolves.toEqual(['抵押人', '抵押权人', '不动产单元信息', '抵押权利信息']);
    await expect(page.locator('.adm-step-status-process').textContent()).resolves.toContain('权利信息');
    await page.getByText('暂无抵押人').waitFor();
    await shot(page, 'empty-sections');

    // Adding an obligor: a wrong ID number is refused with the domain's message.
    await page.getByRole('button', { name: '添加抵押人' }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && url.searchParams.get('type') === '1');
    await page.getByRole('heading', { name: '抵押人信息' }).waitFor();
    await fillPerson(page, { name: '钱抵押', phone: '13900000001', idNumber: '110105199003071230', address: '石河子市北一路1号' });
    await shot(page, 'person-form');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('dialog').filter({ hasText: '请输入合法的证件号码' }).waitFor();
    await shot(page, 'person-wrong-id');
    await acknowledge(page, '请输入合法的证件号码');

    // Signing before the person is saved is refused.
    await page.getByRole('button', { name: '点击签字' }).click();
    await acknowledge(page, '请先保存用户信息');

    // The right number saves and goes back to the fill screen.
    await page.locator('#person-idnumber').fill('110105199003071239');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillydy' && url.searchParams.get('id') === applicationId);
    const obligors = page.getByRole('table', { name: '抵押人列表' });
    await obligors.getByRole('cell', { name: '钱抵押', exact: true }).waitFor();
    await expect(obligors.getByRole('cell', { name: '13900000001', exact: true }).count()).resolves.toBe(1);

    // An obligee with the citizen's own ID.
    await page.getByRole('button', { name: '添加抵押权人' }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && url.searchParams.get('type') === '0');
    await fillPerson(page, { name: '孙银行', phone: '13900000002', idNumber: '130402198503151231', address: '石河子市东环路8号' });
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillydy');
    const obligees = page.getByRole('table', { name: '抵押权人列表' });
    await obligees.getByRole('cell', { name: '孙银行', exact: true }).waitFor();
    await obligors.getByRole('cell', { name: '钱抵押', exact: true }).waitFor();
    await shot(page, 'tables');

    // 下一步 runs the server check: without a unit it stops with the server's message under 提示.
    await page.getByRole('button', { name: '下一步' }).click();
    const check = page.getByRole('dialog').filter({ hasText: '请添加不动产单元信息' });
    await check.waitFor();
    await expect(check.textContent()).resolves.toContain('提示');
    await shot(page, 'check-failed');
    await acknowledge(page, '请添加不动产单元信息');

    // A unit: the business's fields, required ones starred, checked by the domain's rules.
    await page.getByRole('button', { name: '添加不动产单元' }).click();
    await page.waitForURL((url) => url.pathname === '/info/dyxxinfo' && url.searchParams.get('slsqId') === applicationId);
    await page.locator('#unit-bdcdyh').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '不动产单元号不能为空');
    await fillUnit(page, { bdcdyh: '659001001001GB00001F00010001', zl: '石河子市北一路1号1栋101', fwsyqmj: '九十', qlqssj: '2026-01-01', qljssj: '2056-01-01' });
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '须为数字');
    // The unit's typing survives a reload too.
    await page.reload();
    await page.locator('#unit-zl').waitFor();
    await expect(page.locator('#unit-zl').inputValue()).resolves.toBe('石河子市北一路1号1栋101');
    await expect(page.locator('#unit-qljssj').inputValue()).resolves.toBe('2056-01-01');
    await page.locator('#unit-fwsyqmj').fill('89.5');
    await shot(page, 'unit-form');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillydy');
    const units = page.getByRole('table', { name: '不动产单元信息列表' });
    await units.getByRole('cell', { name: '659001001001GB00001F00010001', exact: true }).waitFor();
    await shot(page, 'unit-listed');

    // 管理 opens the sheet; 删除 asks 确定执行删除操作？ (提示) and the row goes.
    await obligees.getByRole('button', { name: '管理孙银行' }).click();
    const sheet = page.locator('.adm-action-sheet');
    for (const label of ['查看/修改', '删除', '取消']) await sheet.getByText(label, { exact: true }).waitFor();
    await shot(page, 'manage-sheet');
    await sheet.getByText('删除', { exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定执行删除操作？' });
    await ask.waitFor();
    await expect(ask.textContent()).resolves.toContain('提示');
    await shot(page, 'confirm-delete');
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('暂无抵押权人').waitFor();
    await obligors.getByRole('cell', { name: '钱抵押', exact: true }).waitFor();
    await shot(page, 'deleted');

    // 查看/修改 opens the saved obligor with its values.
    await obligors.getByRole('button', { name: '管理钱抵押' }).click();
    await sheet.getByText('查看/修改', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && url.searchParams.get('id') !== '' && url.searchParams.get('id') !== null);
    await expect(page.locator('#person-name').inputValue()).resolves.toBe('钱抵押');
    await expect(page.locator('#person-idnumber').inputValue()).resolves.toBe('110105199003071239');
    // A saved person can sign: 点击签字 opens the signature screen for that applicant.
    const personId = new URL(page.url()).searchParams.get('id');
    await page.getByRole('button', { name: '点击签字' }).click();
    await page.waitForURL((url) => url.pathname === '/userSign' && url.searchParams.get('userid') === personId && url.searchParams.get('slsqId') === applicationId);
    await page.goBack();
    await page.locator('#person-name').waitFor();
    await page.getByRole('main').getByRole('button', { name: '返回' }).click();
    await page.waitForURL((url) => url.pathname === '/info/infofillydy');

    // Unsaved typing in a new person's form survives a reload; the share shows only for a shared mode.
    await page.getByRole('button', { name: '添加抵押权人' }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && url.searchParams.get('type') === '0');
    await page.locator('#person-name').fill('李未存');
    await page.locator('#person-phone').fill('13900000003');
    await expect(page.locator('#person-share').count()).resolves.toBe(0);
    await page.getByText('按份共有', { exact: true }).click();
    await page.locator('#person-share').fill('50');
    await page.reload();
    await page.locator('#person-name').waitFor();
    await expect(page.locator('#person-name').inputValue()).resolves.toBe('李未存');
    await expect(page.locator('#person-phone').inputValue()).resolves.toBe('13900000003');
    await expect(page.locator('#person-share').inputValue()).resolves.toBe('50');
    await shot(page, 'draft-after-reload');

    // A company shows 公司名称 and the legal representative.
    await page.getByText('企业', { exact: true }).click();
    await page.getByText('公司名称').first().waitFor();
    await page.getByText('法定代表人信息').waitFor();
    await shot(page, 'company');

    // A company continues only for 100+23; for this business its save ends in 保存失败.
    await page.locator('#person-idnumber').fill('91659001MA7XYZ1234');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存失败');
    await expect(new URL(page.url()).pathname).toBe('/info/person');
    await context.close();
  });

  it('the cancellation screen saves its certificate number and goes to the upload', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'fill-cancellation', 'e2e-fill-zx', '周女士');
    const applicationId = (await startApplication(page, `/apply?id=pd-400-4&name=${encodeURIComponent('房屋注销登记')}&djlx=400&qllx=4&code=FWZXDJ&appointment=0`, '/info/infofillzxdj')).get('id');
    await page.locator('#zx-bdczmh').waitFor();
    await page.getByRole('button', { name: '下一步' }).click();
    await acknowledge(page, '不动产权证号不能为空');
    await page.locator('#zx-bdczmh').fill('新(2024)石河子市不动产权第0001234号');
    await page.locator('#zx-zxyy').fill('房屋灭失');
    await shot(page, 'form');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    expect(query).toMatchObject({ slsqId: applicationId, djlx: '400', qllx: '4', appointment: '0' });
    await context.close();
  });

  it('says when an application is not found and when loading fails, and loads again on retry', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'fill-states', 'e2e-fill-states', '吴先生', '/info/infofillydy?id=999999&djlx=700&qllx=23&appointment=0');
    await page.getByText('未找到该申请').waitFor();
    await shot(page, 'not-found');

    await page.route('**/online/wx/apilist/getApply', (route) => route.abort());
    await page.goto('/info/person?type=1&id=&slsqId=999999&djlx=700&qllx=23');
    await page.getByRole('button', { name: '重新加载' }).waitFor();
    await page.getByText('网络连接失败，请检查网络后重试').waitFor();
    await shot(page, 'load-failed');
    await page.unroute('**/online/wx/apilist/getApply');
    await page.getByRole('button', { name: '重新加载' }).click();
    await page.getByText('未找到该申请').waitFor();
    await context.close();
  });
});
