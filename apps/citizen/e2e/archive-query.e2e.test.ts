import { describe, expect, it } from 'vitest';
import { acknowledge } from './application-steps';
import { hallForFile } from './harness';
import { OWNER, answerFaceCheck, verifiedCitizen } from './identity';
import { waitForNewestRecord } from './record-lists';

const hall = hallForFile();

/** The code the SMS simulator shows for the phone. */
async function inboxCode(phone: string): Promise<string> {
  const reply = (await (await fetch(`${hall.origin}/simulator/sms/inbox?phone=${phone}&format=json`)).json()) as { code: string | null };
  if (!reply.code) throw new Error(`no code was sent to ${phone}`);
  return reply.code;
}

describe('archive query (查档证明)', () => {
  it('a verified citizen requests a certificate with the SMS code and a face check, sees it returned and opens the certificate', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'archive-query', 'e2e-archive', '张先生');

    // The hall's menu tile leads to the request page.
    await page.goto('/');
    await page.getByText('查档证明').first().click();
    await page.waitForURL('**/querycert');
    await page.getByRole('heading', { name: '查档证明' }).waitFor();
    await expect(page.locator('#archive-name').inputValue()).resolves.toBe(OWNER.name);
    await expect(page.locator('#archive-name').isDisabled()).resolves.toBe(true);
    await expect(page.locator('#archive-phone').inputValue()).resolves.toBe(OWNER.phone);
    await expect(page.locator('#archive-idcard').inputValue()).resolves.toBe('1304**********1231');
    await shot(page, 'request-form');

    // No code typed: 校验失败 with 请输入动态验证码.
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const failure = page.getByRole('dialog').filter({ hasText: '请输入动态验证码' });
    await failure.getByText('校验失败').waitFor();
    await shot(page, 'code-missing');
    await acknowledge(page, '请输入动态验证码');

    // A wrong code is refused by the server.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page
      .getByText(/\d+\s*s|\d+秒/)
      .first()
      .waitFor();
    await shot(page, 'code-countdown');
    const code = await inboxCode(OWNER.phone);
    await page.locator('#archive-code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await acknowledge(page, '请输入动态验证码');

    await page.locator('#archive-code').fill(code);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await answerFaceCheck(page, 'pass', shot);
    await page.waitForURL('**/ok');
    await page.getByText('结果已提交，请耐心等待').waitFor();
    await page.getByText(/申请单号：CD\d{14}/).waitFor();
    await shot(page, 'submitted');

    await page.getByRole('button', { name: '查看申请记录' }).click();
    await page.waitForURL(/\/querycertrecord/);
    await page.getByRole('heading', { name: '证明申请记录' }).waitFor();
    const states = await waitForNewestRecord(page, '已返回', '.hall-archive__list');
    expect(['未返回', '已返回']).toContain(states[0]);
    await shot(page, 'records-returned');

    // A search for an unknown acceptance number shows the spec's empty text.
    await page.getByRole('searchbox').fill('CD20000101999999');
    await page.getByRole('searchbox').press('Enter');
    await page.getByText('没有查到任何相关结果，请核对确认申请单号').waitFor();
    await shot(page, 'search-empty');
    await page.getByRole('searchbox').fill('');
    await page.getByRole('searchbox').press('Enter');
    await page.locator('.hall-archive__list li').first().waitFor();

    await page.locator('.hall-archive__list li').first().getByRole('button').click();
    const popup = page.locator('.hall-archive__popup');
    await popup.getByText('申请详情').waitFor();
    await popup.getByText('已查询到不动产登记记录').waitFor();
    await shot(page, 'record-popup');
    await popup.getByRole('button', { name: '查看证明' }).click();

    await page.waitForURL(/\/CatchCert_new\?certId=\d+&openid=e2e-archive/);
    await page.getByRole('heading', { name: '查档证明' }).waitFor();
    const picture = page.getByRole('img', { name: '查档证明' });
    await picture.waitFor();
    await expect(picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).resolves.toBeGreaterThan(900);
    await shot(page, 'certificate');

    await page.getByRole('button', { name: '点击查看大图' }).click();
    const viewer = page.locator('.adm-image-viewer-content');
    await viewer.waitFor();
    await shot(page, 'certificate-full-screen');
    await page.locator('.hall-archive__viewer-footer button').click();
    await viewer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '返回', exact: true }).first().click();
    await page.waitForURL(/\/querycertrecord/);
    await page.getByRole('heading', { name: '证明申请记录' }).waitFor();
    await context.close();
  });
});

