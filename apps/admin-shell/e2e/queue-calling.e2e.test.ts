import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, OWNER, keepFailureEvidence, verifiedCitizen, steadyScreenshots } from './hall';

const hall = hallForFile();

const HALL_ID = 'qc-130404';
const HALL_NAME = '复兴区不动产登记服务大厅';
const GROUP_ID = `${HALL_ID}-a`;
/**
 * Numbers are called on their own day. Halls close at weekends, so the journey's hall opens today as a
 * working day (调休上班) whatever day it is; its last time, 22:00-23:00, is taken before 22:00 in Shanghai.
 */
const shanghai = new Date(Date.now() + 8 * 3600_000);
const todayInShanghai = shanghai.toISOString().slice(0, 10);
const timeLeftToday = shanghai.getUTCHours() < 22;

async function consoleSignIn(page: Page, username: string, entry: RegExp) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: entry }).waitFor();
}

/** Starts watching the page for the text inside the element: shownAt then answers when it first showed (ms since the epoch). */
async function watchFor(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, text }) => {
      const shown = () => Array.from(document.querySelectorAll(selector)).some((element) => element.textContent?.includes(text));
      (window as unknown as { hallShownAt: Promise<number> }).hallShownAt = new Promise<number>((done) => {
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          done(Date.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
    },
    { selector, text },
  );
}
const shownAt = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { hallShownAt: Promise<number> }).hallShownAt);

