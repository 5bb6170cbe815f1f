import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, keepFailureEvidence, verifiedCitizen, steadyScreenshots, submitMortgageOverHttp } from './hall';

const hall = hallForFile();

/** Signs in to the console with account and password on its sign-in page. */
async function consoleSignIn(page: Page, username: string, password: string) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

const OPINION = '抵押权人证明材料不清晰，请重新拍摄后上传。';

describe('operators sign in as themselves and every action is in the audit trail', () => {
  it('an administrator creates a reviewer; the reviewer signs in with the password, replaces it and rejects an application; the trail and the statistics show it', async () => {
    // A citizen's application waits for review.
    const citizen = await verifiedCitizen(hall, 'console-citizen', 'e2e-console-citizen', '孙先生', { name: '孙明', idcard: '110101198001010010', phone: '13812345678' });
    await submitMortgageOverHttp(citizen.context.request);

    // The administrator, at a desktop, creates the account.
    const admin = await hall.newDesktop();
    const desk = steadyScreenshots('console-desktop');
    keepFailureEvidence(admin.page, 'console-admin');
    await admin.page.goto('/admin/');
    await admin.page.getByRole('button', { name: '登录' }).waitFor();
    await desk(admin.page, 'sign-in');
    await consoleSignIn(admin.page, 'admin', 'demo2026hall');
    await admin.page.getByText('管理员首页').waitFor();
    await desk(admin.page, 'home');
    await admin.page.getByRole('button', { name: /账号管理/ }).click();
    const accounts = admin.page.getByRole('table', { name: '管理人员账号' });
    await accounts.getByText('王管理（admin）').waitFor();
    await desk(admin.page, 'accounts');
    await admin.page.getByRole('button', { name: '新增账号' }).click();
    await admin.page.locator('#operator-form_username').fill('zhou.review');
    await admin.page.locator('#operator-form_displayName').fill('周审核');
    await admin.page.locator('.operators__popup').getByText('审核员', { exact: true }).click();
    await admin.page.locator('#operator-form_password').fill('Temp2026review');
    await desk(admin.page, 'new-account');
    await admin.page.getByRole('button', { name: '保存' }).click();
    const row = accounts.getByRole('row').filter({ hasText: '周审核（zhou.review）' });
    await row.getByText('待改密码').waitFor();
    await expect(row.getByText('审核员').count()).resolves.toBe(1);
    await desk(admin.page, 'account-created');

    // The reviewer, on the phone, signs in with the temporary password and must replace it first.
    const reviewer = await hall.newPhone();
    const phone = steadyScreenshots('console-phone');
    keepFailureEvidence(reviewer.page, 'console-reviewer');
    await consoleSignIn(reviewer.page, 'zhou.review', 'Temp2026review');
    await reviewer.page.waitForURL((url) => url.pathname === '/admin/password');
    await reviewer.page.getByText('您正在使用临时密码，请先设置自己的新密码。').waitFor();
    await reviewer.page.locator('#password_current').fill('Temp2026review');
    await reviewer.page.locator('#password_next').fill('Zhou2026mine');
    await reviewer.page.locator('#password_repeat').fill('Zhou2026mine');
    await phone(reviewer.page, 'password');
    await reviewer.page.getByRole('button', { name: '保存新密码' }).click();
    await reviewer.page.getByText('审核员首页').waitFor();
    await expect(reviewer.page.getByRole('button', { name: /账号管理/ }).count()).resolves.toBe(0);
    await phone(reviewer.page, 'home');
    await reviewer.page.getByRole('button', { name: /网上申请审核/ }).click();
    const item = reviewer.page.getByRole('list', { name: '等待权籍调查审核的申请' }).getByRole('listitem').filter({ hasText: '孙明' });
    await item.getByRole('button').click();
    await reviewer.page.getByRole('heading', { name: '审核详情' }).waitFor();
    await reviewer.page.getByRole('button', { name: '驳回' }).click();
    await reviewer.page.locator('#review-opinion').fill(OPINION);
    await reviewer.page.getByRole('button', { name: '确定驳回' }).click();
    await reviewer.page.waitForURL((url) => url.pathname === '/admin/review');
    await reviewer.page.getByText('暂无等待权籍调查审核的申请').waitFor();

    // The administrator reads both in the audit trail, at the desktop and on a phone.
    // The trail is a table the hall pages: its page size is kept in the address, as is its sort.
    await admin.page.goto('/admin/audit?size=100');
    const trail = admin.page.getByRole('table', { name: '操作日志' });
    const rejection = trail.getByRole('row').filter({ hasText: '审核驳回' });
    await rejection.getByText('zhou.review').waitFor();
    await rejection.getByText(OPINION, { exact: false }).waitFor();
    const creation = trail.getByRole('row').filter({ hasText: '新增账号' }).filter({ hasText: 'zhou.review' });
    await creation.getByText('admin', { exact: true }).waitFor();
    await trail.getByRole('row').filter({ hasText: '修改本人密码' }).first().waitFor();
    await desk(admin.page, 'audit');
    await trail.getByRole('button', { name: /^操作人/ }).click();
    await admin.page.waitForURL(/sort=operatorName/);
    // The address changes before the table shows it: the heading is read until it does.
    await expect.poll(() => trail.getByRole('columnheader', { name: '操作人' }).getAttribute('aria-sort')).toBe('ascending');
    await admin.page.getByLabel('操作人').fill('zhou');
    await admin.page.getByRole('button', { name: '查询' }).click();
    await admin.page.waitForURL(/operator=zhou/);
    // Only zhou.review's own entries stay: the administrator's creation of the account goes.
    await trail.getByRole('row').filter({ hasText: '新增账号' }).waitFor({ state: 'detached' });
    await trail.getByRole('row').filter({ hasText: '审核驳回' }).waitFor();
    await desk(admin.page, 'audit-filtered');

    // The statistics page draws the journey's own rows: the rejection and its opinion, the submitted application.
    await admin.page.goto('/admin/');
    await admin.page.getByRole('button', { name: /统计分析/ }).click();
    const reasons = admin.page.getByRole('table', { name: '驳回原因' });
    await reasons.getByRole('row').filter({ hasText: OPINION }).getByText('1', { exact: true }).waitFor();
    await admin.page.getByRole('table', { name: '审核用时' }).getByText('权籍调查审核·驳回').waitFor();
    await admin.page.getByRole('table', { name: '按业务的网上申请' }).getByRole('row').filter({ hasText: '抵押' }).waitFor();
    // The rejection told its citizen: one message in the hall and one by SMS, counted per event and channel.
    const sending = admin.page.getByRole('table', { name: '消息发送（按事件和渠道）' });
    const told = sending.getByRole('row').filter({ hasText: '权籍调查审核未通过' });
    await expect(told.filter({ hasText: '站内消息' }).getByRole('cell').nth(2).textContent()).resolves.toBe('1');
    await expect(told.filter({ hasText: '短信' }).getByRole('cell').nth(2).textContent()).resolves.toBe('1');
    const messages = admin.page.getByRole('region', { name: '消息发送' });
    await messages.getByText(/共 \d+ 条站内消息；短信和微信已发送 \d+，待发送 \d+，发送失败 0，重试过 0。/).waitFor();
    await messages.scrollIntoViewIfNeeded();
    await desk(admin.page, 'statistics-messages');
    await admin.page.evaluate(() => window.scrollTo(0, 0));
    // Each chart has drawn something: its canvas is not blank.
    const drawn = await admin.page.locator('canvas').evaluateAll((canvases) =>
      canvases.map((canvas) => {
        const { width, height } = canvas as HTMLCanvasElement;
        const pixels = (canvas as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, width, height).data;
        return pixels.some((value, index) => index % 4 === 3 && value > 0);
      }),
    );
    expect(drawn).toEqual([true, true, true, true]);
    await desk(admin.page, 'statistics');
    const download = admin.page.waitForEvent('download');
    await admin.page.getByRole('button', { name: '导出CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^统计-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);

    const adminPhone = await hall.newPhone();
    await consoleSignIn(adminPhone.page, 'admin', 'demo2026hall');
    await adminPhone.page.getByText('管理员首页').waitFor();
    await phone(adminPhone.page, 'admin-home');
    await adminPhone.page.goto('/admin/audit');
    await adminPhone.page.getByRole('table', { name: '操作日志' }).getByText('审核驳回').first().waitFor();
    await phone(adminPhone.page, 'audit');
    await adminPhone.page.goto('/admin/statistics');
    await adminPhone.page.getByRole('table', { name: '驳回原因' }).getByText(OPINION).waitFor();
    await phone(adminPhone.page, 'statistics');
    await adminPhone.page.getByRole('table', { name: '消息发送（按事件和渠道）' }).scrollIntoViewIfNeeded();
    await phone(adminPhone.page, 'statistics-messages');
    await adminPhone.page.goto('/admin/operators');
    await adminPhone.page.getByText('周审核（zhou.review）').waitFor();
    await phone(adminPhone.page, 'accounts');
    // On the phone the account and temporary password fields are full width, their hints under them.
    await adminPhone.page.getByRole('button', { name: '新增账号' }).click();
    const account = adminPhone.page.locator('#operator-form_username');
    await account.waitFor();
    expect((await account.boundingBox())!.width).toBeGreaterThan(250);
    await phone(adminPhone.page, 'account-form');
    await adminPhone.page.getByRole('button', { name: '取消' }).click();

    // The citizen reads the reviewer's opinion under 已驳回.
    await citizen.page.goto('/prodoing?itemIndex=3');
    await citizen.page.getByRole('list', { name: '已驳回的申请' }).getByText(OPINION).waitFor();
    for (const context of [citizen.context, admin.context, reviewer.context, adminPhone.context]) await context.close();
  });
});