describe('archive query: a failed face check, then nothing registered', () => {
  it('a failed face check records nothing and offers 重新认证 with the same code; a person without property gets the 未发现 certificate', async () => {
    const person = { name: '赵敏', idcard: '110105199003070025', phone: '13900001111' };
    const { context, page, shot } = await verifiedCitizen(hall, 'archive-query-none', 'e2e-archive-none', '赵女士', person);

    await page.goto('/querycert');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page
      .getByText(/\d+\s*s|\d+秒/)
      .first()
      .waitFor();
    await page.locator('#archive-code').fill(await inboxCode(person.phone));
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await answerFaceCheck(page, 'fail');
    await page.waitForURL('**/ok');
    await page.getByText('认证失败').waitFor();
    await shot(page, 'face-failed');

    // Nothing was recorded; the checked code still opens a new face check.
    await page.getByRole('button', { name: '重新认证' }).click();
    await answerFaceCheck(page, 'pass');
    await page.getByText('结果已提交，请耐心等待').waitFor();
    await page.getByRole('button', { name: '查看申请记录' }).click();
    await page.getByRole('heading', { name: '证明申请记录' }).waitFor();
    await waitForNewestRecord(page, '已返回', '.hall-archive__list');
    await expect(page.locator('.hall-archive__list li').count()).resolves.toBe(1);
    await page.locator('.hall-archive__list li').first().getByRole('button').click();
    await page.locator('.hall-archive__popup').getByText('未查询到不动产登记记录').waitFor();
    await page.locator('.hall-archive__popup').getByRole('button', { name: '查看证明' }).click();
    await page.getByRole('img', { name: '查档证明' }).waitFor();
    await shot(page, 'certificate-none');
    await context.close();
  });
});

describe('property certificate query for a registration (不动产权证查询)', () => {
  it('builds 新(2024)第六师不动产权第0001234号 from year, kind and serial, and shows the unit number and the mortgage', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'property-query', 'e2e-property', '张先生');

    await page.goto('/bdcqzQuery?djlx=200&qllx=4&slbh=S1&id=1&appointment=0');
    await page.getByRole('heading', { name: '不动产权证查询' }).waitFor();
    // Nothing typed: the number is asked for first.
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await acknowledge(page, '请输入不动产权证号或原证号');

    await page.getByText('年份').click();
    const picker = page.locator('.adm-picker');
    // The wheel's items take a tap each (a drag in a real hand).
    await picker.locator('.adm-picker-view-column-item', { hasText: '2024' }).dispatchEvent('click');
    await page.waitForTimeout(400);
    await picker.getByText('确定').click();
    await page.locator('.hall-property__value').getByText('2024').waitFor();
    await page.locator('#property-serial').fill('1234');
    await page.getByLabel('不动产权证号').getByText('新(2024)第六师不动产权第0001234号').waitFor();
    await shot(page, 'form');

    await page.getByRole('button', { name: '查询', exact: true }).click();
    const result = page.getByRole('region', { name: '查询结果' });
    await result.getByText('659004001002GB00021F00030201').waitFor();
    await result.getByText('中国农业银行五家渠分行（80万元）').waitFor();
    await result.getByRole('button', { name: '下一步' }).waitFor();
    await shot(page, 'result');
    await context.close();
  });
});
