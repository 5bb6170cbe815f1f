import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, keepFailureEvidence, verifiedCitizen, steadyScreenshots } from './hall';

const hall = hallForFile();

const SITE = '邯郸市峰峰矿区分中心';
const SITE_BUSINESS = '不动产抵押登记';
const GROUP = '综合受理';
const GROUP_BUSINESS = '更正登记';

/** A console on a phone or a desktop, signed in with a demo account, keeping its evidence and screenshots under `journey`. */
async function openConsole(device: 'phone' | 'desktop', journey: string, username: string, entry = /预约设置/) {
  const { page } = device === 'phone' ? await hall.newPhone() : await hall.newDesktop();
  keepFailureEvidence(page, journey);
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: entry }).waitFor();
  return { page, shot: steadyScreenshots(journey) };
}

async function toastGone(page: Page) {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
}

describe('a hall set up from the console', () => {
  it('an administrator adds a site with its business and a queue group with its businesses; a citizen then sees them', async () => {
    const { page: admin, shot } = await openConsole('desktop', 'hall-setup-admin', 'admin');

    // 预约设置 → 网点与业务: a new site, then its business.
    await admin.goto('/admin/appointment-settings');
    const setup = admin.getByRole('region', { name: '网点与业务' });
    await setup.waitFor();
    const newSite = setup.getByRole('group', { name: '新增网点' });
    await newSite.getByLabel('新网点名称').fill(SITE);
    await newSite.getByLabel('行政区代码').fill('130400');
    await newSite.getByRole('button', { name: '新增网点' }).click();
    await admin.waitForURL((url) => url.searchParams.has('site'));
    await expect(admin.locator('.settings-site select').inputValue()).resolves.toMatch(/^ap-130400-/);
    await setup.getByText('本网点还没有业务，请新增。').waitFor();
    await toastGone(admin);
    await setup.getByLabel('新业务名称').fill(SITE_BUSINESS);
    await setup.getByRole('button', { name: '新增业务' }).click();
    await admin.getByRole('region', { name: `${SITE_BUSINESS}的时段` }).waitFor();
    await toastGone(admin);
    await setup.scrollIntoViewIfNeeded();
    await shot(admin, 'site-and-business');

    // 取号设置: a new group in 邯郸市不动产登记中心 and one business of it.
    await admin.goto('/admin/queue-settings');
    const card = admin.locator('.queue-settings__hall').filter({ has: admin.getByRole('heading', { name: '邯郸市不动产登记中心' }) });
    await card.getByRole('button', { name: '新增业务' }).click();
    await admin.getByLabel('业务名称').fill(GROUP);
    await admin.getByLabel('号码字母').fill('D');
    await admin.getByLabel('每段号数').fill('5');
    await admin.getByRole('button', { name: '保存业务' }).click();
    const group = card.locator('.queue-settings__group').filter({ hasText: GROUP });
    await group.waitFor();
    await toastGone(admin);
    await group.getByLabel(`${GROUP}的新事项`).fill(GROUP_BUSINESS);
    await group.getByRole('button', { name: '添加事项' }).click();
    await group
      .getByRole('list', { name: `${GROUP}办理的事项` })
      .getByText(GROUP_BUSINESS)
      .waitFor();
    await toastGone(admin);
    // A closed day, listed on the card: a weekday, since weekends are closed already (设为休息日 on one re-closes it).
    const closing = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
    while ([0, 6].includes(closing.getUTCDay())) closing.setUTCDate(closing.getUTCDate() + 1);
    const closedDay = closing.toISOString().slice(0, 10);
    await card.getByLabel('调整日期').fill(closedDay);
    await card.getByLabel('调整原因').fill('系统升级');
    await card.getByRole('button', { name: '设为休息日' }).click();
    await card.getByRole('list', { name: '邯郸市不动产登记中心的休息日' }).getByText(closedDay).waitFor();
    await toastGone(admin);
    await group.scrollIntoViewIfNeeded();
    await shot(admin, 'queue-group-businesses');

    // The citizen: the new site and its business in 在线预约, the new group and its business in 排队取号.
    const { shot: citizenShot, ...citizen } = await verifiedCitizen(hall, 'hall-setup-citizen', 'e2e-hall-setup', '孙先生');
    await citizen.page.goto('/yuyueForm');
    const area = citizen.page.getByLabel('办理地点');
    await area.locator('option', { hasText: SITE }).waitFor({ state: 'attached' });
    await area.selectOption({ label: SITE });
    const process = citizen.page.getByLabel('办理业务');
    await process.locator('option', { hasText: SITE_BUSINESS }).waitFor({ state: 'attached' });
    await process.selectOption({ label: SITE_BUSINESS });
    await citizen.page.getByLabel('办理日期').locator('option').nth(1).waitFor({ state: 'attached' });
    await citizenShot(citizen.page, 'appointment-new-site');

    await citizen.page.goto('/queue');
    await citizen.page.getByText('邯郸市不动产登记中心').click();
    await citizen.page.waitForURL((url) => url.pathname === '/queue/business');
    const groups = citizen.page.getByRole('list', { name: '业务类型' });
    await groups.getByText(GROUP).waitFor();
    await groups.getByText(`可办理：${GROUP_BUSINESS}`).waitFor();
    await citizenShot(citizen.page, 'queue-new-group');
  });

  it('the administrator’s new screens at 390 and 1280 px: 业务目录, 服务网点, a new site; and the content screens at 1280', async () => {
    for (const device of ['phone', 'desktop'] as const) {
      const { page, shot } = await openConsole(device, `hall-setup-screens-${device}`, 'admin');
      await page.goto('/admin/catalogue');
      await page
        .getByRole('table', { name: '业务目录' })
        .or(page.getByRole('list', { name: '业务目录' }))
        .first()
        .waitFor();
      await shot(page, 'catalogue');
      await page.getByRole('button', { name: '新增业务' }).click();
      await page.getByLabel('业务名称').fill('车位转移登记');
      await page.getByLabel('登记类型与权利类型').selectOption('pd-200-4');
      await page.getByLabel('行政区代码').fill('130400');
      await page.getByLabel('办理地点名称').fill('邯郸市');
      await shot(page, 'catalogue-form');
      await page.getByRole('button', { name: '保存' }).click();
      await page.getByText('车位转移登记').first().waitFor();

      await page.goto('/admin/operators');
      await page.getByRole('button', { name: '设置 张窗口 的服务网点' }).click();
      const form = page.getByRole('form', { name: /的服务网点$/ });
      await form.getByText('邯郸市不动产登记中心').first().click();
      await shot(page, 'operator-sites');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'detached' });

      await page.goto('/admin/appointment-settings');
      await page.getByRole('region', { name: '网点与业务' }).scrollIntoViewIfNeeded();
      await shot(page, 'site-setup');

      await page.goto('/admin/queue-settings');
      await page.getByRole('list', { name: '登记业务办理的事项' }).first().scrollIntoViewIfNeeded();
      await shot(page, 'queue-settings');
      await page.close();
    }

    const { page: editor, shot } = await openConsole('desktop', 'content-screens-desktop', 'content', /常见问题/);
    for (const [path, name, ready] of [
      ['/admin/content/questions', 'questions', '常见问题'],
      ['/admin/content/sites', 'sites', '邯郸市不动产登记中心'],
      ['/admin/content/downloads', 'downloads', '资料下载'],
      ['/admin/content/guides', 'guides', '办事指南与材料'],
    ] as const) {
      await editor.goto(path);
      await editor.getByText(ready).first().waitFor();
      await editor.waitForLoadState('networkidle');
      await shot(editor, name);
    }
  });

  it('the hall display reads a new call out once its voice is turned on', async () => {
    const { context, page } = await hall.newDesktop();
    keepFailureEvidence(page, 'hall-setup-display');
    const shot = steadyScreenshots('hall-setup-display');
    // The browser's voice, recorded: what the hall would hear.
    await context.addInitScript(() => {
      const spoken: string[] = [];
      Object.assign(window, { spoken });
      Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: { speak: (utterance: SpeechSynthesisUtterance) => spoken.push(utterance.text), cancel: () => undefined } });
    });
    // The stream answers A011 first, then (after its reconnect) A012 called to window 3.
    let served = 0;
    await page.route('**/callnum/api/display/stream**', (route) => {
      served += 1;
      const calls =
        served === 1
          ? [{ number: 'A011', groupName: '登记业务', callWindow: 2, calledAt: '10:00:00' }]
          : [
              { number: 'A012', groupName: '登记业务', callWindow: 3, calledAt: '10:01:00' },
              { number: 'A011', groupName: '登记业务', callWindow: 2, calledAt: '10:00:00' },
            ];
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: `retry: ${served === 1 ? 4000 : 60000}\nevent: calls\ndata: ${JSON.stringify({ hall: '邯郸市不动产登记中心', calls })}\n\n`,
      });
    });
    await page.goto('/admin/display/queue?hall=qc-130400');
    await page.getByText('A011').waitFor();
    await page.getByRole('button', { name: '开启语音播报' }).click();
    await page.getByRole('button', { name: '语音播报：开' }).waitFor();
    await page.getByRole('region', { name: '请 A012 号到 3 号窗口办理' }).waitFor({ timeout: 15_000 });
    const spoken = await page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
    expect(spoken).toEqual(['语音播报已开启', '请 A 0 1 2 号，到 3 号窗口办理', '请 A 0 1 2 号，到 3 号窗口办理']);
    await shot(page, 'voice-on');
  });
});
