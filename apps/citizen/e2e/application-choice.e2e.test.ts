import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { citizenOnPhone, verifiedCitizen } from './identity';

const hall = hallForFile();

const BUSINESS = '预购商品房抵押预告登记';

describe('choosing and starting an application', () => {
  it('a verified citizen goes from the home tile through region, type and business to a new application, then deletes it from the list', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'application-choice', 'e2e-choice', '王先生');

    // The hall home's 网上申请 tile passes the profile and real-name checks and opens /seladd.
    await page.goto('/');
    await page.getByText('网上申请', { exact: true }).first().click();
    await page.waitForURL('**/seladd');
    await page.getByRole('heading', { name: '地区选择' }).waitFor();
    const city = page.getByRole('region', { name: '自治区直辖县级行政区划' });
    await city.getByRole('button', { name: '石河子市' }).waitFor();
    await shot(page, 'regions');
    await city.getByRole('button', { name: '石河子市' }).click();

    await page.waitForURL((url) => url.pathname === '/sel' && url.searchParams.get('xzqdm') === '659001');
    await page.getByRole('heading', { name: '业务选择' }).waitFor();
    const types = page.getByRole('list', { name: '业务类型' });
    for (const name of ['房屋登记', '抵押登记', '企业业务']) await types.getByRole('button', { name }).waitFor();
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await shot(page, 'types');
    await types.getByRole('button', { name: '抵押登记' }).click();

    await page.waitForURL((url) => url.pathname === '/selapp');
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries([...query].filter(([key]) => key !== 'reqseq'))).toEqual({ xzqdm: '659001', sfqy: '1', yhlx: '0', dylx: 'dydj' });
    expect(query.get('reqseq')).toBeTruthy();
    const categories = page.getByRole('navigation', { name: '业务分类' });
    await categories.getByRole('button', { name: '首次登记' }).waitFor();
    await shot(page, 'businesses');
    await categories.getByRole('button', { name: '预告登记' }).click();
    await page.getByRole('list', { name: '预告登记' }).getByRole('button', { name: BUSINESS }).waitFor();
    await shot(page, 'businesses-notice');
    await page.getByRole('button', { name: BUSINESS }).click();

    await page.waitForURL((url) => url.pathname === '/apply');
    const guideQuery = Object.fromEntries(new URL(page.url()).searchParams);
    expect(guideQuery).toEqual({ appointment: '0', id: 'pd-700-23', name: BUSINESS, djlx: '700', qllx: '23', code: 'YDYDJ', xzqdm: '659001' });
    await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
    await shot(page, 'guide');
    await page.getByRole('button', { name: '我要申请' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要申请办理该业务吗？' });
    await confirm.getByRole('button', { name: '确定' }).click();
    // 700+23 continues to the mortgage-establishment fill screen (applyNextTarget); it is not built yet.
    await page.waitForURL((url) => url.pathname === '/info/infofillydy');
    const fillQuery = new URL(page.url()).searchParams;
    expect(fillQuery.get('djlx')).toBe('700');
    expect(fillQuery.get('qllx')).toBe('23');
    await shot(page, 'next-screen');

    // The new application waits under 未提交, without an application number yet.
    await page.goto('/prodoing');
    await page.getByRole('heading', { name: '我的申请' }).waitFor();
    await expect(page.getByRole('tab', { name: '未提交' }).getAttribute('aria-selected')).resolves.toBe('true');
    const list = page.getByRole('list', { name: '未提交的申请' });
    const item = list.getByRole('listitem').filter({ hasText: BUSINESS });
    await item.waitFor();
    await expect(item.textContent()).resolves.toContain('申请编号：暂未生成');
    // 申请地点 is the place chosen, not the grouping above it.
    await expect(item.textContent()).resolves.toContain('申请地点：石河子市');
    await expect(item.textContent()).resolves.toContain('创建时间');
    await shot(page, 'list');

    // The other tabs are empty for this citizen.
    await page.getByRole('tab', { name: '已驳回' }).click();
    await page.waitForURL((url) => url.searchParams.get('itemIndex') === '3');
    await page.getByText('没有查到任何相关结果，请核对确认申请单号').waitFor();
    await shot(page, 'rejected-empty');
    await page.getByRole('tab', { name: '未提交' }).click();

    // Tapping the item opens its actions; 删除 asks first.
    await page.getByRole('list', { name: '未提交的申请' }).getByRole('button', { name: BUSINESS }).click();
    const sheet = page.locator('.adm-action-sheet');
    for (const label of ['查看/编辑', '删除', '取消']) await sheet.getByText(label, { exact: true }).waitFor();
    await expect(sheet.getByText('查看详情', { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'actions');
    await sheet.getByText('删除', { exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定执行删除操作？' });
    await ask.waitFor();
    await shot(page, 'confirm-delete');
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('没有查到任何相关结果，请核对确认申请单号').waitFor();
    await expect(page.getByRole('tab', { name: '未提交' }).getAttribute('aria-selected')).resolves.toBe('true');
    expect(new URL(page.url()).searchParams.get('itemIndex')).toBe('0');
    await expect(page.getByText(BUSINESS).count()).resolves.toBe(0);
    await shot(page, 'deleted');
    await context.close();
  });

  it('stops an enterprise business for an individual account', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'application-choice-enterprise', 'e2e-choice-person', '李女士', '/selapp?xzqdm=659000&sfqy=1&yhlx=0&dylx=qydj');
    await page.getByRole('navigation', { name: '业务分类' }).waitFor();
    await page.getByRole('button', { name: /企业$/ }).first().click();
    const refused = page.getByRole('dialog').filter({ hasText: '当前账号只能办理个人业务，企业业务请先在网上登记平台注册企业账号' });
    await refused.waitFor();
    await shot(page, 'refused');
    await refused.getByRole('button', { name: '确定' }).click();
    await refused.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/selapp');
    await context.close();
  });
});
