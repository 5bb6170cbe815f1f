import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { OWNER, verifiedCitizen } from './identity';

const hall = hallForFile();

describe('queue numbers', () => {
  it('takes a number from the hall menu, sees it in 我的取号 and cancels it', async () => {
    // Taking a number is a business call: a saved, verified profile, which also fills the order form.
    const { context, page, shot } = await verifiedCitizen(hall, 'queue', 'e2e-queue', '取号市民', OWNER);

    await page.goto('/');
    await page.getByText('排队取号', { exact: true }).waitFor();
    await shot(page, 'home-menu');
    await page.getByText('排队取号', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/queue');
    await page.getByRole('heading', { name: '排队取号' }).waitFor();
    await page.getByText('邯郸市不动产登记中心').waitFor();
    // Every hall shows its address: none of them reads 暂无.
    await expect(page.locator('.hall-queue__item').filter({ hasText: '复兴区不动产登记服务大厅' }).getByText('地址：河北省邯郸市复兴区复兴路216号政务服务中心一楼').count()).resolves.toBe(1);
    await shot(page, 'halls');

    await page.getByText('邯郸市不动产登记中心').click();
    await page.waitForURL((url) => url.pathname === '/queue/business');
    await page.getByText('登记业务').waitFor();
    await page.getByText('可办理：抵押权首次登记、抵押权注销登记、预告登记').waitFor();
    await shot(page, 'groups');

    await page.getByText('登记业务').click();
    await page.waitForURL((url) => url.pathname === '/queue/time');
    const days = page.getByRole('radiogroup', { name: '预约日期' }).getByRole('radio');
    await days.first().waitFor();
    await expect(days.count()).resolves.toBe(7);
    // Seven days always hold a weekend: closed days show 休息 and cannot be chosen.
    const closed = days.filter({ hasText: '休息' });
    expect(await closed.count()).toBeGreaterThan(0);
    await expect(closed.first().isDisabled()).resolves.toBe(true);
    // A day the hall refuses when its times are asked for (closed meanwhile) is marked 休息 with the hall's message.
    const refusedDate = (await days.filter({ hasNotText: '休息' }).nth(2).locator('.hall-queue__day-date').textContent())!;
    const refused = days.filter({ hasText: refusedDate });
    await page.route('**/callnum/api/makeanapp/timenum', (route) => route.fulfill({ status: 400, json: { stat: 0, msg: '该日为休息日，不能取号，请选择其他日期' } }), { times: 1 });
    await refused.click();
    await page.getByText('该日为休息日，不能取号，请选择其他日期').waitFor();
    await refused.getByText('休息').waitFor();
    await expect(refused.isDisabled()).resolves.toBe(true);
    await shot(page, 'day-refused');
    // A later open day, so every time of it can still be booked.
    const later = days.filter({ hasNotText: '休息' }).nth(1);
    await later.click();
    await expect(later.getAttribute('aria-checked')).resolves.toBe('true');
    const times = page.getByRole('radiogroup', { name: '预约时间' }).getByRole('radio');
    await times.first().waitFor();
    await expect(times.count()).resolves.toBe(8);
    await times.filter({ hasText: '10:00-11:00' }).click();
    await expect(page.locator('#queue-name').inputValue()).resolves.toBe(OWNER.name);
    await expect(page.locator('#queue-phone').inputValue()).resolves.toBe(OWNER.phone);
    await page.locator('#queue-remark').fill('办理二手房过户');
    await shot(page, 'day-and-time');

    await page.getByRole('button', { name: '确认取号' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定取号吗？' });
    await confirm.waitFor();
    await shot(page, 'confirm');
    await confirm.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/queue/result');
    await page.getByText('取号成功').waitFor();
    await expect(page.getByTestId('queue-number').textContent()).resolves.toBe('A001');
    await page.getByText('10:00-11:00').waitFor();
    await page.getByText('办理二手房过户').waitFor();
    await shot(page, 'result');

    await page.getByRole('button', { name: '我的取号' }).click();
    await page.waitForURL((url) => url.pathname === '/queue/orders');
    const order = page.locator('.hall-queue__order').first();
    await order.getByText('待办理').waitFor();
    await shot(page, 'orders');
    await order.getByRole('button', { name: '取消取号' }).click();
    const cancel = page.getByRole('dialog').filter({ hasText: '确定取消该号码吗？' });
    await cancel.waitFor();
    await cancel.getByRole('button', { name: '确定' }).click();
    await order.getByText('已取消').waitFor();
    await expect(order.getByRole('button', { name: '取消取号' }).count()).resolves.toBe(0);
    await shot(page, 'cancelled');

    // The citizen's numbers: one taken, none still valid.
    const count = await context.request.post(`${hall.origin}/callnum/api/order/count`, { data: {} });
    expect(await count.json()).toEqual({ stat: 1, data: { total: 1, valid: 0 } });
    await context.close();
  });
});
