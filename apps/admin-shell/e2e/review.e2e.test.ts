import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, keepFailureEvidence, verifiedCitizen, steadyScreenshots, acknowledge, applyFromGuide, submitAndFindPending, uploadRequired, type Shot, submitMortgageOverHttp } from './hall';

const hall = hallForFile();

const BUSINESS = '国有建设用地使用权及房屋所有权注销登记';
const CERTIFICATE = '新(2024)石河子市不动产权第0007788号';
const OPINION = '不动产权证号与登记簿记载不一致，请核对证书首页的证号后重新填写，并补充房屋灭失的证明材料照片。';

/** A verified citizen files a cancellation (400+4) in a district and submits it: it waits under 待审核. */
async function submitCancellation(page: Page, shot: Shot, district?: string) {
  const id = district ? `pd-400-4-${district}` : 'pd-400-4';
  await page.goto(`/apply?id=${id}&name=${encodeURIComponent(BUSINESS)}&djlx=400&qllx=4&code=FWZXDJ&appointment=0`);
  await page.getByRole('heading', { name: `${BUSINESS}办事指南` }).waitFor();
  const applicationId = await applyFromGuide(page, 'infofillzxdj');
  await page.locator('#zx-bdczmh').fill(CERTIFICATE);
  await page.locator('#zx-zxyy').fill('房屋灭失');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.waitForURL((url) => url.pathname === '/upload');
  await uploadRequired(page, '/applyDetailZxdj', shot);
  await submitAndFindPending(page, BUSINESS, shot);
  return applicationId;
}

