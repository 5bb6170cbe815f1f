import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';
import { acknowledge } from './application-steps';

const hall = hallForFile();

/** A citizen signed in through WeChat lives in the hall's district, 130400, whose first hall takes the bookings. */
const HALL_NAME = '邯郸市不动产登记中心';
const ALREADY_BOOKED = '您已预约，不能重复预约！';

describe('counter booking', () => {
  it('a fresh verified citizen books a slot, sees the booking, finds it in the records with its details, and cannot book the same date twice', async () => {
    const { page, shot } = await verifiedCitizen(hall, 'counter-booking', 'e2e-counter', '吴女士');

    // The hall menu's 窗口预约 tile opens the booking page; its records link shows no bookings yet.
    await page.goto('/');
    const tile = page.getByText('窗口预约', { exact: true });
    await tile.waitFor();
    await shot(page, 'home-menu');
    await tile.click();
    await page.waitForURL((url) => url.pathname === '/appointment');
    await page.getByRole('link', { name: '我的预约记录' }).click();
    await page.waitForURL((url) => url.pathname === '/apmrecord');
    await page.getByRole('heading', { name: '预约记录' }).waitFor();
    await page.getByText('当前用户暂无预约记录！').waitFor();
    await shot(page, 'records-empty');
    await page.getByRole('button', { name: '去预约' }).click();

    // The booking page: dates with their weekday on the left, the first open day chosen, its slots as booked/max.
    await page.waitForURL((url) => url.pathname === '/appointment');
    await page.getByRole('heading', { name: '窗口预约' }).waitFor();
    await page.getByText(`预约大厅：${HALL_NAME}`).waitFor();
    const days = page.getByRole('list', { name: '预约日期' }).getByRole('button');
    await days.first().waitFor();
    expect(await days.count()).toBe(21);
    const labels = await days.allTextContents();
    for (const label of labels) expect(label).toMatch(/^\d{2}-\d{2}星期[一二三四五六日]( 休息)?$/);
    expect(labels.filter((label) => /星期[六日]/.test(label)).every((label) => label.endsWith('休息'))).toBe(true);
    const chosenDay = page.getByRole('list', { name: '预约日期' }).getByRole('button', { pressed: true });
    const dayTitle = (await page.locator('.hall-counter-booking__day-title').textContent())!;
    expect(dayTitle).toMatch(/^\d{4}-\d{2}-\d{2} 星期[一二三四五]$/);
    expect(dayTitle.slice(5, 10)).toBe((await chosenDay.textContent())!.slice(0, 5));
    const date = dayTitle.slice(0, 10);
    const first = page.getByRole('button', { name: /^09:00-10:00 已预约0\/10$/ });
    await first.waitFor();
    await shot(page, 'booking');

    // A closed day offers no slot.
    await days.filter({ hasText: '休息' }).first().click();
    await page.getByText('当日休息，不可预约，请选择其他日期').waitFor();
    await shot(page, 'closed-day');
    await days.filter({ hasText: date.slice(5) }).click();

    // Tap a slot, confirm, and the booking details show.
    await first.click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定要申请吗?' });
    await ask.waitFor();
    await ask.getByText('提示').waitFor();
    await shot(page, 'confirm');
    await ask.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/apmorder' && url.searchParams.has('id'));
    await page.getByRole('heading', { name: '预约详情' }).waitFor();
    await page.getByText('您已预约成功').waitFor();
    const slip = page.getByRole('region', { name: '预约结果' });
    expect(await slip.textContent()).toContain(`请于 ${date} 09:00-10:00 时间段内到 ${HALL_NAME} 办理，并向窗口工作人员出示本页面。`);
    const details = page.getByRole('definition');
    expect(await details.allTextContents()).toEqual(expect.arrayContaining([HALL_NAME, `${date} 09:00-10:00`, '张三', '138****5678', '1304**********1231']));
    await shot(page, 'order');

    // The records: booking time as year-month-day and the creation time; a tap opens the details.
    await page.getByRole('button', { name: '查看预约记录' }).click();
    await page.waitForURL((url) => url.pathname === '/apmrecord');
    const record = page.getByRole('list', { name: '预约记录' }).getByRole('button');
    await record.first().waitFor();
    expect(await record.count()).toBe(1);
    const recordText = (await record.textContent())!;
    expect(recordText).toContain(`预约时间：${date}`);
    expect(recordText).not.toContain('09:00-10:00');
    expect(recordText).toMatch(/创建时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await shot(page, 'records');
    await record.click();
    const popup = page.getByRole('dialog', { name: '预约详情' });
    await popup.waitFor();
    await popup.getByText(`${date} 09:00-10:00`).waitFor();
    await popup.getByText(HALL_NAME).waitFor();
    await shot(page, 'record-popup');
    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached' });

    // Back on the booking page the slot reads 1/10; another slot of the same date is refused.
    await page.goto('/appointment');
    await page.getByRole('button', { name: /^09:00-10:00 已预约1\/10$/ }).waitFor();
    await page.getByText('您已预约当日，可在预约记录中查看').waitFor();
    await page.getByRole('button', { name: /^10:00-11:00 已预约0\/10$/ }).click();
    const refused = page.getByRole('dialog').filter({ hasText: ALREADY_BOOKED });
    await refused.waitFor();
    await refused.getByText('提示').waitFor();
    await shot(page, 'already-booked');
    await acknowledge(page, ALREADY_BOOKED);

    // A page opened before a booking made elsewhere: the server refuses the date, and the page shows its message and the counts as they are now.
    const second = days.filter({ hasNotText: '休息' }).nth(1);
    await second.click();
    const secondTitle = page.locator('.hall-counter-booking__day-title');
    await expect.poll(() => secondTitle.textContent()).not.toBe(dayTitle);
    const secondDate = (await secondTitle.textContent())!.slice(0, 10);
    await page.getByRole('button', { name: /^10:00-11:00 已预约0\/10$/ }).waitFor();
    const elsewhere = await page.evaluate(async (wanted) => {
      const post = async (path: string, body: object) =>
        (await (await fetch(`/online/wx/appoint/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
          state: number;
          msg?: string;
          data: never;
        };
      const calendar = (await post('getCalendar', {})).data as { calendarId: string; calendar: string }[];
      const calendarId = calendar.find((row) => row.calendar === wanted)!.calendarId;
      const counts = ((await post('queryApmCount', { calendarId })).data as { counts: { countId: string }[] }).counts;
      return post('addApmCount', { calendarId, countId: counts[0]!.countId });
    }, secondDate);
    expect(elsewhere.state).toBe(1);
    await page.getByRole('button', { name: /^10:00-11:00 已预约0\/10$/ }).click();
    await page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
    const serverRefusal = page.getByRole('dialog').filter({ hasText: ALREADY_BOOKED });
    await serverRefusal.waitFor();
    await serverRefusal.getByText('提示').waitFor();
    await shot(page, 'refused-by-server');
    await acknowledge(page, ALREADY_BOOKED);
    await page.getByRole('button', { name: /^09:00-10:00 已预约1\/10$/ }).waitFor();
    await page.getByText('您已预约当日，可在预约记录中查看').waitFor();
    expect(new URL(page.url()).pathname).toBe('/appointment');

    // Two bookings, one a date, newest first.
    await page.getByRole('link', { name: '我的预约记录' }).click();
    await page.waitForURL((url) => url.pathname === '/apmrecord');
    await expect.poll(() => record.count()).toBe(2);
    expect(await record.first().textContent()).toContain(`预约时间：${secondDate}`);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/appointment');

    // The application list's booking link (kyy 1) opens the page for the citizen's own case; a case not yet submitted cannot be booked.
    const proinstid = await page.evaluate(async () => {
      const reply = await fetch('/online/wx/apilist/getApplyCode', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prodefid: 'pd-700-23', appointment: '1' }),
      });
      return ((await reply.json()) as { data: { proinstid: string } }).data.proinstid;
    });
    await page.goto(`/online/wx/appoint/index?proinstid=${proinstid}`);
    await page.waitForURL((url) => url.pathname === '/appointment' && url.searchParams.get('proinstid') === proinstid);
    await page.getByText('预约业务：预购商品房抵押预告登记').waitFor();
    // The page opens on the first open day, which the citizen has booked: wait for the third day's slots before tapping one.
    const third = days.filter({ hasNotText: '休息' }).nth(2);
    const thirdDay = (await third.textContent())!.slice(0, 5);
    await third.click();
    await expect.poll(async () => (await page.locator('.hall-counter-booking__day-title').textContent())?.slice(5, 10)).toBe(thirdDay);
    await page.getByRole('button', { name: /^10:00-11:00 已预约0\/10$/ }).click();
    await page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
    await page.getByRole('dialog').filter({ hasText: '未找到您已提交的该业务，不能预约' }).waitFor();
    await shot(page, 'case-not-submitted');
    await acknowledge(page, '未找到您已提交的该业务，不能预约');
  });
  it('a booking is moved to another slot and then cancelled, each after a confirmation; the places go back', async () => {
    const { page, shot } = await verifiedCitizen(hall, 'counter-booking-change', 'e2e-counter-change', '郑先生');
    /** The booked count of each slot of a date, as the booking page reads it. */
    const countsOn = (wanted: string) =>
      page.evaluate(async (day) => {
        const post = async (path: string, body: object) =>
          (await (await fetch(`/online/wx/appoint/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { data: never };
        const calendar = (await post('getCalendar', {})).data as { calendarId: string; calendar: string }[];
        const calendarId = calendar.find((row) => row.calendar === day)!.calendarId;
        return ((await post('queryApmCount', { calendarId })).data as { counts: { timeName: string; countNum: number }[] }).counts;
      }, wanted);
    await page.goto('/appointment');
    const before = await countsOn((await page.locator('.hall-counter-booking__day-title').textContent())!.slice(0, 10));
    await page.getByRole('button', { name: /^09:00-10:00 已预约\d+\/10$/ }).click();
    await page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/apmorder' && url.searchParams.has('id'));
    const id = new URL(page.url()).searchParams.get('id')!;
    const slip = page.getByRole('region', { name: '预约结果' });
    const date = /请于 (\d{4}-\d{2}-\d{2}) 09:00-10:00/.exec((await slip.textContent())!)![1]!;
    await page.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} 前可取消或改约$/).waitFor();
    await shot(page, 'changeable');
    for (const width of [320]) {
      await page.setViewportSize({ width, height: 700 });
      await shot(page, `changeable-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // 改约: the booking page in its place, a slot of the same day, a confirmation naming it.
    await page.getByRole('button', { name: '改约' }).click();
    await page.waitForURL((url) => url.pathname === '/appointment' && url.searchParams.get('move') === id);
    await page.getByRole('heading', { name: '改约' }).waitFor();
    await page.getByText('请选择新的预约时段，原时段的名额将被释放').waitFor();
    await page
      .getByRole('list', { name: '预约日期' })
      .getByRole('button', { name: new RegExp(`^${date.slice(5)}`) })
      .click();
    await page.getByRole('button', { name: /^10:00-11:00 已预约\d+\/10$/ }).click();
    const ask = page.getByRole('dialog').filter({ hasText: `确定将预约改到 ${date} 10:00-11:00 吗？原预约时段的名额将被释放。` });
    await ask.waitFor();
    await shot(page, 'move-confirm');
    await ask.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/apmorder' && url.searchParams.get('id') === id);
    expect(await slip.textContent()).toContain(`请于 ${date} 10:00-11:00 时间段内`);
    await shot(page, 'moved');

    // 取消预约: asked first; the record is gone and both slots have their places back.
    await page.getByRole('button', { name: '取消预约' }).click();
    const cancel = page.getByRole('dialog').filter({ hasText: '确定要取消该预约吗？取消后名额将释放给其他市民。' });
    await cancel.waitFor();
    await shot(page, 'cancel-confirm');
    await cancel.getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/apmrecord');
    await page.getByText('当前用户暂无预约记录！').waitFor();
    const after = await countsOn(date);
    expect(after).toEqual(before);
  });
});
