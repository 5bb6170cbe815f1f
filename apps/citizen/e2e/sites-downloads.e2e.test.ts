import { describe, expect, it } from 'vitest';
import { hallForFile, signIn } from './harness';
import { keepFailureEvidence, citizenOnPhone } from './identity';
import { png } from './png';
import { steadyScreenshots } from './steady-screenshots';

const hall = hallForFile();

describe('service sites, downloads and the policy lists', () => {
  it('lists the sites with the map area and opens a site’s details', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'sites', 'e2e-sites', '网点市民', '/fwwd');
    await page.getByRole('heading', { name: '服务网点' }).waitFor();
    // One centre: 邯郸 and its district halls, each with its address and hours.
    const names = page.locator('.hall-sites__name');
    await names.first().waitFor();
    expect(await names.allTextContents()).toEqual(['邯郸市不动产登记中心', '邯山区不动产登记服务大厅', '复兴区不动产登记服务大厅']);
    await expect(page.getByText('地址：暂无').count()).resolves.toBe(0);
    // No map provider is configured here: the sites' own plan stands in, drawn offline, with the other halls' direction and distance.
    await page.getByRole('img', { name: '邯郸市不动产登记中心及周边网点示意图' }).waitFor();
    await page.getByText('网点示意图（离线）').waitFor();
    await expect.poll(async () => (await page.locator('.hall-sites__plan text').allTextContents()).some((text) => /^邯山区 \d+\.\d公里$/.test(text))).toBe(true);
    await shot(page, 'list');
    for (const width of [320]) {
      await page.setViewportSize({ width, height: 700 });
      await shot(page, `list-${width}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await page.locator('.hall-sites__item').filter({ hasText: '邯郸市不动产登记中心' }).click();
    const detail = page.getByRole('dialog', { name: '邯郸市不动产登记中心' });
    await detail.waitFor();
    await detail.getByText('河北省邯郸市丛台区滏东北大街566号市民服务中心').waitFor();
    await expect(detail.getByRole('link', { name: '拨打电话' }).getAttribute('href')).resolves.toBe('tel:03103101234');
    await page.getByText('当前显示：邯郸市不动产登记中心').waitFor();
    await shot(page, 'detail');
    await context.close();
  });

  it('draws the map at zoom 14 from a configured tile provider, and says so when the tiles cannot load', async () => {
    const { context, page } = await hall.newPhone();
    keepFailureEvidence(page, 'sites-map');
    const shot = steadyScreenshots('sites-map');
    // There is no outside network here: the provider is stood in for by answers of the browser itself.
    const requested: string[] = [];
    let tilesUp = true;
    await page.route('**/online/wx/apilist/getMapConfig', (route) =>
      route.fulfill({ json: { errcode: '00', data: { tileUrl: 'https://tiles.example.cn/{z}/{x}/{y}.png', attribution: '© 示例地图', zoom: 14 } } }),
    );
    await page.route('https://tiles.example.cn/**', (route) => {
      requested.push(new URL(route.request().url()).pathname);
      return tilesUp ? route.fulfill({ contentType: 'image/png', body: png([214, 226, 236], 256) }) : route.abort();
    });
    await signIn(page, 'e2e-sites-map', '地图市民', '/fwwd');
    await page.getByRole('img', { name: '邯郸市不动产登记中心的位置地图' }).waitFor();
    await page.getByText('© 示例地图').waitFor();
    await expect.poll(() => requested.length).toBeGreaterThan(0);
    // 邯郸 (36.6257, 114.5391) at zoom 14 lies in tile x 13404, y 6398.
    expect(requested).toContain('/14/13404/6398.png');
    await shot(page, 'map');

    tilesUp = false;
    await page.locator('.hall-sites__item').filter({ hasText: '复兴区不动产登记服务大厅' }).click();
    await page.getByRole('dialog', { name: '复兴区不动产登记服务大厅' }).waitFor();
    await page.locator('.adm-popup-close-icon').click();
    await page.getByRole('dialog', { name: '复兴区不动产登记服务大厅' }).waitFor({ state: 'hidden' });
    await page.getByText('地图暂时无法加载，显示网点示意图').waitFor();
    await page.getByRole('img', { name: '复兴区不动产登记服务大厅及周边网点示意图' }).waitFor();
    await shot(page, 'map-failed');
    await context.close();
  });

  it('searches the downloads, pages them and downloads a form with its Chinese name', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'downloads', 'e2e-downloads', '下载市民', '/zlxz');
    await page.getByRole('heading', { name: '资料下载' }).waitFor();
    await page.getByText('不动产登记申请书.pdf').waitFor();
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('button', { name: '第2页' }).waitFor();
    await expect(page.locator('.hall-list-page-list .adm-list-item').count()).resolves.toBe(5);
    await shot(page, 'list');
    await pager.getByRole('button', { name: '第2页' }).click();
    await page.getByText('抵押权登记申请表.pdf').waitFor();
    await shot(page, 'page-2');

    const search = page.locator('.hall-list-page-search input');
    await search.fill('委托');
    await search.press('Enter');
    await page.waitForURL(/q=/);
    await expect.poll(() => page.locator('.hall-list-page-list .adm-list-item').count()).toBe(1);
    await page.getByText('授权委托书（样表）').waitFor();
    await expect(pager.count()).resolves.toBe(0);
    await shot(page, 'search');

    const downloading = page.waitForEvent('download');
    await page.getByText('授权委托书（样表）').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe('授权委托书.pdf');
    const response = await context.request.get(`${hall.origin}/online/platform/cms/file/index_download?name=${encodeURIComponent('授权委托书.pdf')}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.headers()['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('授权委托书.pdf')}`);
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await context.request.get(`${hall.origin}/online/platform/cms/file/index_download?name=${encodeURIComponent('../../etc/passwd')}`);
    expect(refused.status()).toBe(404);

    await search.fill('不存在的表格');
    await search.press('Enter');
    await page.getByText('暂无相关数据').waitFor();
    await expect(pager.count()).resolves.toBe(0);
    await shot(page, 'search-empty');
    await context.close();
  });

  it('inside WeChat a download shows the hint to open the system browser instead', async () => {
    const context = await hall.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      baseURL: hall.origin,
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
    });
    const page = await context.newPage();
    keepFailureEvidence(page, 'downloads-wechat');
    const shot = steadyScreenshots('downloads-wechat');
    await signIn(page, 'e2e-downloads-wechat', '微信市民', '/zlxz');
    await page.getByText('不动产登记申请书.pdf').waitFor();
    const hint = '请点击右上角，选择"在浏览器打开"以下载';
    await expect(page.locator('.hall-downloads__hint').textContent()).resolves.toBe(hint);
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByText('不动产登记申请书.pdf').click();
    const dialog = page.getByRole('dialog').filter({ hasText: hint });
    await dialog.waitFor();
    await shot(page, 'hint');
    await dialog.getByRole('button', { name: '确定' }).click();
    expect(downloaded).toBe(false);
    await context.close();
  });

  it('pages the policy list and the housing notices; nothing found shows the server’s message', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'policy-lists', 'e2e-gov', '政策市民', '/gov/laws');
    await page.getByRole('heading', { name: '政策法规' }).waitFor();
    await page.getByText('共 13 条').waitFor();
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('button', { name: '第3页' }).click();
    await page.waitForURL(/page=3/);
    // Page 2 stays on screen until page 3 has come: count once it has.
    await expect.poll(() => page.locator('.hall-articles__item').count()).toBe(3);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'laws-page-3');

    await page.goto('/gov/tzgg');
    await page.getByRole('heading', { name: '房源信息' }).waitFor();
    await page.getByText('共 6 条').waitFor();
    await pager.getByRole('button', { name: '第2页' }).waitFor();
    await shot(page, 'tzgg');

    await page.goto('/gov/xxgs');
    await page.getByRole('heading', { name: '公示公告' }).waitFor();
    await page.getByText('共 12 条').waitFor();
    const search = page.locator('.hall-articles__search input');
    await search.fill('不存在的公告');
    await search.press('Enter');
    await page.getByText('暂无相关数据').waitFor();
    await expect(pager.count()).resolves.toBe(0);
    await shot(page, 'xxgs-empty');
    await context.close();
  });
});
