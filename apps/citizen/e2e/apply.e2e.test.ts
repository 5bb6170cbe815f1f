import { describe, expect, it } from 'vitest';
import { hallForFile, signIn } from './harness';
import { keepFailureEvidence } from './identity';
import { steadyScreenshots } from './steady-screenshots';

const hall = hallForFile();

describe('application guide', () => {
  it('shows the business guide under step 1 of the progress bar and asks before applying', async () => {
    const { context, page } = await hall.newPhone();
    const shot = steadyScreenshots('apply-guide');
    keepFailureEvidence(page, 'apply-guide');
    const name = '国有建设用地使用权及房屋所有权转移登记';
    await signIn(page, 'e2e-apply', '周先生', `/apply?id=pd-200-4&name=${encodeURIComponent(name)}&djlx=200&qllx=4&code=ZYDJ&appointment=0`);
    await page.getByRole('heading', { name, exact: true }).waitFor();
    await page.getByRole('heading', { name: `${name}办事指南` }).waitFor();
    // Step 1 of four (with 权利信息): 业务须知 is under way.
    const steps = page.getByRole('group', { name: '办理进度' });
    for (const title of ['业务须知', '权利信息', '上传资料', '完成']) await steps.getByText(title).waitFor();
    await steps.getByText('进行中').waitFor();
    await page.getByText('一、申请材料').waitFor();
    await page.getByText('申请人须知').waitFor();
    await shot(page, 'guide');

    await page.getByRole('button', { name: '我要申请' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定要申请办理该业务吗？' });
    await confirm.waitFor();
    await shot(page, 'confirm');
    await confirm.getByRole('button', { name: '取消' }).click();
    await confirm.waitFor({ state: 'detached' });

    // Applying with an incomplete profile: getApplyCode answers 02, the app asks for the profile first.
    await page.getByRole('button', { name: '我要申请' }).click();
    await page.getByRole('dialog').filter({ hasText: '确定要申请办理该业务吗？' }).getByRole('button', { name: '确定' }).click();
    const incomplete = page.getByRole('dialog').filter({ hasText: '请完善用户信息' });
    await incomplete.waitFor();
    await shot(page, 'profile-first');
    await incomplete.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/userInfo');
    await page.goBack();

    // An appointment-only application has no 权利信息 step.
    await page.goto(`/apply?id=pd-200-4&name=${encodeURIComponent(name)}&djlx=200&qllx=4&appointment=1`);
    await page.getByRole('heading', { name: `${name}办事指南` }).waitFor();
    await expect(page.getByRole('group', { name: '办理进度' }).getByText('权利信息').count()).resolves.toBe(0);

    // A business without a guide.
    await page.goto('/apply?id=pd-unknown&name=x');
    await page.getByText('未找到该业务的办事指南').waitFor();
    await shot(page, 'no-guide');
    await context.close();
  });
});
