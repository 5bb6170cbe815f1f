import { describe, expect, it } from 'vitest';
import { hallForFile } from './harness';
import { OWNER, answerFaceCheck, fillProfile, saveProfile, citizenOnPhone } from './identity';

const hall = hallForFile();

describe('profile and real-name verification', () => {
  it('refuses a wrong ID number, keeps a draft through a reload, saves, passes the face check and shows 已实名', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'profile', 'e2e-profile', '张小三');
    await page.getByText('账号信息').click();
    await page.waitForURL('**/userInfo');
    await page.getByRole('heading', { name: '个人信息' }).waitFor();
    await page.getByText('未实名认证').waitFor();
    await shot(page, 'empty');

    // Nothing typed: the first message of spec §5.
    await page.getByRole('button', { name: '保存' }).click();
    let alert = page.getByRole('dialog');
    await alert.getByText('请先填写姓名、手机号、身份证号码').waitFor();
    await shot(page, 'incomplete');
    await alert.getByRole('button', { name: '确定' }).click();
    await alert.waitFor({ state: 'detached' });

    // 立即认证 needs the name and the ID number.
    await page.getByRole('button', { name: '立即认证' }).click();
    alert = page.getByRole('dialog');
    await alert.getByText('请先填写姓名和手机号').waitFor();
    await alert.getByRole('button', { name: '确定' }).click();
    await alert.waitFor({ state: 'detached' });

    // An ID number of the wrong length.
    await fillProfile(page, { name: OWNER.name, idcard: '13040219850315', phone: OWNER.phone });
    await page.getByRole('button', { name: '保存' }).click();
    alert = page.getByRole('dialog');
    await alert.getByText('请确认身份证号码位数是否正确!').waitFor();
    await shot(page, 'wrong-id-length');
    await alert.getByRole('button', { name: '确定' }).click();
    await alert.waitFor({ state: 'detached' });

    // A wrong mobile number.
    await fillProfile(page, { name: OWNER.name, idcard: OWNER.idcard, phone: '2381234567' });
    await page.getByRole('button', { name: '保存' }).click();
    alert = page.getByRole('dialog');
    await alert.getByText('请确认手机号码是否正确!').waitFor();
    await alert.getByRole('button', { name: '确定' }).click();
    await alert.waitFor({ state: 'detached' });

    // Typed values survive a reload; a lower-case x is shown upper-case.
    await fillProfile(page, { name: OWNER.name, idcard: '11010519491231002x', phone: OWNER.phone });
    await expect(page.locator('#profile-cardnum').inputValue()).resolves.toBe('11010519491231002X');
    await page.reload();
    await page.locator('#profile-name').waitFor();
    await expect(page.locator('#profile-name').inputValue()).resolves.toBe(OWNER.name);
    await expect(page.locator('#profile-cardnum').inputValue()).resolves.toBe('11010519491231002X');
    await shot(page, 'draft-after-reload');

    // The password dialog: a short password is refused in the dialog itself.
    await page.locator('#profile-cardnum').fill(OWNER.idcard);
    await page.getByRole('button', { name: '保存' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('请设置登录密码').waitFor();
    await expect(dialog.locator('#profile-password').getAttribute('placeholder')).resolves.toBe('6位以上的数字和字母');
    await dialog.locator('#profile-password').fill('abc');
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('密码须为6位以上的数字和字母').waitFor();
    await shot(page, 'password-too-short');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });

    await saveProfile(page, '保存成功', shot);
    // Saved: the draft is gone.
    await expect(page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('hall:profile-draft')).length)).resolves.toBe(0);

    // Real-name verification through the face-check simulator.
    await page.getByRole('button', { name: '立即认证' }).click();
    await answerFaceCheck(page, 'pass', shot);
    await page.getByText('认证通过').waitFor();
    // The single-use token has left the address bar.
    expect(new URL(page.url()).searchParams.has('BizToken')).toBe(false);
    await shot(page, 'face-passed');

    // Back on the profile: verified, masked, no buttons.
    await page.getByText('已实名认证').waitFor();
    await page.getByText('1304**********1231').waitFor();
    await page.getByText('138****5678').waitFor();
    await expect(page.getByRole('button', { name: '保存' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '立即认证' }).count()).resolves.toBe(0);
    await shot(page, 'verified');

    // Verified, the phone can still change: with the code sent to the new number, once.
    await page.getByRole('button', { name: '更换手机号' }).click();
    await page.locator('#profile-new-phone').fill('13987654321');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+秒后重新获取/).waitFor();
    // The countdown shows whole beside the code field, at 390 px and at 320 px.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const fits = await page.locator('.hall-profile__code button').evaluate((button) => {
        const box = button.getBoundingClientRect();
        const text = (button.querySelector('span') ?? button).getBoundingClientRect();
        return box.right <= window.innerWidth && text.left >= box.left - 1 && text.right <= box.right + 1;
      });
      expect(fits).toBe(true);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    const inbox = await page.request.get('/simulator/sms/inbox?phone=13987654321&format=json');
    const { code } = (await inbox.json()) as { code: string };
    await page.locator('#profile-phone-code').fill(code);
    await shot(page, 'phone-change');
    await page.getByRole('button', { name: '确认更换' }).click();
    const changed = page.getByRole('dialog').filter({ hasText: '手机号已更换' });
    await changed.getByRole('button', { name: '确定' }).click();
    await page.getByText('139****4321').waitFor();
    await page.getByText('已实名认证').waitFor();

    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/my');
    await page.getByText('已实名', { exact: true }).waitFor();
    await shot(page, 'my-verified');
    await context.close();
  }, 240_000);

  it('registration (?type=1) says so on save; a failed face check shows 认证失败 and leaves the user unverified', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'profile-register', 'e2e-register', '李小四', '/userInfo?type=1');
    await page.locator('#profile-name').waitFor();
    await shot(page, 'form');
    await fillProfile(page, { name: '李四', idcard: '11010519491231002X', phone: '13912345678' });
    await saveProfile(page, '您已注册成功，可返回服务大厅办理业务', shot);

    await page.getByRole('button', { name: '立即认证' }).click();
    await answerFaceCheck(page, 'fail');
    await page.getByText('认证失败').waitFor();
    await page.locator('.adm-result-warning').waitFor();
    // It says why, and what to do about it.
    await page.getByText('失败原因：人脸核身未通过').waitFor();
    await page.getByRole('region', { name: '您可以这样做' }).getByText('请由身份证本人操作，在光线充足处正对手机屏幕').waitFor();
    expect(new URL(page.url()).searchParams.has('BizToken')).toBe(false);
    expect(new URL(page.url()).searchParams.get('type')).toBe('1');
    await shot(page, 'face-failed');

    await page.getByRole('button', { name: '返回重新认证' }).click();
    await page.getByText('未实名认证').waitFor();
    await expect(page.getByRole('button', { name: '立即认证' }).count()).resolves.toBe(1);

    // Each real reason a check fails is named, with what to do about that reason.
    for (const [outcome, reason, advice] of [
      ['fail-faceMismatch', '人脸与身份证照片不一致', '近年容貌变化较大的，请携带身份证到登记中心窗口办理'],
      ['fail-liveness', '活体检测未通过', '让整张脸留在取景框内，按屏幕提示眨眼或张嘴'],
      ['fail-identityMismatch', '身份信息不一致', '请在个人信息中核对姓名和身份证号，须与身份证上完全一致'],
    ] as const) {
      await page.getByRole('button', { name: '立即认证' }).click();
      await answerFaceCheck(page, outcome, outcome === 'fail-faceMismatch' ? shot : undefined);
      await page.getByText(`失败原因：${reason}`).waitFor();
      await page.getByRole('region', { name: '您可以这样做' }).getByText(advice).waitFor();
      await shot(page, `face-failed-${outcome.slice(5)}`);
      await page.getByRole('button', { name: '返回重新认证' }).click();
      await page.getByText('未实名认证').waitFor();
    }
    await context.close();
  }, 240_000);
});
