import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, hallForFile, signIn } from './harness';
import { verifiedCitizen } from './identity';
import { acknowledge, fillPerson, startApplication } from './application-steps';

const hall = hallForFile();

const BUSINESS = '国有建设用地使用权及房屋所有权转移登记';
const GUIDE = `/apply?id=pd-200-4&name=${encodeURIComponent(BUSINESS)}&djlx=200&qllx=4&code=FWZYDJ&appointment=0`;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A stroke with the mouse across the pad, through the given points (fractions of its box). */
async function mouseStroke(page: Page, pad: Locator, points: [number, number][]) {
  const box = (await pad.boundingBox())!;
  const [first, ...rest] = points.map(([x, y]) => [box.x + x * box.width, box.y + y * box.height] as const);
  await page.mouse.move(first![0], first![1]);
  await page.mouse.down();
  for (const [x, y] of rest) await page.mouse.move(x, y, { steps: 6 });
  await page.mouse.up();
}

/** A stroke with a finger: touch pointer events, as a phone's browser sends them. */
async function touchStroke(pad: Locator, points: [number, number][]) {
  const box = (await pad.boundingBox())!;
  const at = ([x, y]: [number, number]) => ({ clientX: box.x + x * box.width, clientY: box.y + y * box.height, pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true });
  await pad.dispatchEvent('pointerdown', at(points[0]!));
  for (const point of points.slice(1)) await pad.dispatchEvent('pointermove', at(point));
  await pad.dispatchEvent('pointerup', at(points[points.length - 1]!));
}

/** How many dark pixels the pad holds: a signature leaves many, a blank pad none. */
async function inkOf(pad: Locator): Promise<number> {
  return pad.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 100 && data[i + 3]! > 200) dark += 1;
    return dark;
  });
}