/** The demo 审核员 signs in to the admin shell through the WeChat bound to the account and opens 网上申请审核 from the home. */
async function operatorOpensReview(page: Page) {
  await page.goto('/admin/');
  await page.getByRole('link', { name: '使用微信登录' }).click();
  await page.waitForURL(/\/simulator\/wechat\/connect\/oauth2\/authorize/);
  await page.click('button[data-openid="operator-demo"]');
  await page.getByText('审核员首页').waitFor();
  await page.getByRole('button', { name: '网上申请审核' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/review');
  await page.getByRole('heading', { name: '申请审核' }).waitFor();
}

/** The operator opens the citizen's application from the named stage's queue. */
async function openFromQueue(page: Page, stage: string, citizen: string) {
  await page.getByRole('tab', { name: new RegExp(stage) }).click();
  const item = page
    .getByRole('list', { name: `等待${stage}的申请` })
    .getByRole('listitem')
    .filter({ hasText: citizen });
  await item.waitFor();
  await item.getByRole('button').click();
  await page.getByRole('heading', { name: '审核详情' }).waitFor();
  await page.getByText(`当前环节：${stage}`).waitFor();
}

describe('the back office reviews what citizens submit', () => {
  it('an operator rejects a submitted application with an opinion; the citizen reads it under 已驳回, corrects it and submits again to 待审核', async () => {
    const { shot, ...citizen } = await verifiedCitizen(hall, 'review-reject', 'e2e-review-reject', '孙先生', { name: '孙立', idcard: '110101198001010010', phone: '13812345678' });
    const applicationId = await submitCancellation(citizen.page, shot);

    // The operator finds it waiting for 权籍调查审核 with the citizen's name and its acceptance number.
    const operator = await hall.newPhone();
    const adminShot = steadyScreenshots('review-reject-admin');
    keepFailureEvidence(operator.page, 'review-reject-admin');
    await operatorOpensReview(operator.page);
    const queue = operator.page.getByRole('list', { name: '等待权籍调查审核的申请' });
    const queued = queue.getByRole('listitem').filter({ hasText: '孙立' });
    await queued.waitFor();
    await expect(queued.textContent()).resolves.toMatch(/申请编号：HD\d+/);
    await expect(queued.textContent()).resolves.toContain(BUSINESS);
    await adminShot(operator.page, 'queue');
    await openFromQueue(operator.page, '权籍调查审核', '孙立');
    const rights = operator.page.getByRole('region', { name: '注销登记信息' });
    await rights.getByText(CERTIFICATE).waitFor();
    await rights.getByText('房屋灭失').waitFor();
    const materials = operator.page.getByRole('region', { name: '申请材料' });
    await materials.getByRole('img').first().waitFor();
    await operator.page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
    await adminShot(operator.page, 'detail');
    await operator.page.getByRole('region', { name: '申请材料' }).scrollIntoViewIfNeeded();
    await adminShot(operator.page, 'detail-materials');

    // 驳回 asks for the opinion first; then the application leaves the queue.
    await operator.page.getByRole('button', { name: '驳回' }).click();
    await operator.page.getByRole('button', { name: '确定驳回' }).click();
    await operator.page.getByRole('alert').filter({ hasText: '请填写驳回意见，告诉申请人需要修改什么' }).waitFor();
    await adminShot(operator.page, 'opinion-required');
    await operator.page.locator('#review-opinion').fill(OPINION);
    await adminShot(operator.page, 'opinion');
    await operator.page.getByRole('button', { name: '确定驳回' }).click();
    await operator.page.waitForURL((url) => url.pathname === '/admin/review');
    await operator.page.getByText('暂无等待权籍调查审核的申请').waitFor();
    await adminShot(operator.page, 'queue-empty');

    // The citizen reads the opinion under 已驳回: collapsed to one line, 展开 shows it whole.
    const page = citizen.page;
    await page.goto('/prodoing?itemIndex=3');
    await expect(page.getByRole('tab', { name: '已驳回' }).getAttribute('aria-selected')).resolves.toBe('true');
    const rejected = page.getByRole('list', { name: '已驳回的申请' });
    const item = rejected.getByRole('listitem').filter({ hasText: BUSINESS });
    await item.getByText(OPINION).waitFor();
    await item.getByText('提交时间：').waitFor();
    await item.getByRole('button', { name: '展开' }).click();
    await item.getByRole('button', { name: '收起' }).waitFor();
    await shot(page, 'rejected-with-opinion');
    await expect(page.locator('.adm-action-sheet').count()).resolves.toBe(0);

    // Its actions: 查看/编辑, 删除, 取消; a delete the server refuses says so and keeps it.
    await page.route('**/online/wx/apilist/deleteApply', (route) => route.fulfill({ json: { errcode: '01', errmsg: '该申请不可删除' } }));
    await item.getByRole('button', { name: BUSINESS }).click();
    const sheet = page.locator('.adm-action-sheet');
    for (const label of ['查看/编辑', '删除', '取消']) await sheet.getByText(label, { exact: true }).waitFor();
    await expect(sheet.getByText('查看详情', { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'rejected-actions');
    await sheet.getByText('删除', { exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: '确定执行删除操作？' }).getByRole('button', { name: '确定' }).click();
    await acknowledge(page, '删除申请失败！');
    await page.unroute('**/online/wx/apilist/deleteApply');

    // 查看/编辑 opens the cancellation form with what was saved; corrected, it goes through upload and detail to 提交.
    await item.getByRole('button', { name: BUSINESS }).click();
    await sheet.getByText('查看/编辑', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/info/infofillzxdj');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ slbh: expect.stringMatching(/^SL\d+/), id: applicationId, slsqId: applicationId, djlx: '400', qllx: '4' });
    await expect(page.locator('#zx-bdczmh').inputValue()).resolves.toBe(CERTIFICATE);
    await page.locator('#zx-zxyy').fill('房屋已拆除，附拆除证明');
    await shot(page, 'corrected');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.waitForURL((url) => url.pathname === '/applyDetailZxdj');
    await page.getByRole('region', { name: '注销信息' }).getByText('房屋已拆除，附拆除证明').waitFor();
    await submitAndFindPending(page, BUSINESS, shot);
    await page.getByRole('tab', { name: '已驳回' }).click();
    await page.getByText('没有查到任何相关结果，请核对确认申请单号').waitFor();

    // Back in the operator's queue, with the corrected reason.
    await operator.page.getByRole('button', { name: '刷新' }).click();
    await openFromQueue(operator.page, '权籍调查审核', '孙立');
    await operator.page.getByRole('region', { name: '注销登记信息' }).getByText('房屋已拆除，附拆除证明').waitFor();
    await operator.page.getByRole('region', { name: '申请信息' }).getByText(OPINION).waitFor();
    await adminShot(operator.page, 'resubmitted');
    await citizen.context.close();
    await operator.context.close();
  });

  it('an operator passes 权籍调查审核 and accepts at 受理审核; the citizen sees it under 审核通过 with its actions, and a failed reload says so', async () => {
    const { shot, ...citizen } = await verifiedCitizen(hall, 'review-pass', 'e2e-review-pass', '周女士', { name: '周敏', idcard: '659001199002020029', phone: '13912345678' });
    // District 630100 (西宁市): a passed case there offers 前往税务局.
    await submitCancellation(citizen.page, shot, '630100');

    const operator = await hall.newPhone();
    const adminShot = steadyScreenshots('review-pass-admin');
    keepFailureEvidence(operator.page, 'review-pass-admin');
    await operatorOpensReview(operator.page);
    await openFromQueue(operator.page, '权籍调查审核', '周敏');
    await operator.page.getByRole('button', { name: '审核通过' }).click();
    const confirmPass = operator.page.getByRole('dialog').filter({ hasText: '确定通过该申请的权籍调查审核吗？' });
    await confirmPass.waitFor();
    await adminShot(operator.page, 'confirm-pass');
    await confirmPass.getByRole('button', { name: '确定' }).click();
    await operator.page.waitForURL((url) => url.pathname === '/admin/review');

    await openFromQueue(operator.page, '受理审核', '周敏');
    await adminShot(operator.page, 'acceptance');
    await operator.page.getByRole('button', { name: '受理', exact: true }).click();
    const confirmAccept = operator.page.getByRole('dialog').filter({ hasText: '确定受理该申请吗？' });
    await confirmAccept.getByRole('button', { name: '确定' }).click();
    await operator.page.waitForURL((url) => url.pathname === '/admin/review' && url.searchParams.get('stage') === 'acceptance');
    await operator.page.getByText('暂无等待受理审核的申请').waitFor();
    await adminShot(operator.page, 'accepted');

    // The citizen: under 审核通过, with 点击预约, 查看详情 and (630100) 前往税务局, no 删除.
    const page = citizen.page;
    await page.goto('/prodoing?itemIndex=2');
    const passed = page.getByRole('list', { name: '审核通过的申请' });
    const item = passed.getByRole('listitem').filter({ hasText: BUSINESS });
    await item.waitFor();
    await expect(item.textContent()).resolves.toContain('申请地点：西宁市');
    // Accepted, the case may be booked for a counter visit.
    await item.getByText('点击预约').waitFor();
    await shot(page, 'passed');
    await item.getByRole('button', { name: BUSINESS }).click();
    const sheet = page.locator('.adm-action-sheet');
    for (const label of ['点击预约', '查看详情', '前往税务局', '取消']) await sheet.getByText(label, { exact: true }).waitFor();
    await expect(sheet.getByText('删除', { exact: true }).count()).resolves.toBe(0);
    await shot(page, 'passed-actions');
    await sheet.getByText('查看详情', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/applyDetailZxdj');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ djlx: '400', qllx: '4', isSubmit: 'false' });
    await expect(page.getByRole('button', { name: '提交' }).count()).resolves.toBe(0);
    await page.goBack();

    // The network gone on a reload: the list empties and says what to do.
    await page.route('**/online/wx/apilist/getApplyList', (route) => route.abort());
    await page.reload();
    await page.getByRole('button', { name: '重新加载' }).waitFor();
    await expect(page.getByText(BUSINESS).count()).resolves.toBe(0);
    await shot(page, 'load-failed');
    await page.unroute('**/online/wx/apilist/getApplyList');
    await page.getByRole('button', { name: '重新加载' }).click();
    await passed.getByRole('listitem').filter({ hasText: BUSINESS }).waitFor();
    await citizen.context.close();
    await operator.context.close();
  });

  it('the operator reads a mortgage application in full: its obligor and mortgagee, the unit and the mortgage rights', async () => {
    const citizen = await verifiedCitizen(hall, 'review-detail', 'e2e-review-detail', '郑先生', { name: '郑伟', idcard: '320102198505050038', phone: '13812345678' });
    await submitMortgageOverHttp(citizen.context.request);

    const operator = await hall.newPhone();
    const adminShot = steadyScreenshots('review-detail-admin');
    keepFailureEvidence(operator.page, 'review-detail-admin');
    await operatorOpensReview(operator.page);
    await openFromQueue(operator.page, '权籍调查审核', '郑抵押、郑权利');
    const persons = operator.page.getByRole('region', { name: '申请人' });
    const obligor = persons.getByRole('group', { name: '申请人郑抵押' });
    await obligor.getByText('义务人').waitFor();
    await obligor.getByText('110101198001010010').waitFor();
    await persons.getByRole('group', { name: '申请人郑权利' }).getByText('权利人').waitFor();
    const unit = operator.page.getByRole('region', { name: '不动产单元' });
    await unit.getByText('659001001001GB00001F00030003').waitFor();
    await unit.getByText('石河子市北三路3号3栋303').waitFor();
    // The use codes the unit is saved with (fwyt 10, tdsyq_yt 071) read as words, the area with its unit.
    await unit.getByText('住宅', { exact: true }).waitFor();
    await unit.getByText('城镇住宅用地', { exact: true }).waitFor();
    await unit.getByText('88.8 平方米', { exact: true }).waitFor();
    expect(await unit.textContent()).not.toMatch(/房屋用途\s*10|土地用途\s*071/);
    const mortgage = operator.page.getByRole('region', { name: '抵押权利信息' });
    await mortgage.getByText('一般抵押').waitFor();
    await mortgage.getByText('80 万元').waitFor();
    await mortgage.getByText('主债权及利息').waitFor();
    await adminShot(operator.page, 'detail');
    await persons.scrollIntoViewIfNeeded();
    await adminShot(operator.page, 'detail-persons');
    await mortgage.scrollIntoViewIfNeeded();
    await adminShot(operator.page, 'detail-rights');

    // An application that is not there says so; a queue that cannot load says why and loads again.
    await operator.page.goto('/admin/review/999999?stage=cadastralSurvey');
    await operator.page.getByText('未找到该申请').waitFor();
    await adminShot(operator.page, 'not-found');
    await operator.page.getByRole('button', { name: '返回列表' }).click();
    await operator.page.waitForURL((url) => url.pathname === '/admin/review');
    await operator.page.getByRole('list', { name: '等待权籍调查审核的申请' }).waitFor();
    await operator.page.route('**/online/wx/apilist/getReviewList', (route) => route.abort());
    await operator.page.getByRole('button', { name: '刷新' }).click();
    await operator.page.getByText('网络连接失败，请检查网络后重试').waitFor();
    await adminShot(operator.page, 'load-failed');
    await operator.page.unroute('**/online/wx/apilist/getReviewList');
    await operator.page.getByRole('button', { name: '重新加载' }).click();
    await operator.page.getByRole('list', { name: '等待权籍调查审核的申请' }).getByRole('listitem').first().waitFor();

    // A long queue comes a page of 50 at a time: the queue here is made 60 long from the real reply's first item.
    let sample: { id: string; name: string } | undefined;
    await operator.page.route('**/online/wx/apilist/getReviewList', async (route) => {
      const asked = route.request().postDataJSON() as { page: number; pageSize: number };
      const reply = (await (await route.fetch()).json()) as { data: { lists: { stage: string; total: number; items: { id: string; name: string }[] }[] } };
      const queue = reply.data.lists.find((entry) => entry.stage === 'cadastralSurvey')!;
      sample ??= queue.items[0]!;
      // Page 2 repeats the last of page 1, as when the queue moves between pages: it is shown once.
      const numbers = asked.page === 1 ? Array.from({ length: 50 }, (_, i) => i + 1) : Array.from({ length: 11 }, (_, i) => i + 50);
      queue.items = numbers.map((n) => ({ ...sample, id: `9000${n}`, name: `长队第${n}件` }));
      queue.total = 60;
      await route.fulfill({ json: reply });
    });
    await operator.page.getByRole('button', { name: '刷新' }).click();
    const longQueue = operator.page.getByRole('list', { name: '等待权籍调查审核的申请' }).getByRole('listitem');
    await longQueue.filter({ hasText: '长队第50件' }).waitFor();
    await expect(longQueue.count()).resolves.toBe(50);
    await operator.page.locator('.adm-tabs-tab', { hasText: '权籍调查审核' }).locator('.adm-badge-content').getByText('60', { exact: true }).waitFor();
    const more = operator.page.getByRole('button', { name: '加载更多（已显示 50 件，共 60 件）' });
    await more.scrollIntoViewIfNeeded();
    await adminShot(operator.page, 'long-queue-more');
    await more.click();
    await longQueue.filter({ hasText: '长队第60件' }).waitFor();
    await expect(longQueue.count()).resolves.toBe(60);
    await expect(operator.page.getByRole('button', { name: /加载更多/ }).count()).resolves.toBe(0);
    await adminShot(operator.page, 'long-queue');
    await operator.page.unroute('**/online/wx/apilist/getReviewList');

    // On a desktop the queue is a table, paged and sorted by the hall; an application opens beside it.
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'review-desktop');
    const deskShot = steadyScreenshots('review-desktop');
    await operatorOpensReview(desk.page);
    const table = desk.page.getByRole('table', { name: '等待权籍调查审核的申请' });
    await table.getByRole('row').nth(1).waitFor();
    await deskShot(desk.page, 'queue');
    await table.getByRole('button', { name: '提交时间' }).click();
    await desk.page.waitForURL(/sort=tjsj/);
    await table.getByRole('button', { name: '提交时间' }).click();
    await desk.page.waitForURL(/order=desc/);
    // The address changes before the table shows it: the heading is read until it does.
    await expect.poll(() => table.getByRole('columnheader', { name: '提交时间' }).getAttribute('aria-sort')).toBe('descending');
    await table.getByRole('row').nth(1).getByRole('button').click();
    const panel = desk.page.getByRole('complementary', { name: '审核详情' });
    await panel.getByText('当前环节：权籍调查审核').waitFor();
    await expect(table.isVisible()).resolves.toBe(true);
    await deskShot(desk.page, 'detail-beside');
    await desk.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await desk.page.getByRole('link', { name: '我已审核' }).click();
    await desk.page.getByRole('heading', { name: '我已审核' }).waitFor();
    await deskShot(desk.page, 'decided');
    await desk.context.close();
    await citizen.context.close();
    await operator.context.close();
  });
});
