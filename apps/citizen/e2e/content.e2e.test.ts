import { describe, expect, it } from 'vitest';
import { hallForFile, signIn } from './harness';
import { citizenOnPhone } from './identity';

const hall = hallForFile();

describe('laws list and articles', () => {
  it('searches, pages to page 2, opens an article and comes back to the same page', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'laws', 'e2e-laws', '孙立', '/laws');
    await page.getByRole('heading', { name: '政策法规' }).waitFor();
    await page.getByText('共 13 条').waitFor();
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('button', { name: '第3页' }).waitFor();
    await expect(page.locator('.hall-articles__item').count()).resolves.toBe(5);
    await shot(page, 'list');

    const search = page.locator('.hall-articles__search input');
    await search.fill('登记');
    await search.press('Enter');
    await page.getByText('“登记”的搜索结果，共 10 条').waitFor();
    await expect(pager.getByRole('button', { name: '第3页' }).count()).resolves.toBe(0);
    await shot(page, 'search');

    await pager.getByRole('button', { name: '第2页' }).click();
    await page.waitForURL(/page=2/);
    // The address changes before the list has rendered page 2: wait for the page, not only the address.
    await expect.poll(() => pager.getByRole('button', { name: '第2页' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.locator('.hall-articles__item').count()).toBe(5);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'search-page-2');

    const first = page.locator('.hall-articles__item').first();
    const title = (await first.locator('.hall-articles__item-title').textContent()) ?? '';
    expect(title).toContain('登记');
    await first.click();
    await page.waitForURL(/\/articlecontent\?id=\d+&type=laws/);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('第一条').waitFor();
    await shot(page, 'article');

    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL(/\/laws\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('登记');
    await page.getByText('“登记”的搜索结果，共 10 条').waitFor();
    await expect(pager.getByRole('button', { name: '第2页' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.locator('.hall-articles__item-title').first().textContent()).resolves.toBe(title);

    // Nothing found: the server's message as the empty row, no pager.
    await search.fill('不存在的法规名称');
    await search.press('Enter');
    await page.getByText('暂无相关数据').waitFor();
    await expect(pager.count()).resolves.toBe(0);
    await shot(page, 'search-empty');
    await context.close();
  });

  it('an article opened from a link goes back to its list', async () => {
    const { context, page } = await hall.newPhone();
    await signIn(page, 'e2e-article-link', '周悦', '/news');
    const href = await page.locator('.hall-articles__item').first().getAttribute('href');
    expect(href).toMatch(/^\/articlecontent\?id=\d+&type=article$/);
    await page.goto(href!);
    await page.getByRole('heading', { name: '新闻中心' }).waitFor();
    await page.locator('.hall-article__title').waitFor();
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/news');
    await page.getByText('共 8 条').waitFor();
    await context.close();
  });
});

describe('the other lists, common questions and contact', () => {
  it('shows each list with its title, and the information pages', async () => {
    const { context, page, shot } = await citizenOnPhone(hall, 'content', 'e2e-content', '吴桐', '/');
    // The session is set once the home has loaded.
    await page.getByText('网上申请').first().waitFor();

    const lists: [path: string, title: string, count: number][] = [
      ['/news', '新闻中心', 8],
      ['/guide', '办事指南', 7],
      ['/gsgg', '公示公告', 12],
      ['/gov/laws', '政策法规', 13],
      ['/gov/xxgs', '公示公告', 12],
      ['/gov/tzgg', '房源信息', 6],
    ];
    for (const [path, title, count] of lists) {
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByText(`共 ${count} 条`).waitFor();
      await expect(page.getByRole('navigation', { name: '分页' }).count()).resolves.toBe(count > 5 ? 1 : 0);
      await shot(page, path.slice(1).replace('/', '-'));
    }
    await page.goto('/gov/other');
    await page.getByText('页面不存在', { exact: true }).waitFor();

    await page.goto('/commonQuesList');
    await page.getByRole('heading', { name: '常见问题' }).waitFor();
    await page.getByText('网上申请需要准备哪些材料？').waitFor();
    await page.getByText('为什么要进行实名认证？').click();
    await page.getByText('网上办理前须通过人脸识别完成实名认证').waitFor();
    await shot(page, 'common-questions');

    await page.goto('/my');
    await page.getByText('联系我们').click();
    await page.waitForURL('**/ContactUs');
    // The centre's one address, phone and hours, as the service sites give them.
    await page.getByText('0310-3101234').waitFor();
    await page.getByText('河北省邯郸市丛台区滏东北大街566号市民服务中心').waitFor();
    await page.getByText('周一至周五 09:00-17:00（中午不休息）').waitFor();
    await expect(page.getByText('example.gov.cn').count()).resolves.toBe(0);
    await expect(page.locator('a[href="tel:0310-3101234"]').count()).resolves.toBe(1);
    await shot(page, 'contact-us');
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForURL('**/my');
    await context.close();
  });
});
