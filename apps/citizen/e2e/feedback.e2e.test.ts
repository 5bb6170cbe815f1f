import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { citizenOnPhone } from './identity';

const hall = hallForFile();

const TEXT = '希望增加周末预约时段，方便上班族办理业务。';

describe('feedback', () => {
  it('starts empty, keeps a draft through a reload, sends it after a confirm and lists it as waiting', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'feedback', 'e2e-feedback', '赵敏');

    await page.getByText('意见反馈').click();
    await page.waitForURL('**/feedBackList');
    await page.getByText('暂无反馈，点击右下角图标添加').waitFor();
    await shot(page, 'list-empty');

    await page.getByRole('button', { name: '添加反馈' }).click();
    await page.waitForURL('**/feedBack');
    await page.getByRole('heading', { name: '意见反馈' }).waitFor();
    await shot(page, 'form');

    // Nothing written: the warning of spec §5.
    await page.getByRole('button', { name: '提交' }).click();
    const warning = page.getByRole('dialog');
    await warning.getByText('信息未填写完整，请补充完整').waitFor();
    await expect(warning.getByText('警告').count()).resolves.toBe(1);
    await shot(page, 'form-empty-warning');
    await warning.getByRole('button', { name: '确定' }).click();
    await warning.waitFor({ state: 'detached' });

    // The draft survives a reload.
    const text = page.locator('#feedback-content');
    await text.fill(TEXT);
    await page.getByText(`${Array.from(TEXT).length}/200`).waitFor();
    await page.reload();
    await page.locator('#feedback-content').waitFor();
    await expect(page.locator('#feedback-content').inputValue()).resolves.toBe(TEXT);
    await shot(page, 'form-draft-after-reload');

    // At most 200 characters.
    await text.fill('意'.repeat(230));
    await expect(text.inputValue()).resolves.toHaveLength(200);
    await page.getByText('200/200').waitFor();
    await text.fill(TEXT);

    await page.getByRole('button', { name: '提交' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('确定提交该反馈吗？').waitFor();
    await shot(page, 'form-confirm');
    await confirm.getByRole('button', { name: '确定' }).click();

    await page.waitForURL('**/feedBackList');
    const item = page.locator('.hall-feedback-item').first();
    await item.getByText(TEXT).waitFor();
    await item.getByText('待回复').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('提交成功').waitFor({ state: 'detached' });
    await expect(item.locator('.hall-feedback-item__icon.is-waiting').count()).resolves.toBe(1);
    await shot(page, 'list-with-waiting-item');
    // Sent: the draft is gone.
    await expect(page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('hall:feedback-draft')).length)).resolves.toBe(0);

    await item.click();
    await page.waitForURL(/\/feedBackDetail\?id=\d+/);
    await page.getByText('暂无回复').waitFor();
    await page.getByText(TEXT).waitFor();
    await shot(page, 'detail');

    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/feedBackList');
    await page.getByText(TEXT).waitFor();

    // The form is empty again.
    await page.getByRole('button', { name: '添加反馈' }).click();
    await expect(page.locator('#feedback-content').inputValue()).resolves.toBe('');
    await context.close();
  });

  it('answers an unknown item with 查询无数据', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'feedback-missing', 'e2e-feedback-missing', '钱多多', '/feedBackDetail?id=987654');
    const alert = page.getByRole('dialog');
    await alert.getByText('查询无数据').waitFor();
    await shot(page, 'detail-no-data');
    await alert.getByRole('button', { name: '确定' }).click();
    // No screen of the app behind it: back goes to the list.
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/feedBackList');
    await context.close();
  });
});
