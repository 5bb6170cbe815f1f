import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, keepFailureEvidence, verifiedCitizen, steadyScreenshots } from './hall';

const hall = hallForFile();

/** Signs in to the console with a demo account and waits for the home's entry of the screen wanted. */
async function consoleSignIn(page: Page, username: string, entry: RegExp) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: entry }).click();
}

/** A console on a phone or a desktop, signed in and on the screen wanted, keeping its evidence and screenshots under `journey`. */
async function openConsole(device: 'phone' | 'desktop', journey: string, username: string, entry: RegExp) {
  const { page } = device === 'phone' ? await hall.newPhone() : await hall.newDesktop();
  keepFailureEvidence(page, journey);
  await consoleSignIn(page, username, entry);
  return { page, shot: steadyScreenshots(journey) };
}

describe('appointment settings and the counter’s day', () => {
  it('an administrator closes a booked day: confirmed with a reason, the booking is cancelled and its citizen told, who books another day, and the counter checks the citizen in', async () => {
    // A citizen books the first open day's 09:00-10:00 at the counter booking page.
    const { shot: citizenShot, ...citizen } = await verifiedCitizen(hall, 'appointment-settings-citizen', 'e2e-settings-citizen', '张先生');
    const bookFirstOpenDay = async () => {
      await citizen.page.goto('/appointment');
      const dayTitle = (await citizen.page.locator('.hall-counter-booking__day-title').textContent())!;
      await citizen.page.getByRole('button', { name: /^09:00-10:00 已预约0\/10$/ }).click();
      await citizen.page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
      await citizen.page.waitForURL((url) => url.pathname === '/apmorder');
      return dayTitle.slice(0, 10);
    };
    const date = await bookFirstOpenDay();

    // On the phone, the administrator tries fewer places than booked: refused with the count, the typed value kept.
    const { page: adminPhonePage, shot: phoneShot } = await openConsole('phone', 'appointment-settings-admin-phone', 'admin', /预约设置/);
    const business = adminPhonePage.getByRole('region', { name: '一般登记窗口的时段' });
    const places = business.getByLabel('容量（人）').first();
    await places.fill('0');
    await business.getByRole('button', { name: '保存时段与容量' }).click();
    await business.getByRole('alert').getByText(`${date} 09:00-10:00：该时段已有1人预约，容量不能少于1`).waitFor();
    await expect(places.inputValue()).resolves.toBe('0');
    await phoneShot(adminPhonePage, 'capacity-refused');
    await adminPhonePage.goto('/admin/appointment-settings');
    await adminPhonePage.getByRole('region', { name: '工作日' }).waitFor();
    await phoneShot(adminPhonePage, 'settings');

    // The administrator, at the desktop, closes that day.
    const { page: adminPage, shot: adminShot } = await openConsole('desktop', 'appointment-settings-admin', 'admin', /预约设置/);
    await adminPage.waitForURL('**/admin/appointment-settings');
    await adminPage.getByRole('region', { name: '工作日' }).waitFor();
    await adminShot(adminPage, 'settings');
    const days = adminPage.getByRole('region', { name: '节假日与调休' });
    await days.getByLabel('日期').fill(date);
    await days.getByLabel('说明').fill('系统维护');
    await days.getByRole('button', { name: '保存日期设置' }).click();
    // Not saved yet: the booking it would cancel is listed, the holiday's note offered as the reason.
    const confirm = adminPage.getByRole('alertdialog', { name: '确认取消预约' });
    await confirm.getByText('此次调整将取消1个已有预约').waitFor();
    await confirm.getByText('138****5678').waitFor();
    await expect(confirm.getByLabel(/取消原因/).inputValue()).resolves.toBe('系统维护');
    await adminShot(adminPage, 'day-close-confirm');
    await confirm.getByRole('button', { name: '确认取消1个预约并保存' }).click();
    const cancelled = adminPage.getByRole('status', { name: '已取消的预约' });
    await cancelled.getByText('已取消1个预约').waitFor();
    await cancelled.getByText('138****5678').waitFor();
    await days.getByText('系统维护').waitFor();
    await adminShot(adminPage, 'day-closed-cancelled');

    // The citizen is told why, in the 消息中心.
    await citizen.page.goto('/my/messages');
    await citizen.page.getByRole('list', { name: '我的消息' }).getByText(`因系统维护，您预约的${date} 09:00-10:00`, { exact: false }).waitFor();
    await citizenShot(citizen.page, 'booking-cancelled-message');

    // The citizen's calendar shows the day closed.
    await citizen.page.goto('/appointment');
    const closed = citizen.page
      .getByRole('list', { name: '预约日期' })
      .getByRole('button')
      .filter({ hasText: date.slice(5) });
    await closed.getByText('休息').waitFor();
    await closed.click();
    await citizen.page.getByText('当日休息，不可预约，请选择其他日期').waitFor();
    await citizenShot(citizen.page, 'day-closed');
    // The citizen books the next open day instead.
    const nextDate = await bookFirstOpenDay();
    expect(nextDate > date).toBe(true);

    // The counter, on the phone, opens that day and checks the citizen in, once.
    const { page: counterPage, shot: counterShot } = await openConsole('phone', 'appointment-settings-counter', 'counter', /今日预约/);
    await counterPage.waitForURL('**/admin/counter-day');
    await counterPage.getByLabel('日期').fill(nextDate);
    const list = counterPage.getByRole('table', { name: '预约名单' });
    await list.getByText('09:00-10:00').waitFor();
    await counterShot(counterPage, 'day');
    await list.getByRole('button', { name: /到场$/ }).first().click();
    await list.getByText('已到场').waitFor();
    // The mark names the person who made it, as 账号管理 has them (the demo 窗口人员 张窗口), not the account.
    await list.getByText(/^登记人 张窗口 · \d{2}:\d{2}$/).waitFor();
    expect(await list.getByRole('button', { name: /到场$/ }).count()).toBe(0);
    await counterShot(counterPage, 'checked-in');

    // The desktop view of the counter's day, and its print view.
    const { page: deskPage, shot: deskShot } = await openConsole('desktop', 'appointment-settings-counter-desktop', 'counter', /今日预约/);
    await deskPage.getByLabel('日期').fill(nextDate);
    const table = deskPage.getByRole('table', { name: '预约名单' });
    await table.getByText('已到场').waitFor();
    await deskShot(deskPage, 'day');
    // There it is a table the hall sorts and filters, its state kept in the address, the booking opened beside it.
    await table.getByRole('button', { name: /^姓名/ }).click();
    await deskPage.waitForURL(/sort=name/);
    // The address changes before the table shows it: the heading is read until it does.
    await expect.poll(() => table.getByRole('columnheader', { name: '姓名' }).getAttribute('aria-sort')).toBe('ascending');
    await deskPage.getByLabel('状态').selectOption('waiting');
    await deskPage.waitForURL(/state=waiting/);
    await deskPage.getByText('当天没有这个状态的预约').waitFor();
    await deskPage.getByLabel('状态').selectOption('arrived');
    await deskPage.waitForURL(/state=arrived/);
    await table.getByRole('row').filter({ hasText: '已到场' }).getByRole('button').first().click();
    const panel = deskPage.getByRole('complementary', { name: '预约详情' });
    await panel.getByText('网上预约').or(panel.getByText('窗口预约')).waitFor();
    await panel.getByText('张窗口', { exact: true }).waitFor();
    await deskPage.waitForURL(/open=/);
    await deskShot(deskPage, 'booking-detail');
    await panel.getByRole('button', { name: '关闭' }).click();
    await panel.waitFor({ state: 'detached' });
    await deskPage.emulateMedia({ media: 'print' });
    await deskShot(deskPage, 'print');
    // Three consoles, a citizen and the desktop table's sorting and filtering: longer than one screen's journey.
  }, 240_000);

  it('an administrator closes a booked day and moves its booking to a slot of another day: the citizen is told the new time', async () => {
    const { shot: citizenShot, ...citizen } = await verifiedCitizen(hall, 'appointment-settings-mover', 'e2e-settings-mover', '李女士');
    await citizen.page.goto('/appointment');
    const date = (await citizen.page.locator('.hall-counter-booking__day-title').textContent())!.slice(0, 10);
    await citizen.page.getByRole('button', { name: /^10:00-11:00 已预约\d+\/10$/ }).click();
    await citizen.page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
    await citizen.page.waitForURL((url) => url.pathname === '/apmorder');

    const { page: adminPage, shot: adminShot } = await openConsole('desktop', 'appointment-settings-move', 'admin', /预约设置/);
    await adminPage.waitForURL('**/admin/appointment-settings');
    const days = adminPage.getByRole('region', { name: '节假日与调休' });
    await days.getByLabel('日期').fill(date);
    await days.getByLabel('说明').fill('电力检修');
    await days.getByRole('button', { name: '保存日期设置' }).click();
    const confirm = adminPage.getByRole('alertdialog', { name: '确认取消预约' });
    await confirm.getByText('此次调整将取消1个已有预约').waitFor();
    await confirm.getByRole('radio', { name: '改约至' }).check();
    await confirm.getByText('此次调整将改约1个已有预约').waitFor();
    // The closed day is not offered; the next open day after it is chosen, with its places left shown.
    const dates = await confirm
      .getByLabel('改约日期')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(dates).not.toContain(date);
    const target = dates.find((day) => day > date)!;
    await confirm.getByLabel('改约日期').selectOption(target);
    await expect(
      confirm
        .getByLabel('改约时段')
        .locator('option', { hasText: /^10:00-11:00（余\d+个）$/ })
        .count(),
    ).resolves.toBe(1);
    await confirm.getByLabel('改约时段').selectOption('10:00-11:00');
    await expect(confirm.getByLabel(/改约原因/).inputValue()).resolves.toBe('电力检修');
    await adminShot(adminPage, 'day-close-move');
    await confirm.getByRole('button', { name: '确认改约1个预约并保存' }).click();
    const moved = adminPage.getByRole('status', { name: '已改约的预约' });
    await moved.getByText(`已将1个预约改至${target} 10:00-11:00`).waitFor();
    await moved.getByText('138****5678').waitFor();
    await adminShot(adminPage, 'day-closed-moved');

    await citizen.page.goto('/my/messages');
    await citizen.page.getByRole('list', { name: '我的消息' }).getByText(`因电力检修，您预约的${date} 10:00-11:00`, { exact: false }).waitFor();
    await citizen.page.getByRole('list', { name: '我的消息' }).getByText(`已由大厅改至${target} 10:00-11:00`, { exact: false }).waitFor();
    await citizenShot(citizen.page, 'booking-moved-message');
  }, 180_000);
});