describe('signing by hand and the inquiry record', () => {
  it('a verified citizen saves an applicant, signs on the pad with mouse and finger, sees 已签字, fills and uploads the inquiry record, and finds the picture among the materials', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'signing', 'e2e-signing', '周先生');

    // A transfer (200+4) opens the property-info screen.
    const applicationId = (await startApplication(page, GUIDE, '/info/infofillJc')).get('id');
    expect(applicationId).toBeTruthy();
    await page.getByRole('heading', { name: '不动产信息' }).waitFor();
    await page.getByText('暂无不动产单元信息，请在下方添加').waitFor();
    await page.getByText('暂无买受人', { exact: true }).waitFor();
    await shot(page, 'property-info');

    // A buyer (买受人): signing before saving is refused, then the save leads to the rights-information screen.
    await page.getByRole('button', { name: '添加买受人' }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && url.searchParams.get('type') === '0');
    await fillPerson(page, { name: '张三', phone: '13812345678', idNumber: '130402198503151231', address: '石河子市北四路79号1-101' });
    await page.getByRole('button', { name: '点击签字' }).click();
    await acknowledge(page, '请先保存用户信息');
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillJcinfo');
    await page.getByRole('heading', { name: '权利信息填写' }).waitFor();
    const applicants = page.getByRole('table', { name: '买受人列表' });
    await applicants.getByRole('cell', { name: '张三', exact: true }).waitFor();

    // The saved applicant signs: /userSign with the pad.
    await applicants.getByRole('button', { name: '管理张三' }).click();
    await page.locator('.adm-action-sheet').getByText('查看/修改', { exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/info/person' && Boolean(url.searchParams.get('id')));
    const applicantId = new URL(page.url()).searchParams.get('id')!;
    await page.getByRole('button', { name: '点击签字' }).click();
    await page.waitForURL((url) => url.pathname === '/userSign' && url.searchParams.get('userid') === applicantId);
    await page.getByRole('heading', { name: '手写签名' }).waitFor();
    const pad = page.getByRole('img', { name: '签名区域' });
    await pad.waitFor();
    await expect(pad.evaluate((canvas) => [canvas.clientWidth, canvas.clientHeight])).resolves.toEqual([350, 400]);
    await page.getByText('请在下方区域内签写您的姓名').waitFor();
    await expect(page.getByRole('button', { name: '清除' }).isDisabled()).resolves.toBe(true);
    // Saving an empty pad asks for a signature first.
    await page.getByRole('button', { name: '保存' }).click();
    await acknowledge(page, '请先在签字区域内签名');

    // A stroke, cleared, then the name written with the mouse and a finger.
    await mouseStroke(page, pad, [
      [0.1, 0.1],
      [0.9, 0.9],
    ]);
    expect(await inkOf(pad)).toBeGreaterThan(100);
    await page.getByRole('button', { name: '清除' }).click();
    expect(await inkOf(pad)).toBe(0);
    await mouseStroke(page, pad, [
      [0.15, 0.3],
      [0.45, 0.3],
    ]);
    await mouseStroke(page, pad, [
      [0.3, 0.2],
      [0.3, 0.75],
      [0.2, 0.8],
    ]);
    await mouseStroke(page, pad, [
      [0.12, 0.55],
      [0.48, 0.55],
    ]);
    await touchStroke(pad, [
      [0.6, 0.25],
      [0.85, 0.25],
      [0.6, 0.5],
      [0.85, 0.5],
      [0.6, 0.78],
      [0.88, 0.78],
    ]);
    await touchStroke(pad, [
      [0.72, 0.2],
      [0.74, 0.85],
    ]);
    expect(await inkOf(pad)).toBeGreaterThan(2000);
    await shot(page, 'signature-drawn');

    await page.getByRole('button', { name: '保存' }).click();
    const saved = page.getByRole('dialog').filter({ hasText: '保存成功' });
    await saved.waitFor();
    await expect(saved.textContent()).resolves.toContain('提示');
    await shot(page, 'signature-saved');
    await acknowledge(page, '保存成功');
    await page.waitForURL((url) => url.pathname === '/info/person');
    const back = new URL(page.url()).searchParams;
    expect(Object.fromEntries(back)).toMatchObject({ userid: applicantId, slsqId: applicationId, isSign: 'true', iswxjc: 'true', djlx: '200', qllx: '4', shouSignInput: 'true' });
    const signedButton = page.getByRole('button', { name: '已签字' });
    await signedButton.waitFor();
    await expect(signedButton.isDisabled()).resolves.toBe(true);
    await shot(page, 'person-signed');

    // The server knows it: a fresh load of the person screen without isSign still shows 已签字.
    await page.goto(`/info/person?type=0&id=${applicantId}&slsqId=${applicationId}&djlx=200&qllx=4`);
    await page.getByRole('button', { name: '已签字' }).waitFor();

    // The rights-information screen: the signature is listed, the undertaking letter and the inquiry record filled.
    await page.goto(`/info/infofillJcinfo?slsqId=${applicationId}&djlx=200&qllx=4`);
    await page.getByRole('heading', { name: '权利信息填写' }).waitFor();
    await page.getByRole('table', { name: '买受人列表' }).getByRole('cell', { name: '张三', exact: true }).waitFor();
    await page.locator('#jus-clmc').fill('死亡证明');
    await page.locator('#jus-swsj').fill('2024-03-05');
    const others = page.getByRole('listbox', { name: '被继承人是否有其他继承人？' }).or(page.locator('[aria-label="被继承人是否有其他继承人？"]'));
    await others.getByText('有', { exact: true }).click();
    await page.locator('#record-mcjgx').fill('李四 配偶');
    await shot(page, 'statements-form');

    // A bad date of death is refused before anything is saved.
    await page.locator('#jus-swsj').evaluate((input: HTMLInputElement) => {
      input.type = 'text';
    });
    await page.locator('#jus-swsj').fill('2024/3/5');
    await page.getByRole('button', { name: '预览问询记录' }).click();
    await acknowledge(page, '死亡日期格式应为YYYY-MM-DD');
    await page.locator('#jus-swsj').fill('2024-03-05');

    // The inquiry record's preview: the answers, the defaults (否) for the rest, the signature; the button after 2 s.
    await page.getByRole('button', { name: '预览问询记录' }).click();
    await page.waitForURL((url) => url.pathname === '/info/InfoFillJcWxjlxx' && url.searchParams.get('signData') === applicantId);
    const record = page.getByRole('article', { name: '问询记录' });
    await record.waitFor();
    await record.getByText('答：有', { exact: true }).waitFor();
    await record.getByText('答：李四 配偶', { exact: true }).waitFor();
    await expect(record.getByText('答：否', { exact: true }).count()).resolves.toBe(4);
    const signatureImage = record.getByRole('img', { name: '张三的签名' });
    await expect.poll(() => signatureImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await page.getByText('请核对文书内容，稍后可保存上传').waitFor();
    await shot(page, 'inquiry-preview');
    const upload = page.getByRole('button', { name: '保存图片并上传' });
    await upload.waitFor({ timeout: 5000 });
    await upload.click();
    const uploaded = page.getByRole('dialog').filter({ hasText: '上传成功' });
    await uploaded.waitFor();
    await expect(uploaded.textContent()).resolves.toContain('提示');
    await shot(page, 'inquiry-uploaded');
    await acknowledge(page, '上传成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillJcinfo');

    // The undertaking letter as the guarantee preview: the death date in parts and today's date.
    await page.goto(`/info/InfoFillJjsxx?slsqId=${applicationId}&djlx=200&qllx=4`);
    const letter = page.getByRole('article', { name: '具结书' });
    await letter.getByText('被继承人已于2024年3月5日死亡', { exact: false }).waitFor();
    await letter.getByRole('img', { name: '张三的签名' }).waitFor();
    await shot(page, 'undertaking-preview');
    // The preview's data may come in the query (compactinfo1, htinfo), as the guarantee preview takes it.
    const compact = encodeURIComponent(JSON.stringify({ swsj: '2022-01-09', clmc: '居民死亡医学证明' }));
    const htinfo = encodeURIComponent(JSON.stringify({ buyer_compactBuyer_Name: '张三', qzh: '新(2020)石河子市不动产权第0001234号', buyer_qzinfo: '', extend_data: '{}' }));
    await page.goto(`/info/InfoFillJjsxx?slsqId=${applicationId}&djlx=200&qllx=4&compactinfo1=${compact}&htinfo=${htinfo}`);
    const given = page.getByRole('article', { name: '具结书' });
    await given.getByText('被继承人已于2022年1月9日死亡', { exact: false }).waitFor();
    await given.getByText('《居民死亡医学证明》', { exact: false }).waitFor();
    await given.getByText('不动产权证号：新(2020)石河子市不动产权第0001234号', { exact: false }).waitFor();

    // The inquiry-record screen shows the same record.
    await page.goto(`/info/InfoFillJcinfoAskRecord?slsqId=${applicationId}&djlx=200&qllx=4&signData=${applicantId}`);
    await page.getByRole('article', { name: '问询记录' }).getByText('答：有', { exact: true }).waitFor();
    // Answers given in the query (wxjldata) are shown over the saved ones.
    await page.goto(`/info/InfoFillJcinfoAskRecord?slsqId=${applicationId}&djlx=200&qllx=4&wxjldata=${encodeURIComponent(JSON.stringify({ sfzs: '是' }))}`);
    const asked = page.getByRole('article', { name: '问询记录' });
    await asked.getByText('答：是', { exact: true }).waitFor();
    await expect(asked.getByText('答：否', { exact: true }).count()).resolves.toBe(3);

    // 下一步 runs the server check first: the seller and the unit are still missing. The upload screen lists the picture under its template.
    await page.goto(`/info/infofillJcinfo?slsqId=${applicationId}&djlx=200&qllx=4`);
    await page.getByRole('button', { name: '下一步' }).click();
    await acknowledge(page, /请添加/);
    expect(new URL(page.url()).pathname).toBe('/info/infofillJcinfo');
    await page.goto(`/upload?slsqId=${applicationId}&djlx=200&qllx=4`);
    const picture = page.getByRole('img', { name: '继承问询记录第1张' });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await shot(page, 'materials-with-record');

    // The stored picture is a PNG of the rendered record; kept beside the screenshots to be looked at.
    const src = await picture.getAttribute('src');
    const response = await context.request.get(new URL(src!, hall.origin).toString());
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect([...body.subarray(0, 8)]).toEqual(PNG_MAGIC);
    await mkdir(join(ARTIFACTS, 'signing'), { recursive: true });
    await writeFile(join(ARTIFACTS, 'signing', 'stored-inquiry-record.png'), body);

    // Another citizen sees none of it.
    const stranger = await hall.newPhone();
    await signIn(stranger.page, 'e2e-signing-stranger', '吴女士', `/info/InfoFillJcWxjlxx?slsqId=${applicationId}&djlx=200&qllx=4`);
    await stranger.page.getByText('未找到该申请').waitFor();
    expect(await stranger.page.getByRole('img', { name: '张三的签名' }).count()).toBe(0);
    expect((await stranger.context.request.get(new URL(src!, hall.origin).toString())).status()).toBeGreaterThanOrEqual(400);
    await stranger.context.close();
    await context.close();
  });

  it('a certificate-change case (800+4): the inheritance affidavit and the questioning record with the share in percent, saved with savetype 4, the loss statement uploaded to its template', async () => {
    const { context, page, shot } = await verifiedCitizen(hall, 'inheritance', 'e2e-inheritance', '郑女士', { name: '郑敏', idcard: '110105199003071239', phone: '13912345670' });

    const guide = `/apply?id=pd-800-4&name=${encodeURIComponent('继承及证书遗失换证登记')}&djlx=800&qllx=4&code=HZDJ&appointment=0`;
    const applicationId = (await startApplication(page, guide, '/info/infofillJc')).get('id')!;
    await page.getByRole('heading', { name: '不动产信息' }).waitFor();

    // The rights-information screen of 800+4: the affidavit and the questioning record, no transfer inquiry.
    await page.goto(`/info/infofillJcinfo?slsqId=${applicationId}&djlx=800&qllx=4`);
    await page.getByRole('heading', { name: '权利信息填写' }).waitFor();
    await page.getByText('继承具结书', { exact: true }).waitFor();
    await page.getByText('换证问询记录', { exact: true }).first().waitFor();
    await expect(page.getByRole('button', { name: '预览问询记录' }).count()).resolves.toBe(0);

    // An applicant added and deleted again: 管理 → 删除 asks 确定执行删除操作？ under 提示.
    await page.getByRole('button', { name: '添加申请人' }).click();
    await page.waitForURL((url) => url.pathname === '/info/person');
    await fillPerson(page, { name: '郑敏', phone: '13912345670', idNumber: '110105199003071239', address: '石河子市北四路79号1-101' });
    // 点击签字 needs a saved applicant, so it sits below 保存; saving offers it at once.
    const saveBox = (await page.getByRole('button', { name: '保存', exact: true }).boundingBox())!;
    const signBox = (await page.getByRole('button', { name: '点击签字' }).boundingBox())!;
    expect(signBox.y).toBeGreaterThan(saveBox.y);
    await page.getByRole('button', { name: '保存' }).click();
    const saved = page.getByRole('dialog').filter({ hasText: '保存成功' });
    await saved.getByRole('button', { name: '点击签字' }).click();
    await page.waitForURL((url) => url.pathname === '/userSign' && Boolean(url.searchParams.get('userid')) && url.searchParams.get('slsqId') === applicationId);
    await page.getByRole('heading', { name: '手写签名' }).waitFor();
    await page.goto(`/info/infofillJcinfo?slsqId=${applicationId}&djlx=800&qllx=4`);
    const listed = page.getByRole('table', { name: '申请人列表' });
    await listed.getByRole('cell', { name: '郑敏', exact: true }).waitFor();
    await listed.getByRole('button', { name: '管理郑敏' }).click();
    const sheet = page.locator('.adm-action-sheet');
    for (const label of ['查看/修改', '删除', '取消']) await sheet.getByText(label, { exact: true }).waitFor();
    await sheet.getByText('删除', { exact: true }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '确定执行删除操作？' });
    await ask.waitFor();
    await expect(ask.textContent()).resolves.toContain('提示');
    await ask.getByRole('button', { name: '确定' }).click();
    await page.getByText('暂无申请人', { exact: true }).waitFor();
    await page.locator('#jus-clmc').fill('继承权公证书');
    await page.locator('#jus-swsj').fill('2023-08-16');
    await page.locator('#change-onestr').fill('子女');
    await page.locator('#change-twostr').fill('新(2020)石河子市不动产权第0001234号');
    await page.locator('#change-thstr').fill('父亲去世，原证书遗失');
    await page.locator('#change-fostr').fill('150');
    await page.locator('#change-sevstr').fill('石河子日报 2024-04-01');
    await page.locator('#change-zl').fill('石河子市北四路79号1-101');
    await shot(page, 'change-form');

    // The share is a percent from 0 to 100.
    await page.getByRole('button', { name: '预览遗失及换证说明' }).click();
    await acknowledge(page, '继承份额须为0到100之间的数字（百分比）');
    await page.locator('#change-fostr').fill('50');

    // The loss statement: saved with savetype 4, rendered, uploaded to 遗失及换证说明.
    await page.getByRole('button', { name: '预览遗失及换证说明' }).click();
    await page.waitForURL((url) => url.pathname === '/info/InfoFillcqzmssm');
    const statement = page.getByRole('article', { name: '遗失及换证说明' });
    await statement.getByText('原不动产权证书（证明）号为新(2020)石河子市不动产权第0001234号', { exact: false }).waitFor();
    await statement.getByText('遗失声明已于石河子日报 2024-04-01刊登', { exact: false }).waitFor();
    await page.getByRole('button', { name: '保存图片并上传' }).click();
    await acknowledge(page, '上传成功');
    await page.waitForURL((url) => url.pathname === '/info/infofillJcinfo');

    // The questioning record shows the share with its percent sign; the inquiry-record screen shows the same for 800+4.
    await page.goto(`/info/InfoFillJcinfoAskRecord?slsqId=${applicationId}&djlx=800&qllx=4`);
    const record = page.getByRole('article', { name: '换证问询记录' });
    await record.getByText('答：50%', { exact: true }).waitFor();
    await shot(page, 'change-record');

    // The preview saved with savetype 4; 下一步 runs the server check, which asks for the deleted applicant again.
    await page.goto(`/info/infofillJcinfo?slsqId=${applicationId}&djlx=800&qllx=4`);
    await expect(page.locator('#change-fostr').inputValue()).resolves.toBe('50');
    await page.getByRole('button', { name: '下一步' }).click();
    await acknowledge(page, '请添加申请人');
    await page.goto(`/upload?slsqId=${applicationId}&djlx=800&qllx=4`);
    const picture = page.getByRole('img', { name: '遗失及换证说明第1张' });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await shot(page, 'materials-with-statement');
    await context.close();
  });
});
