import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHall, type Hall } from './harness';
import { becomeVerified, keepFailureEvidence } from './identity';
import { steadyScreenshots } from './steady-screenshots';

let hall: Hall;
beforeAll(async () => {
  hall = await startHall();
});
afterAll(() => hall?.close());

/** Signs in to the console with a demo account and waits for the home's entry of the screen wanted. */
async function consoleSignIn(page: Page, username: string, entry: RegExp) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: entry }).click();
}

describe('appointment settings and the counter’s day', () => {
  it('an administrator closes a booked day: the booking is listed to contact, the citizen sees the day closed, and the counter checks the citizen in', async () => {
    // A citizen books the first open day's 09:00-10:00 at the counter booking page.
    const citizen = await hall.newPhone();
    keepFailureEvidence(citizen.page, 'appointment-settings-citizen');
    const citizenShot = steadyScreenshots('appointment-settings-citizen');
    await signIn(citizen.page, 'e2e-settings-citizen', '张先生', '/my');
    await becomeVerified(citizen.page);
    await citizen.page.goto('/appointment');
    const dayTitle = (await citizen.page.locator('.hall-counter-booking__day-title').textContent())!;
    const date = dayTitle.slice(0, 10);
    await citizen.page.getByRole('button', { name: /^09:00-10:00 已预约0\/10$/ }).click();
    await citizen.page.getByRole('dialog').filter({ hasText: '确定要申请吗?' }).getByRole('button', { name: '确定' }).click();
    await citizen.page.waitForURL((url) => url.pathname === '/apmorder');

    // On the phone, the administrator tries fewer places than booked: refused with the count, the typed value kept.
    const adminPhone = await hall.newPhone();
    keepFailureEvidence(adminPhone.page, 'appointment-settings-admin-phone');
    const phoneShot = steadyScreenshots('appointment-settings-admin-phone');
    await consoleSignIn(adminPhone.page, 'admin', /预约设置/);
    const business = adminPhone.page.getByRole('region', { name: '一般登记窗口的时段' });
    const places = business.getByLabel('容量（人）').first();
    await places.fill('0');
    await business.getByRole('button', { name: '保存时段与容量' }).click();
    await business.getByRole('alert').getByText(`${date} 09:00-10:00：该时段已有1人预约，容量不能少于1`).waitFor();
    await expect(places.inputValue()).resolves.toBe('0');
    await phoneShot(adminPhone.page, 'capacity-refused');
    await adminPhone.page.goto('/admin/appointment-settings');
    await adminPhone.page.getByRole('region', { name: '工作日' }).waitFor();
    await phoneShot(adminPhone.page, 'settings');

    // The administrator, at the desktop, closes that day.
    const admin = await hall.newDesktop();
    keepFailureEvidence(admin.page, 'appointment-settings-admin');
    const adminShot = steadyScreenshots('appointment-settings-admin');
    await consoleSignIn(admin.page, 'admin', /预约设置/);
    await admin.page.waitForURL('**/admin/appointment-settings');
    await admin.page.getByRole('region', { name: '工作日' }).waitFor();
    await adminShot(admin.page, 'settings');
    const days = admin.page.getByRole('region', { name: '节假日与调休' });
    await days.getByLabel('日期').fill(date);
    await days.getByLabel('说明').fill('系统维护');
    await days.getByRole('button', { name: '保存日期设置' }).click();
    const follow = admin.page.getByRole('status', { name: '需联系的预约' });
    await follow.getByText('请联系以下1位已预约的市民').waitFor();
    await follow.getByText('138****5678').waitFor();
    await days.getByText('系统维护').waitFor();
    await adminShot(admin.page, 'day-closed-follow-up');

    // The citizen's calendar shows the day closed.
    await citizen.page.goto('/appointment');
    const closed = citizen.page.getByRole('list', { name: '预约日期' }).getByRole('button').filter({ hasText: date.slice(5) });
    await closed.getByText('休息').waitFor();
    await closed.click();
    await citizen.page.getByText('当日休息，不可预约，请选择其他日期').waitFor();
    await citizenShot(citizen.page, 'day-closed');

    // The counter, on the phone, opens that day and checks the citizen in, once.
    const counter = await hall.newPhone();
    keepFailureEvidence(counter.page, 'appointment-settings-counter');
    const counterShot = steadyScreenshots('appointment-settings-counter');
    await consoleSignIn(counter.page, 'counter', /今日预约/);
    await counter.page.waitForURL('**/admin/counter-day');
    await counter.page.getByLabel('日期').fill(date);
    const list = counter.page.getByRole('table', { name: '预约名单' });
    await list.getByText('09:00-10:00').waitFor();
    await counter.page.getByText('当天已设为休息日').waitFor();
    await counterShot(counter.page, 'day');
    await list.getByRole('button', { name: /到场$/ }).first().click();
    await list.getByText('已到场').waitFor();
    expect(await list.getByRole('button', { name: /到场$/ }).count()).toBe(0);
    await counterShot(counter.page, 'checked-in');

    // The desktop view of the counter's day, and its print view.
    const desk = await hall.newDesktop();
    const deskShot = steadyScreenshots('appointment-settings-counter-desktop');
    await consoleSignIn(desk.page, 'counter', /今日预约/);
    await desk.page.getByLabel('日期').fill(date);
    await desk.page.getByRole('table', { name: '预约名单' }).getByText('已到场').waitFor();
    await deskShot(desk.page, 'day');
    await desk.page.emulateMedia({ media: 'print' });
    await deskShot(desk.page, 'print');
  });
});