describe('queue calling', () => {
  it.skipIf(!timeLeftToday)('an admin opens the evening, a citizen takes a number, a counter calls it: the display and 我的取号 show it within a second', async () => {
    // The 系统管理员 opens the hall from midnight to 23:00 with booking up to the time's start, so today has times
    // left and the counter may call now (numbers are called only within the hall's hours), whenever the journey runs.
    const admin = await hall.newDesktop();
    keepFailureEvidence(admin.page, 'queue-calling-admin');
    const adminShot = steadyScreenshots('queue-calling-admin');
    await consoleSignIn(admin.page, 'admin', /取号设置/);
    await admin.page.getByRole('button', { name: /取号设置/ }).click();
    await admin.page.waitForURL('**/admin/queue-settings');
    const card = admin.page.getByRole('list', { name: '办事大厅' }).locator('> li').filter({ hasText: HALL_NAME });
    await card.getByRole('button', { name: '修改大厅' }).click();
    await admin.page.locator('#strtime').fill('00:00');
    await admin.page.locator('#endtime').fill('23:00');
    await admin.page.locator('#yuyueabovetime').fill('0');
    await admin.page.getByRole('button', { name: '保存大厅' }).click();
    await card.getByText('00:00–23:00').waitFor();
    // Today is a working day, a weekend one included: 设为上班日 opens it (on a weekday it already is).
    await card.getByLabel('调整日期').fill(todayInShanghai);
    await card.getByLabel('调整原因').fill('调休上班');
    await card.getByRole('button', { name: '设为上班日' }).click();
    if ([0, 6].includes(shanghai.getUTCDay()))
      await card
        .getByRole('list', { name: `${HALL_NAME}的调休上班日` })
        .getByText(todayInShanghai)
        .waitFor();
    await adminShot(admin.page, 'working-day');
    // A group's numbers per time below 1 is refused in words; what was typed stays.
    await card.getByRole('listitem').filter({ hasText: '登记业务' }).getByRole('button', { name: '修改' }).click();
    await admin.page.locator('#capacity').fill('0');
    await admin.page.getByRole('button', { name: '保存业务' }).click();
    await admin.page.getByRole('alert').getByText('每个时间段的号数请填 1 到 999 之间的整数').waitFor();
    await expect(admin.page.locator('#capacity').inputValue()).resolves.toBe('0');
    await adminShot(admin.page, 'group-refused');
    await admin.page.getByRole('button', { name: '取消' }).click();
    await adminShot(admin.page, 'settings');

    // The citizen takes today's first open time.
    const { shot: citizenShot, ...citizen } = await verifiedCitizen(hall, 'queue-calling-citizen', 'e2e-queue-calling', '叫号市民', OWNER);
    await citizen.page.goto('/queue');
    await citizen.page.getByText(HALL_NAME).click();
    await citizen.page.waitForURL((url) => url.pathname === '/queue/business');
    await citizen.page.getByText('登记业务').click();
    const today = citizen.page.getByRole('radiogroup', { name: '预约日期' }).getByRole('radio').first();
    await today.click();
    await citizen.page.getByRole('radiogroup', { name: '预约时间' }).getByRole('radio').first().waitFor();
    await citizen.page.getByRole('radiogroup', { name: '预约时间' }).locator('[role=radio]:enabled').first().click();
    await citizen.page.getByRole('button', { name: '确认取号' }).click();
    await citizen.page.getByRole('dialog').filter({ hasText: '确定取号吗？' }).getByRole('button', { name: '确定' }).click();
    await citizen.page.waitForURL((url) => url.pathname === '/queue/result');
    const number = (await citizen.page.getByTestId('queue-number').textContent())!;
    expect(number).toMatch(/^A\d{3}$/);
    await citizen.page.getByRole('button', { name: '我的取号' }).click();
    await citizen.page.waitForURL((url) => url.pathname === '/queue/orders');
    const state = citizen.page.getByRole('status', { name: `${number}的叫号状态` });
    await state.getByText('等待中').waitFor();
    await citizenShot(citizen.page, 'waiting');

    // The hall's screen, signed in as nobody.
    const screen = await hall.newDesktop();
    keepFailureEvidence(screen.page, 'queue-calling-display');
    const screenShot = steadyScreenshots('queue-calling-display');
    await screen.page.goto(`/admin/display/queue?hall=${HALL_ID}`);
    await screen.page.getByRole('heading', { name: HALL_NAME }).waitFor();
    await screen.page.getByRole('status').getByText('实时').waitFor();
    await screenShot(screen.page, 'before-call');

    // The 窗口人员 on a phone calls the next number to window 3.
    const counter = await hall.newPhone();
    keepFailureEvidence(counter.page, 'queue-calling-counter');
    const counterShot = steadyScreenshots('queue-calling-counter');
    await consoleSignIn(counter.page, 'counter', /叫号/);
    await counter.page.getByRole('button', { name: /^叫号/ }).click();
    await counter.page.waitForURL('**/admin/queue-calling');
    await counter.page.getByLabel('业务').selectOption(GROUP_ID);
    await counter.page.getByLabel('窗口号').fill('3');
    await counter.page.getByRole('list', { name: '登记业务今天的号码' }).getByText(number).waitFor();
    await counterShot(counter.page, 'board');
    // Each page notes the moment the call shows in it, so the delay measured is the hall's, not the test's polling.
    await watchFor(screen.page, '.queue-display__number', number);
    await watchFor(citizen.page, `[aria-label="${number}的叫号状态"]`, '请到3号窗口');
    const calledAt = Date.now();
    await counter.page.getByRole('button', { name: '叫下一个' }).click();

    await screen.page.locator('.queue-display__number').getByText(number).waitFor({ timeout: 2000 });
    await screen.page.getByText('3号窗口').first().waitFor({ timeout: 2000 });
    await state.getByText('请到3号窗口').waitFor({ timeout: 2000 });
    expect((await shownAt(screen.page)) - calledAt).toBeLessThan(1000);
    expect((await shownAt(citizen.page)) - calledAt).toBeLessThan(1000);
    await counter.page.getByText(`请 ${number} 到 3 号窗口`).first().waitFor();
    await counterShot(counter.page, 'called');
    await screenShot(screen.page, 'called');
    await citizenShot(citizen.page, 'called');
    // The screen shows numbers and windows only: not the citizen's name or phone.
    const screenText = (await screen.page.locator('body').textContent()) ?? '';
    expect(screenText).not.toContain(OWNER.name);
    expect(screenText).not.toContain(OWNER.phone.slice(-4));

    // Skipped, then served and finished after a recall: the citizen follows.
    const row = counter.page.getByRole('list', { name: '登记业务今天的号码' }).getByRole('listitem').filter({ hasText: number });
    await row.getByRole('button', { name: '过号' }).click();
    await state.getByText('已过号').waitFor({ timeout: 2000 });
    await row.getByRole('button', { name: '重呼' }).click();
    await state.getByText('请到3号窗口').waitFor({ timeout: 2000 });
    await row.getByRole('button', { name: '开始办理' }).click();
    await state.getByText('3号窗口办理中').waitFor({ timeout: 2000 });
    await counterShot(counter.page, 'serving');
    await row.getByRole('button', { name: '办结' }).click();
    await state.getByText('已办结').waitFor({ timeout: 2000 });
    await citizenShot(citizen.page, 'done');
    await counterShot(counter.page, 'done');

    // The console screens the other way round: calling on a desktop, settings on a phone.
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'queue-calling-desk');
    await consoleSignIn(desk.page, 'counter', /叫号/);
    await desk.page.goto(`/admin/queue-calling?group=${GROUP_ID}`);
    // There the day's numbers are a table, filtered by state.
    await desk.page.getByRole('table', { name: '登记业务今天的号码' }).getByText('已办结').waitFor();
    await steadyScreenshots('queue-calling-desk')(desk.page, 'board');
    await desk.page.getByLabel('状态').selectOption('done');
    await desk.page.getByRole('table', { name: '登记业务今天的号码' }).getByRole('row').filter({ hasText: number }).getByText('已办结').waitFor();
    const adminPhone = await hall.newPhone();
    await consoleSignIn(adminPhone.page, 'admin', /取号设置/);
    await adminPhone.page.goto('/admin/queue-settings');
    await adminPhone.page.getByRole('list', { name: '办事大厅' }).getByText(HALL_NAME).waitFor();
    await steadyScreenshots('queue-calling-admin-phone')(adminPhone.page, 'settings');
    for (const context of [admin.context, citizen.context, screen.context, counter.context, desk.context, adminPhone.context]) await context.close();
  });
});
