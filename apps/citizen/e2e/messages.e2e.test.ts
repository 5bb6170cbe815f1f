import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { verifiedCitizen } from './identity';
import { submitMortgageOverHttp } from './submit-over-http';

const hall = hallForFile();

const OPINION = '抵押合同未签字，请补充签字后的抵押合同';

/** The reviewer, signed in to the console over HTTP: rejects the newest application waiting at the cadastral survey. */
async function reviewerRejectsNewest(origin: string): Promise<string> {
  const signIn = await fetch(`${origin}/online/admin/api/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'reviewer', password: 'demo2026hall' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const post = async (action: string, data: Record<string, unknown>) => {
    const response = await fetch(`${origin}/online/wx/apilist/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ reqseq: 'e2e', ...data }),
    });
    const body = (await response.json()) as { data?: { lists: { stage: string; items: { id: string; sqr_names: string[] }[] }[] } };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const { data } = await post('getReviewList', { stage: 'cadastralSurvey' });
  const mine = data!.lists[0]!.items.filter((item) => item.sqr_names.includes('郑抵押')).at(-1)!;
  await post('reviewApply', { proinstid: mine.id, stage: 'cadastralSurvey', decision: 'reject', opinion: OPINION });
  return mine.id;
}

describe('消息中心', () => {
  it('a reviewer rejects: the badge shows 1, the message carries the opinion and opens the application', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'messages', 'e2e-messages', '郑女士');
    await page.goto('/my/messages');
    await page.getByText('暂无消息，审核结果、预约和回复会在这里通知您').waitFor();
    await shot(page, 'empty');

    // The submission is itself a message; the citizen reads everything, so the decision is the only unread one.
    await submitMortgageOverHttp(context.request);
    await page.reload();
    await page.locator('.hall-message-item').filter({ hasText: '申请已提交' }).waitFor();
    await page.getByRole('button', { name: '全部已读' }).click();
    await page.getByText('条未读').waitFor({ state: 'detached' });

    const id = await reviewerRejectsNewest(hall.origin);

    await page.goto('/my');
    const entry = page.locator('.adm-list-item').filter({ hasText: '消息中心' });
    await entry.getByText('1', { exact: true }).waitFor();
    await expect(page.getByRole('navigation', { name: '主导航' }).getByText('1', { exact: true }).count()).resolves.toBe(1);
    await shot(page, 'my-badge');

    await entry.click();
    await page.waitForURL('**/my/messages');
    const item = page.locator('.hall-message-item').filter({ hasText: '权籍调查审核未通过' });
    await item.getByText(OPINION, { exact: false }).waitFor();
    await shot(page, 'list');

    await item.click();
    await page.waitForURL('**/my/message?id=*');
    await page.getByRole('heading', { name: '权籍调查审核未通过' }).waitFor();
    await page.getByText(`审核意见：${OPINION}`, { exact: false }).waitFor();
    await shot(page, 'detail');

    await page.getByRole('button', { name: '查看详情' }).click();
    await page.waitForURL((url) => url.pathname.toLowerCase().startsWith('/applydetail') && url.searchParams.get('id') === id);
    await page.getByText('郑抵押').first().waitFor();
    await shot(page, 'application');

    // Read now: the badge is gone.
    await page.goto('/my');
    await page.getByText('消息中心').waitFor();
    await expect(page.locator('.adm-list-item').filter({ hasText: '消息中心' }).locator('.adm-badge').count()).resolves.toBe(0);
    await context.close();
  });
});
