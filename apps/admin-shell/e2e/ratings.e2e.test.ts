import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, keepFailureEvidence, citizenOnPhone, steadyScreenshots } from './hall';

const hall = hallForFile();

/** Signs in to the console as the demo 窗口人员 on its sign-in page. */
async function counterSignIn(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill('counter');
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: /好差评整改/ }).waitFor();
}

const FEEDBACK = '预约后到窗口还要重新排队，能否改进？';
const REPLY = '您好，已安排预约市民优先办理。';
const COMMENT = '回复没有说明什么时候改进';
const ANSWER = '已于本周起设预约专窗，预约市民到场即可办理，无需再次取号。';

describe('好差评', () => {
  it('a low rating becomes a console follow-up whose answer the citizen reads, and rates again', async () => {
    // The citizen's feedback, answered by the counter: a finished service.
    const { shot: citizenShot, ...citizen } = await citizenOnPhone(hall, 'ratings-citizen', 'e2e-ratings', '孙丽', '/feedBack');
    await citizen.page.locator('#feedback-content').fill(FEEDBACK);
    await citizen.page.getByRole('button', { name: '提交' }).click();
    await citizen.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await citizen.page.waitForURL('**/feedBackList');

    const operator = await hall.newPhone();
    keepFailureEvidence(operator.page, 'ratings-counter-phone');
    const shot = steadyScreenshots('ratings-counter-phone');
    await counterSignIn(operator.page);
    await operator.page.getByRole('button', { name: /反馈处理/ }).click();
    await operator.page.getByRole('list', { name: '市民反馈' }).getByRole('button').filter({ hasText: FEEDBACK }).click();
    await operator.page.locator('#feedback-reply').fill(REPLY);
    await operator.page.getByRole('button', { name: '提交回复' }).click();
    await operator.page.getByRole('region', { name: '回复' }).getByText(REPLY).waitFor();

    // The citizen rates it 非常不满意: a reason is required first.
    await citizen.page.reload();
    await citizen.page.locator('.hall-feedback-item').first().click();
    await citizen.page.getByText(REPLY).waitFor();
    await citizen.page.getByRole('group', { name: '服务评价' }).getByRole('link', { name: '去评价' }).click();
    await citizen.page.waitForURL(/\/rate\?kind=feedback&id=\d+/);
    await citizen.page.getByText('请评价本次服务').waitFor();
    await citizenShot(citizen.page, 'rate-form');
    await citizen.page.getByText('非常不满意').click();
    await citizen.page.getByRole('button', { name: '提交评价' }).click();
    await citizen.page.getByText('请勾选不满意的原因').first().waitFor();
    await citizen.page.getByRole('dialog').getByRole('button').first().click();
    await citizen.page.getByText('需要多次跑动').click();
    await citizen.page.locator('#rate-comment').fill(COMMENT);
    await citizenShot(citizen.page, 'rate-low-with-reasons');
    await citizen.page.getByRole('button', { name: '提交评价' }).click();
    const pending = citizen.page.getByRole('group', { name: '整改答复' });
    await pending.getByText(/待整改，工作人员将于\d{4}-\d{2}-\d{2}前答复/).waitFor();
    await expect(citizen.page.getByRole('button', { name: '提交评价' }).count()).resolves.toBe(0);
    await citizenShot(citizen.page, 'rated-low-waiting');

    // The counter finds it under 好差评整改 and answers; an empty answer is refused in place.
    await operator.page.goto('/admin/');
    await operator.page.getByRole('button', { name: /好差评整改/ }).click();
    await operator.page.waitForURL('**/admin/follow-ups');
    const item = operator.page.getByRole('list', { name: '差评整改' }).getByRole('button').filter({ hasText: '非常不满意' }).first();
    await item.waitFor();
    await shot(operator.page, 'follow-ups');
    await item.click();
    await operator.page.waitForURL(/\/admin\/follow-ups\/\d+$/);
    await operator.page.getByText(COMMENT).waitFor();
    await operator.page.getByText('需要多次跑动').waitFor();
    await operator.page.getByRole('button', { name: '提交答复' }).click();
    await operator.page.getByRole('alert').getByText('请填写整改答复').waitFor();
    await operator.page.locator('#follow-up-answer').fill(ANSWER);
    await shot(operator.page, 'answer-typed');
    await operator.page.getByRole('button', { name: '提交答复' }).click();
    await operator.page.getByRole('region', { name: '整改答复' }).getByText(ANSWER).waitFor();
    await shot(operator.page, 'answered');

    // On a desktop the list is a table with the follow-up beside it.
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'ratings-counter-desktop');
    const deskShot = steadyScreenshots('ratings-counter-desktop');
    await counterSignIn(desk.page);
    await desk.page.goto('/admin/follow-ups?only=all');
    const table = desk.page.getByRole('table', { name: '差评整改' });
    await table.getByText('已答复').first().waitFor();
    await table.getByRole('button').filter({ hasText: '意见反馈' }).first().click();
    await desk.page.getByRole('complementary', { name: '整改详情' }).getByText(ANSWER).waitFor();
    await deskShot(desk.page, 'follow-up-answered');

    // The citizen reads the answer on the rated service's screen and in 我的评价, and rates again.
    await citizen.page.reload();
    await citizen.page.getByText(ANSWER).waitFor();
    await citizen.page.getByText('请再次评价本次服务').waitFor();
    await citizenShot(citizen.page, 'answer-read');
    await citizen.page.getByText('满意', { exact: true }).click();
    await citizen.page.getByRole('button', { name: '提交评价' }).click();
    await citizen.page.getByText('再次评价 ·', { exact: false }).waitFor();
    await expect(citizen.page.getByRole('button', { name: '提交评价' }).count()).resolves.toBe(0);
    await citizen.page.goto('/myRatings');
    await citizen.page.getByRole('list', { name: '我的评价' }).getByText(ANSWER).waitFor();
    await citizenShot(citizen.page, 'my-ratings');

    // The narrowest phones and 长辈模式 keep the rating screen whole.
    const rated = citizen.page.url();
    await citizen.page.setViewportSize({ width: 320, height: 700 });
    await citizenShot(citizen.page, 'my-ratings-320');
    await citizen.page.setViewportSize({ width: 390, height: 844 });
    await citizen.page.goto('/my');
    await citizen.page.getByRole('switch', { name: '长辈模式' }).click();
    await citizen.page.waitForFunction(() => document.documentElement.dataset.hallMode === 'elder');
    await citizen.page.goto(rated);
    await citizen.page.getByRole('list', { name: '我的评价' }).getByText(ANSWER).click();
    await citizen.page.waitForURL(/\/rate\?kind=feedback/);
    await citizen.page.getByText(ANSWER).waitFor();
    await citizenShot(citizen.page, 'rated-elder');
    for (const context of [citizen.context, operator.context, desk.context]) await context.close();
  });
});
