import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';

const hall = hallForFile();

describe('progress query', () => {
  it('finds nothing for the wrong letter case and the case for the right one', async () => {
    // The progress query is a business call: the citizen is verified first.
    const { context, page, shot } = await verifiedCitizen(hall, 'progress', 'e2e-progress', '郑爽');
    await page.goto('/progressQuery');
    await page.getByRole('heading', { name: '进度查询' }).waitFor();
    await page.getByText('申请编号区分大小写').waitFor();
    await shot(page, 'form');

    const number = page.locator('#progress-number');
    await number.fill('hd2026110001');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('查询无数据').waitFor();
    await page.getByText('没有查到结果，请核对申请编号').waitFor();
    await shot(page, 'not-found');

    await number.fill('HD2026110001');
    await number.press('Enter');
    const result = page.getByRole('region', { name: '查询结果' });
    await result.waitFor();
    for (const text of ['业务编号', 'HD2026110001', '项目名称', '张三 房屋转移登记', '登记类型', '转移登记', '受理时间', '办理进度', '审核']) {
      await result.getByText(text, { exact: true }).waitFor();
    }
    await expect(result.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).count()).resolves.toBe(1);
    await shot(page, 'found');

    // Came from nowhere in the app: back goes to the hall home.
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
