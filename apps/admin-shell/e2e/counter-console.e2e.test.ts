import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, keepFailureEvidence, citizenOnPhone, verifiedCitizen, waitForNewestRecord, steadyScreenshots } from './hall';

// The demo registry is off: certificate queries wait for an operator, as in a production hall without a back-office.
const hall = hallForFile({ env: { HALL_DEMO_REGISTRY: 'off' } });

/** Signs in to the console as the demo 窗口人员 on its sign-in page. */
async function counterSignIn(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill('counter');
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: /反馈处理/ }).waitFor();
}

const FEEDBACK = '周六能否开放不动产登记窗口？上班族平时很难请假。';
const REPLY = '您好，每月第一个周六上午开放综合窗口，请先在“预约办事”中预约。';

describe('the counter in the console', () => {
  it('answers a citizen feedback; a failed reply keeps the text; the citizen reads the reply and its time', async () => {
    const { shot: citizenShot, ...citizen } = await citizenOnPhone(hall, 'counter-feedback-citizen', 'e2e-counter-feedback', '周敏', '/feedBack');
    await citizen.page.locator('#feedback-content').fill(FEEDBACK);
    await citizen.page.getByRole('button', { name: '提交' }).click();
    await citizen.page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await citizen.page.waitForURL('**/feedBackList');
    await citizen.page.locator('.hall-feedback-item').first().getByText('待回复').waitFor();

    // On the phone: the inbox, the item, an empty reply refused, then a reply.
    const operator = await hall.newPhone();
    keepFailureEvidence(operator.page, 'counter-feedback-phone');
    const shot = steadyScreenshots('counter-feedback-phone');
    await counterSignIn(operator.page);
    await operator.page.getByRole('button', { name: /反馈处理/ }).click();
    await operator.page.waitForURL('**/admin/feedback');
    const item = operator.page.getByRole('list', { name: '市民反馈' }).getByRole('button').filter({ hasText: FEEDBACK });
    await item.waitFor();
    await expect(item.getByText('待回复').count()).resolves.toBe(1);
    await shot(operator.page, 'inbox');
    await item.click();
    await operator.page.waitForURL(/\/admin\/feedback\/\d+$/);
    await operator.page.getByText(FEEDBACK).waitFor();
    await operator.page.getByRole('button', { name: '提交回复' }).click();
    await operator.page.getByRole('alert').getByText('请填写回复内容').waitFor();
    await operator.page.locator('#feedback-reply').fill(REPLY);
    await shot(operator.page, 'reply-typed');

    // The network fails once: the text stays in the field and the operator is told.
    await operator.page.route('**/online/admin/api/feedback/reply', (route) => route.abort('failed'), { times: 1 });
    await operator.page.getByRole('button', { name: '提交回复' }).click();
    await operator.page.getByRole('alert').getByText('网络连接失败，请检查网络后重试').waitFor();
    await expect(operator.page.locator('#feedback-reply').inputValue()).resolves.toBe(REPLY);
    await shot(operator.page, 'reply-failed-kept');

    await operator.page.getByRole('button', { name: '提交回复' }).click();
    await operator.page.getByRole('region', { name: '回复' }).getByText(REPLY).waitFor();
    await operator.page.getByText('回复人').waitFor();
    await shot(operator.page, 'replied');

    // On a desktop: the inbox with the answered item, searched.
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'counter-feedback-desktop');
    const deskShot = steadyScreenshots('counter-feedback-desktop');
    await counterSignIn(desk.page);
    await desk.page.goto('/admin/feedback?q=%E5%91%A8%E5%85%AD');
    // The inbox is a table there, sorted and paged by the hall; the item opens beside it.
    const table = desk.page.getByRole('table', { name: '市民反馈' });
    await table.getByText('已回复').first().waitFor();
    await deskShot(desk.page, 'inbox-search');
    await table.getByRole('button', { name: '提交时间' }).click();
    await desk.page.waitForURL(/sort=submittedAt/);
    await table.getByRole('button').filter({ hasText: FEEDBACK }).click();
    const panel = desk.page.getByRole('complementary', { name: '反馈详情' });
    await panel.getByText(REPLY).waitFor();
    await expect(table.isVisible()).resolves.toBe(true);
    await deskShot(desk.page, 'replied');
    await panel.getByRole('button', { name: '关闭' }).click();
    await panel.waitFor({ state: 'detached' });

    // The citizen sees it replied, with the reply and its time.
    await citizen.page.reload();
    const listed = citizen.page.locator('.hall-feedback-item').first();
    await listed.getByText('已回复').waitFor();
    await citizenShot(citizen.page, 'list-replied');
    await listed.click();
    await citizen.page.waitForURL(/\/feedBackDetail\?id=\d+/);
    await citizen.page.getByText(REPLY).waitFor();
    await citizen.page
      .getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
      .first()
      .waitFor();
    await citizenShot(citizen.page, 'detail-replied');
    for (const context of [citizen.context, operator.context, desk.context]) await context.close();
  });

  it('fulfils a certificate query no registry answers; the citizen opens the PDF the hall signed', async () => {
    const UNKNOWN_QZH = '冀(2024)邯郸市不动产权第0077777号';
    const { shot: citizenShot, ...citizen } = await verifiedCitizen(hall, 'counter-fulfil-citizen', 'e2e-counter-fulfil', '张先生');
    await citizen.page.goto('/certificateQuery');
    await citizen.page.getByRole('heading', { name: '不动产证书查询' }).waitFor();
    if ((await citizen.page.getByText('请选择城市').count()) > 0) {
      await citizen.page.getByText('所在城市').click();
      await citizen.page.locator('.adm-picker').getByText('邯郸市').first().waitFor();
      await citizen.page.locator('.adm-picker').getByText('确定').click();
    }
    await citizen.page.locator('#query-qzh').fill(UNKNOWN_QZH);
    await citizen.page.getByRole('button', { name: '查询', exact: true }).click();
    await citizen.page.getByRole('dialog').filter({ hasText: '查询已提交' }).getByRole('button', { name: '查看结果' }).click();
    await citizen.page.waitForURL('**/record');
    // No registry answers: the record stays 查询中.
    await citizen.page.waitForTimeout(1500);
    await citizen.page.getByRole('button', { name: '刷新' }).click();
    await expect(waitForNewestRecord(citizen.page, '查询中')).resolves.toEqual(['查询中']);
    await citizenShot(citizen.page, 'record-waiting');

    // On the phone: the queue and the record.
    const phone = await hall.newPhone();
    keepFailureEvidence(phone.page, 'counter-fulfil-phone');
    const shot = steadyScreenshots('counter-fulfil-phone');
    await counterSignIn(phone.page);
    await phone.page.getByRole('button', { name: /查询办理/ }).click();
    const queued = phone.page.getByRole('list', { name: '待办理的查询' }).getByRole('button').filter({ hasText: UNKNOWN_QZH });
    await queued.getByText('不动产权证书查询').waitFor();
    await queued.getByText('130402********1231').first().waitFor();
    await shot(phone.page, 'queue');
    await queued.click();
    await phone.page.locator('#certificate-bdcdyh').waitFor();
    await shot(phone.page, 'answer-form');

    // On a desktop: the operator enters the certificate; a blank line is refused and nothing typed is lost.
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'counter-fulfil-desktop');
    const deskShot = steadyScreenshots('counter-fulfil-desktop');
    await counterSignIn(desk.page);
    await desk.page.getByRole('button', { name: /查询办理/ }).click();
    // The queue is a table there; the record opens beside it.
    await desk.page.getByRole('table', { name: '待办理的查询' }).getByRole('row').filter({ hasText: UNKNOWN_QZH }).waitFor();
    await deskShot(desk.page, 'queue');
    await desk.page.getByRole('table', { name: '待办理的查询' }).getByRole('row').filter({ hasText: UNKNOWN_QZH }).getByRole('button').click();
    await desk.page.getByRole('complementary', { name: '查询详情' }).waitFor();
    await expect(desk.page.locator('#certificate-qzh').inputValue()).resolves.toBe(UNKNOWN_QZH);
    await desk.page.locator('#certificate-bdcdyh').fill('130402001001GB00077F00010077');
    await desk.page.locator('#certificate-zl').fill('邯郸市丛台区人民路77号2-1-502');
    await desk.page.locator('#certificate-yt').fill('住宅');
    await desk.page.getByRole('button', { name: '生成并答复' }).click();
    await desk.page
      .getByRole('alert')
      .getByText(/请填写完整的证书信息/)
      .waitFor();
    await expect(desk.page.locator('#certificate-zl').inputValue()).resolves.toBe('邯郸市丛台区人民路77号2-1-502');
    await desk.page.locator('#certificate-mj').fill('89.60');
    await deskShot(desk.page, 'answer-filled');
    await desk.page.getByRole('button', { name: '生成并答复' }).click();
    await desk.page.waitForURL('**/admin/fulfilment');
    await desk.page.getByText('暂无待办理的查询').waitFor();
    await deskShot(desk.page, 'queue-empty');

    // The phone's open record is answered now: a second answer is refused, the form keeps what was typed.
    await phone.page.locator('#certificate-bdcdyh').fill('130402001001GB00077F00010077');
    await phone.page.locator('#certificate-zl').fill('邯郸市');
    await phone.page.locator('#certificate-yt').fill('住宅');
    await phone.page.locator('#certificate-mj').fill('1');
    await phone.page.getByRole('button', { name: '生成并答复' }).click();
    await phone.page.getByRole('alert').getByText('该查询已处理，不能重复答复，请刷新后查看').waitFor();
    await shot(phone.page, 'already-answered');

    // The citizen opens the document, which carries the hall's signature.
    await waitForNewestRecord(citizen.page, '查看');
    await citizenShot(citizen.page, 'record-found');
    const newest = citizen.page.locator('.hall-records__list li').first();
    await newest.getByRole('button').first().click();
    await citizen.page.waitForURL(/\/PDFview\?PDFurl=/);
    await citizen.page.getByText('共 1 页').waitFor();
    await citizen.page.locator('canvas.hall-pdf__page').first().waitFor();
    await citizenShot(citizen.page, 'pdf');
    const pdfPath = new URL(citizen.page.url()).searchParams.get('PDFurl')!;
    const pdf = Buffer.from(await (await citizen.context.request.get(pdfPath)).body()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('/ByteRange');
    expect(pdf).toMatch(/\/SubFilter\s*\/(ETSI\.CAdES\.detached|adbe\.pkcs7\.detached)/);
    for (const context of [citizen.context, phone.context, desk.context]) await context.close();
  });
});
