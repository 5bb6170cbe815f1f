import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hallForFile, signIn, keepFailureEvidence, citizenOnPhone, steadyScreenshots, tinyPdf } from './hall';

const hall = hallForFile();

/** The smallest real PNG: one transparent pixel. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Signs in to the console as the demo 内容管理员 and opens 文章管理. */
async function contentSignIn(page: Page, screen = '文章管理', path = 'articles') {
  await page.goto('/admin/');
  await page.getByLabel('账号').fill('content');
  await page.getByLabel('密码').fill('demo2026hall');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: new RegExp(screen) }).click();
  await page.waitForURL(`**/admin/content/${path}`);
}

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const TITLE = '不动产登记中心周六延时服务的通知';
const BODY = '自下月起，每周六上午九点至十二点开放综合窗口。';

const newsTitles = async (page: Page) => page.locator('.hall-articles__item').allInnerTexts();

describe('the content manager in the console', () => {
  it('writes a news article as a draft, which citizens do not see, then publishes it and a citizen reads it', async () => {
    const operator = await hall.newPhone();
    keepFailureEvidence(operator.page, 'content-console-phone');
    const shot = steadyScreenshots('content-console-phone');
    await contentSignIn(operator.page);
    await operator.page.getByRole('list', { name: '文章' }).waitFor();
    await shot(operator.page, 'articles');

    await operator.page.getByRole('button', { name: '新建文章' }).click();
    await operator.page.waitForURL('**/admin/content/articles/new');
    await operator.page.getByRole('textbox', { name: '标题' }).fill(TITLE);
    const editor = operator.page.getByRole('textbox', { name: '正文' });
    await editor.click();
    await operator.page.keyboard.type(BODY);
    await operator.page.keyboard.press('Enter');
    await operator.page.getByRole('button', { name: '加粗' }).click();
    await operator.page.keyboard.type('请提前预约。');
    await shot(operator.page, 'typed');

    await operator.page.getByRole('button', { name: '保存草稿' }).click();
    await operator.page.waitForURL(/\/admin\/content\/articles\/\d+$/);
    await operator.page.getByText('草稿只有工作人员能看到').waitFor();

    // A citizen does not see the draft.
    const { shot: citizenShot, ...citizen } = await citizenOnPhone(hall, 'content-console-citizen', 'e2e-content-console', '陈静', '/news');
    await citizen.page.locator('.hall-articles__item').first().waitFor();
    expect((await newsTitles(citizen.page)).some((text) => text.includes(TITLE))).toBe(false);

    // Publishing fails once on the network: the fields keep what was typed and the operator is told.
    await operator.page.route('**/online/admin/api/content/articles/save', (route) => route.abort('failed'), { times: 1 });
    await operator.page.getByRole('button', { name: '发布', exact: true }).click();
    await operator.page.getByRole('dialog', { name: '发布文章' }).getByRole('button', { name: '确定发布' }).click();
    await operator.page.getByRole('alert').getByText('网络连接失败，请检查网络后重试').waitFor();
    await expect(operator.page.getByRole('textbox', { name: '标题' }).inputValue()).resolves.toBe(TITLE);
    await expect(editor.innerText()).resolves.toContain(BODY);
    await shot(operator.page, 'publish-failed-kept');

    await operator.page.getByRole('button', { name: '发布', exact: true }).click();
    await operator.page.getByRole('dialog', { name: '发布文章' }).getByRole('button', { name: '确定发布' }).click();
    await operator.page.getByText('修改保存后市民立即看到新内容').waitFor();
    await operator.page.getByRole('button', { name: '撤回为草稿' }).waitFor();
    await shot(operator.page, 'published');

    // The citizen sees it at once, first in 新闻中心, and reads it with its formatting.
    await citizen.page.reload();
    await citizen.page.locator('.hall-articles__item').first().waitFor();
    expect((await newsTitles(citizen.page))[0]).toContain(TITLE);
    await citizenShot(citizen.page, 'news-list');
    await citizen.page.locator('.hall-articles__item').first().click();
    await citizen.page.locator('.hall-article__title').getByText(TITLE).waitFor();
    await citizen.page.getByText(BODY).waitFor();
    // Two paragraphs, the second in bold, as typed.
    await expect(citizen.page.locator('p', { hasText: BODY }).count()).resolves.toBe(1);
    await expect(citizen.page.locator('p > strong', { hasText: '请提前预约。' }).count()).resolves.toBe(1);
    await citizenShot(citizen.page, 'article');

    // On a desktop: the list with the published article, and the article opened.
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'content-console-desktop');
    const deskShot = steadyScreenshots('content-console-desktop');
    await contentSignIn(desk.page);
    // There the articles are a table, sorted by the hall.
    const row = desk.page.getByRole('table', { name: '文章' }).getByRole('row').filter({ hasText: TITLE });
    await row.getByText('已发布').waitFor();
    await deskShot(desk.page, 'articles');
    await desk.page.getByRole('table', { name: '文章' }).getByRole('button', { name: '标题' }).click();
    await desk.page.waitForURL(/sort=title/);
    await row.getByRole('button').click();
    await desk.page.getByRole('textbox', { name: '正文' }).getByText(BODY).waitFor();
    await deskShot(desk.page, 'article');
  });

  it('inserts an uploaded picture into an article body and sees it in 预览', async () => {
    const operator = await hall.newPhone();
    keepFailureEvidence(operator.page, 'content-console-picture');
    await contentSignIn(operator.page);
    await operator.page.getByRole('button', { name: '新建文章' }).click();
    await operator.page.waitForURL('**/admin/content/articles/new');
    const editor = operator.page.getByRole('textbox', { name: '正文' });
    await editor.click();
    await operator.page.keyboard.type('新址位置如下图：');
    await operator.page.getByLabel('插入图片').setInputFiles({ name: 'map.png', mimeType: 'image/png', buffer: PNG });
    await editor.locator('img[src^="/online/content/article-picture?id="]').waitFor({ state: 'attached' });
    await operator.page.getByRole('button', { name: '预览' }).click();
    const picture = operator.page.frameLocator('iframe[title="文章预览"]').locator('img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  it('adds a banner with an image (a non-image refused) and hides a menu tile; the citizen home follows', async () => {
    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'content-console-home-desktop');
    const deskShot = steadyScreenshots('content-console-home-desktop');
    await contentSignIn(desk.page, '轮播图管理', 'banners');
    await desk.page.getByRole('list', { name: '轮播图' }).waitFor();
    await desk.page.getByRole('button', { name: '新增轮播图' }).click();
    await desk.page.getByLabel('标题').fill('五一假期办事指引');
    await desk.page.getByLabel('点击后打开').fill('/news');
    await desk.page.getByRole('button', { name: '保存' }).click();
    const card = desk.page.getByRole('list', { name: '轮播图' }).getByRole('listitem').filter({ hasText: '五一假期办事指引' });
    await card.getByText('未上传图片').waitFor();

    // A text file named .png is refused by its content and nothing changes.
    await card.getByLabel('上传五一假期办事指引的图片').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await desk.page.getByRole('dialog').getByText('只能上传PNG、JPG、GIF或WebP格式的图片，请重新选择').waitFor();
    await deskShot(desk.page, 'banner-not-image');
    await desk.page.getByRole('button', { name: '知道了' }).click();
    await card.getByLabel('上传五一假期办事指引的图片').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await card.getByText('显示中').waitFor();
    await deskShot(desk.page, 'banners');

    await desk.page.goto('/admin/content/menus');
    const tile = desk.page.getByRole('list', { name: '网上办理的菜单' }).getByRole('listitem').filter({ hasText: '排队取号' });
    await tile.getByRole('button', { name: '编辑' }).click();
    await desk.page.getByRole('switch').click();
    await desk.page.getByRole('button', { name: '保存' }).click();
    await tile.getByText('已隐藏').waitFor();
    await deskShot(desk.page, 'menus');

    const phone = await hall.newPhone();
    keepFailureEvidence(phone.page, 'content-console-home-phone');
    const phoneShot = steadyScreenshots('content-console-home-phone');
    await contentSignIn(phone.page, '菜单管理', 'menus');
    await phone.page.getByRole('list', { name: '菜单分组' }).waitFor();
    await phoneShot(phone.page, 'menus');
    await phone.page.goto('/admin/content/banners');
    await phone.page.getByRole('list', { name: '轮播图' }).getByText('五一假期办事指引').waitFor();
    await phoneShot(phone.page, 'banners');

    const citizen = await hall.newPhone();
    await signIn(citizen.page, 'e2e-content-console-home', '林立', '/');
    await citizen.page.getByText('网上申请').first().waitFor();
    await expect(citizen.page.getByText('排队取号').count()).resolves.toBe(0);
    await expect(citizen.page.locator('img[alt="五一假期办事指引"]').count()).resolves.toBeGreaterThan(0);
  });

  it('keeps common questions and contact lines; the administrator sets the map, a wrong address refused and kept', async () => {
    const phone = await hall.newPhone();
    keepFailureEvidence(phone.page, 'content-console-info-phone');
    const shot = steadyScreenshots('content-console-info-phone');
    await contentSignIn(phone.page, '常见问题与联系方式', 'questions');
    await phone.page.getByRole('button', { name: '新增常见问题' }).click();
    await phone.page.locator('.content-sheet input').first().fill('办理抵押登记需要多久？');
    await phone.page.locator('.content-sheet textarea').fill('材料齐全的，一个工作日内办结。');
    await phone.page.getByRole('button', { name: '保存', exact: true }).click();
    await phone.page.getByRole('list', { name: '常见问题列表' }).getByText('办理抵押登记需要多久？').waitFor();
    await shot(phone.page, 'questions');

    // A site's coordinates: one without the other is refused and what was typed stays.
    await phone.page.goto('/admin/content/sites');
    await phone.page.getByRole('list', { name: '服务网点' }).getByRole('button', { name: '编辑' }).first().click();
    await phone.page.locator('.content-sheet input').nth(3).fill('36.6253');
    await phone.page.locator('.content-sheet input').nth(4).fill('');
    await phone.page.getByRole('button', { name: '保存', exact: true }).click();
    await phone.page
      .getByRole('alert')
      .getByText(/坐标须同时填写纬度/)
      .waitFor();
    await expect(phone.page.locator('.content-sheet input').nth(3).inputValue()).resolves.toBe('36.6253');
    await shot(phone.page, 'site-refused');

    // A form to download: a text file named .pdf is refused, the title stays; a real PDF is listed.
    await phone.page.goto('/admin/content/downloads');
    await phone.page.locator('#download-alias').fill('抵押权登记申请书');
    await phone.page.getByLabel('选择要上传的文件').setInputFiles({ name: '抵押权登记申请书.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text') });
    await phone.page
      .getByRole('alert')
      .getByText(/只能上传PDF、Word/)
      .waitFor();
    await expect(phone.page.locator('#download-alias').inputValue()).resolves.toBe('抵押权登记申请书');
    await phone.page.getByLabel('选择要上传的文件').setInputFiles({ name: '抵押权登记申请书.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    await phone.page.getByRole('list', { name: '下载文件' }).getByText('抵押权登记申请书.pdf', { exact: false }).waitFor();
    await shot(phone.page, 'downloads');

    // A business's guide: a material made optional is saved for new applications.
    await phone.page.goto('/admin/content/guides');
    await phone.page.getByRole('list', { name: '业务' }).getByRole('button').first().click();
    await phone.page.getByRole('list', { name: '所需材料' }).getByRole('listitem').first().waitFor();
    await phone.page.getByRole('list', { name: '所需材料' }).getByText('必须提交').first().click();
    // The help 资料上传 shows for a material: a hint, and a sample picture uploaded through the hall.
    await phone.page.getByLabel('第1项材料的上传提示').fill('申请书每页都要拍，签字处清楚可见');
    await phone.page.getByLabel('上传第1项材料的示例图片').setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await phone.page.getByRole('img', { name: '不动产登记申请书示例图片' }).first().waitFor();
    await phone.page.getByRole('button', { name: '保存指南与材料' }).click();
    await phone.page.getByText('保存成功，新提交的申请将按此材料清单办理').waitFor();
    await shot(phone.page, 'guide');
    await phone.page.reload();
    await expect.poll(() => phone.page.getByLabel('第1项材料的上传提示').inputValue(), { timeout: 15_000 }).toBe('申请书每页都要拍，签字处清楚可见');
    await phone.page.getByRole('img', { name: '不动产登记申请书示例图片' }).first().scrollIntoViewIfNeeded();
    await shot(phone.page, 'guide-material-help');

    // The same four screens on a desktop, with what was just saved.
    const editorDesk = await hall.newDesktop();
    keepFailureEvidence(editorDesk.page, 'content-console-info-desktop');
    const editorShot = steadyScreenshots('content-console-info-desktop');
    await contentSignIn(editorDesk.page, '常见问题与联系方式', 'questions');
    await editorDesk.page.getByRole('list', { name: '常见问题列表' }).getByText('办理抵押登记需要多久？').waitFor();
    await editorShot(editorDesk.page, 'questions');
    await editorDesk.page.goto('/admin/content/sites');
    await editorDesk.page.getByRole('list', { name: '服务网点' }).getByRole('button', { name: '编辑' }).first().waitFor();
    await editorShot(editorDesk.page, 'sites');
    await editorDesk.page.goto('/admin/content/downloads');
    await editorDesk.page.getByRole('list', { name: '下载文件' }).getByText('抵押权登记申请书.pdf', { exact: false }).waitFor();
    await editorShot(editorDesk.page, 'downloads');
    await editorDesk.page.goto('/admin/content/guides');
    await editorDesk.page.getByRole('list', { name: '业务' }).getByRole('button').first().click();
    await editorDesk.page.getByRole('list', { name: '所需材料' }).getByRole('listitem').first().waitFor();
    await editorShot(editorDesk.page, 'guide');
    await editorDesk.page.getByLabel('第1项材料的上传提示').scrollIntoViewIfNeeded();
    await expect(editorDesk.page.getByLabel('第1项材料的上传提示').inputValue()).resolves.toBe('申请书每页都要拍，签字处清楚可见');
    await editorShot(editorDesk.page, 'guide-material-help');

    const desk = await hall.newDesktop();
    keepFailureEvidence(desk.page, 'content-console-map-desktop');
    const deskShot = steadyScreenshots('content-console-map-desktop');
    await desk.page.goto('/admin/');
    await desk.page.getByLabel('账号').fill('admin');
    await desk.page.getByLabel('密码').fill('demo2026hall');
    await desk.page.getByRole('button', { name: '登录' }).click();
    await desk.page.getByRole('button', { name: /地图设置/ }).click();
    await desk.page.getByLabel('地图瓦片地址').fill('http://tiles.example.cn/{z}/{x}/{y}.png');
    await desk.page.getByRole('button', { name: '保存' }).click();
    await desk.page
      .getByRole('alert')
      .getByText(/瓦片地址须以 https:\/\/ 开头/)
      .waitFor();
    await expect(desk.page.getByLabel('地图瓦片地址').inputValue()).resolves.toBe('http://tiles.example.cn/{z}/{x}/{y}.png');
    await deskShot(desk.page, 'map-refused');

    const citizen = await hall.newPhone();
    await signIn(citizen.page, 'e2e-content-console-faq', '赵云', '/commonQuesList');
    await citizen.page.getByText('办理抵押登记需要多久？').waitFor();
  });
});
