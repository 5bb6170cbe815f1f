import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BANNER_IMAGE_NOT_IMAGE,
  BANNER_IMAGE_TOO_LARGE,
  CONTENT_LINK_INVALID,
  CONTENT_ORDER_STALE,
  DOWNLOAD_FILE_MAX_BYTES,
  MENU_GROUP_NOT_EMPTY,
  MENU_TILE_NEEDS_LINK,
  UPLOADED_PDF_UNREADABLE,
  type ConsoleBanner,
  type ConsoleMenu,
  type ConsoleMenuGroup,
  type MenuGroup,
} from '@hall/api/internal';
import { auditTrail, banners, menus } from '../../../src/db/schema';
import { buildApp } from '../../../src/app';
import { connectDatabase } from '../../../src/db/client';
import { createContext } from '../../../src/hall';
import { auditedChanges } from '../../rows';
import { testHallForFile } from '../../hall';
import { flateBombPdf, whileProbingHealth } from '../../hostile-pdf';
import { multipartBody, samplePdf } from '../../query-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const BANNERS = '/online/admin/api/content/banners';
const MENUS = '/online/admin/api/content/menus';
const HOME = '/online/wx/apilist/GetWxMenu';

/** The smallest real PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const hall = testHallForFile();
let content: string;
beforeAll(async () => {
  content = await hall.operator('content');
});

async function ok<T>(path: string, payload: Record<string, unknown>): Promise<T> {
  const { status, body } = await hall.post(path, payload, content);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as T;
}

async function uploadImage(id: string, file: Buffer, type = 'image/png', cookie = content) {
  const { body, contentType } = multipartBody([
    { name: 'id', value: id },
    { name: 'Filedata', filename: 'banner.png', content: file, type },
  ]);
  const response = await hall.app.inject({ method: 'POST', url: `${BANNERS}/image`, payload: body, headers: { 'content-type': contentType, cookie } });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function storedFileCount(): Promise<number> {
  const entries = await readdir(hall.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

async function citizenHome(): Promise<{ menus: MenuGroup[]; banners: { id: string; url: string }[] }> {
  return (await callHall(hall, contract.getWxMenu, {})).body.data!;
}

const auditCount = () => auditedChanges(hall);
const auditOf = async (target: string) => hall.connection.db.select().from(auditTrail).where(eq(auditTrail.target, target)).orderBy(auditTrail.id);

describe('banners', () => {
  it('a new banner shows to citizens once it has a real image and is enabled, and its image is served', async () => {
    const banner = await ok<ConsoleBanner>(`${BANNERS}/save`, { title: '周六延时服务', link: '/news', enabled: true });
    expect(banner.url).toBe('');
    expect((await citizenHome()).banners.map((item) => item.id)).not.toContain(banner.id);

    const uploaded = await uploadImage(banner.id, PNG);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url = (uploaded.body.data as ConsoleBanner).url;
    expect(url).toMatch(/^\/online\/content\/banner-image\?id=b-[\w-]+&v=[\w-]+$/);
    const shown = (await citizenHome()).banners.find((item) => item.id === banner.id);
    expect(shown?.url).toBe(url);
    const image = await hall.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    await ok(`${BANNERS}/save`, { id: banner.id, title: '周六延时服务', link: '/news', enabled: false });
    expect((await citizenHome()).banners.map((item) => item.id)).not.toContain(banner.id);
  });

  it('refuses a file that is not an image whatever its name and type say, and one over the cap; nothing is stored', async () => {
    const banner = await ok<ConsoleBanner>(`${BANNERS}/save`, { title: '伪装的图片', link: '', enabled: true });
    const files = await storedFileCount();
    const audits = await auditCount();
    const html = await uploadImage(banner.id, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(html.status).toBe(400);
    expect(html.body.errmsg).toBe(BANNER_IMAGE_NOT_IMAGE);
    const huge = await uploadImage(banner.id, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.status).toBe(400);
    expect(huge.body.errmsg).toBe(BANNER_IMAGE_TOO_LARGE);
    const missing = await uploadImage('b-nosuchbanner', PNG);
    expect(missing.status).toBe(404);
    expect(await storedFileCount()).toBe(files);
    expect(await auditCount()).toBe(audits);
    const [row] = await hall.connection.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(row).toMatchObject({ url: '', imageKey: null });
  });

  it('lets only a content manager upload an image', async () => {
    const banner = await ok<ConsoleBanner>(`${BANNERS}/save`, { title: '权限', link: '', enabled: true });
    const files = await storedFileCount();
    expect((await uploadImage(banner.id, PNG, 'image/png', await hall.quickCitizen('banner-citizen'))).status).toBe(401);
    expect((await uploadImage(banner.id, PNG, 'image/png', '')).status).toBe(401);
    expect((await uploadImage(banner.id, PNG, 'image/png', await hall.operator('reviewer'))).status).toBe(403);
    expect(await storedFileCount()).toBe(files);
  });

  it('replacing an image removes the old file; deleting the banner removes its file', async () => {
    const banner = await ok<ConsoleBanner>(`${BANNERS}/save`, { title: '换图', link: 'https://www.gov.cn/', enabled: true });
    await uploadImage(banner.id, PNG);
    const files = await storedFileCount();
    const second = await uploadImage(banner.id, PNG);
    expect(second.status).toBe(200);
    expect(await storedFileCount()).toBe(files);
    await ok(`${BANNERS}/delete`, { id: banner.id });
    expect(await storedFileCount()).toBe(files - 1);
  });

  it('refuses a link that is neither an app route nor a web address', async () => {
    for (const link of ['javascript:alert(1)', '//evil.example/x', 'news']) {
      const { status, body } = await hall.post(`${BANNERS}/save`, { title: '坏链接', link, enabled: true }, content);
      expect(status, link).toBe(400);
      expect(body.errmsg).toBe(CONTENT_LINK_INVALID);
    }
  });

  it('changes the order as given, and refuses an order that does not name exactly the banners', async () => {
    const { items } = await ok<{ items: ConsoleBanner[] }>(`${BANNERS}/list`, {});
    const reversed = items.map((item) => item.id).reverse();
    const after = await ok<{ items: ConsoleBanner[] }>(`${BANNERS}/order`, { ids: reversed });
    expect(after.items.map((item) => item.id)).toEqual(reversed);
    const shown = (await citizenHome()).banners.map((item) => item.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]!], [...reversed.slice(1), 'b-other']]) {
      const { status, body } = await hall.post(`${BANNERS}/order`, { ids }, content);
      expect(status).toBe(409);
      expect(body.errmsg).toBe(CONTENT_ORDER_STALE);
    }
    expect((await ok<{ items: ConsoleBanner[] }>(`${BANNERS}/list`, {})).items.map((item) => item.id)).toEqual(reversed);
    const [entry] = (await auditOf('banners')).slice(-1);
    expect(entry).toMatchObject({ action: 'content.order', before: { order: items.map((item) => item.id) }, after: { order: reversed } });
  });
});

describe('menu groups and tiles', () => {
  it('adds a group and a tile, hides and shows them, and citizens see the change at once', async () => {
    const group = await ok<ConsoleMenu>(`${MENUS}/save`, {
      parentId: null,
      menuname: '便民服务',
      menutype: 'click',
      url: '',
      imgpath: '/online/assets/icons/apply.svg',
      bz: '常用服务',
      visible: true,
    });
    const tile = await ok<ConsoleMenu>(`${MENUS}/save`, { parentId: group.id, menuname: '资料下载', menutype: 'click', url: '/download', imgpath: '', bz: '表格下载', visible: true });
    let shown = (await citizenHome()).menus.find((item) => item.id === group.id);
    expect(shown?.secondmenus.map((item) => item.menuname)).toEqual(['资料下载']);

    await ok(`${MENUS}/save`, { ...tile, visible: false });
    shown = (await citizenHome()).menus.find((item) => item.id === group.id);
    expect(shown?.secondmenus).toEqual([]);
    await ok(`${MENUS}/save`, { ...group, visible: false });
    expect((await citizenHome()).menus.map((item) => item.id)).not.toContain(group.id);

    const all = await ok<{ groups: ConsoleMenuGroup[] }>(`${MENUS}/list`, {});
    expect(all.groups.find((item) => item.id === group.id)).toMatchObject({ visible: false, tiles: [{ id: tile.id, visible: false }] });
  });

  it('is read once per server and kept; a console change reaches a second server on the same database at once', async () => {
    // A second server as a second process would be: its own pool, its own LISTEN connection.
    const connection = connectDatabase(hall.databaseUrl, 3);
    const second = await buildApp(await createContext({ env: hall.env, db: connection.db, pool: connection.pool, filesDir: hall.filesDir }));
    try {
      const secondHome = async () => second.inject({ method: 'POST', url: HOME, payload: {} }).then((r) => r.json().data) as Promise<{ menus: MenuGroup[] }>;
      const names = (home: { menus: MenuGroup[] }) => home.menus.map((item) => item.menuname);
      const before = names(await secondHome());
      // A change that bypasses the console is not announced: the kept reply stands (it is not read per request).
      await hall.connection.db
        .update(menus)
        .set({ menuname: '未经控制台的改动' })
        .where(eq(menus.id, (await citizenHome()).menus[0]!.id));
      expect(names(await secondHome())).toEqual(before);

      const group = await ok<ConsoleMenu>(`${MENUS}/save`, { parentId: null, menuname: '第二台服务器可见', menutype: 'click', url: '', imgpath: '', bz: '', visible: true });
      const deadline = Date.now() + 1000;
      let seen = names(await secondHome());
      while (!seen.includes(group.menuname) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = names(await secondHome());
      }
      expect(seen).toContain('第二台服务器可见');
      // Read afresh, it also holds the change made behind the console's back.
      expect(seen).toContain('未经控制台的改动');
      await ok(`${MENUS}/delete`, { id: group.id });
      expect(names(await citizenHome())).not.toContain('第二台服务器可见');
    } finally {
      await second.close();
      await connection.close();
    }
  });

  it('checks links and icons, a tile needs a link and a group that exists, and changes nothing when it refuses', async () => {
    const audits = await auditCount();
    const base = { parentId: 'g-apply', menuname: '新菜单', menutype: 'click', url: '/news', imgpath: '', bz: '', visible: true };
    for (const [payload, message] of [
      [{ ...base, url: '' }, MENU_TILE_NEEDS_LINK],
      [{ ...base, url: 'javascript:alert(1)' }, CONTENT_LINK_INVALID],
      [{ ...base, menutype: 'view', url: '/news' }, CONTENT_LINK_INVALID],
      [{ ...base, imgpath: 'http://evil.example/x.svg' }, '图标须为本站图标地址（以 /online/ 开头）或以 https:// 开头的图片地址'],
      [{ ...base, parentId: 'm-seladd' }, '所选分组不存在，请刷新后重新选择'],
      [{ ...base, menuname: ' ' }, '请填写菜单名称'],
    ] as const) {
      const { status, body } = await hall.post(`${MENUS}/save`, payload, content);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.errmsg).toBe(message);
    }
    expect(await auditCount()).toBe(audits);
  });

  it('orders a group’s tiles, refuses removing a group that still has tiles, and audits every write', async () => {
    const { groups } = await ok<{ groups: ConsoleMenuGroup[] }>(`${MENUS}/list`, {});
    const apply = groups.find((group) => group.id === 'g-apply')!;
    const reversed = apply.tiles.map((tile) => tile.id).reverse();
    await ok(`${MENUS}/order`, { parentId: 'g-apply', ids: reversed });
    const shown = (await citizenHome()).menus.find((group) => group.id === 'g-apply')!;
    expect(shown.secondmenus.map((tile) => tile.id)).toEqual(reversed);

    const refused = await hall.post(`${MENUS}/delete`, { id: 'g-apply' }, content);
    expect(refused.status).toBe(409);
    expect(refused.body.errmsg).toBe(MENU_GROUP_NOT_EMPTY);

    await ok(`${MENUS}/delete`, { id: reversed[0]! });
    const trail = await auditOf(`menu:${reversed[0]!}`);
    expect(trail.map((entry) => entry.action)).toEqual(['menu.delete']);
    expect(trail[0]).toMatchObject({ operatorName: 'content', after: null, before: { parentId: 'g-apply' } });
    expect((await auditOf('menu:g-apply')).map((entry) => entry.action)).toEqual(['content.order']);
  });
});

describe('downloadable forms', () => {
  const DOWNLOADS = '/online/admin/api/content/downloads';
  // A real one-page PDF: a PDF form is read whole before it is kept.
  let PDF: Buffer;
  beforeAll(async () => {
    PDF = await samplePdf();
  });
  type Download = { id: string; fileName: string; fileAlias: string; url: string };

  async function uploadForm(file: { filename: string; content: Buffer; type?: string }, fields: Record<string, string>) {
    const { body, contentType } = multipartBody([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'Filedata', ...file }]);
    const response = await hall.app.inject({ method: 'POST', url: `${DOWNLOADS}/upload`, payload: body, headers: { 'content-type': contentType, cookie: content } });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }
  const citizenNames = async () => (((await callHall(hall, contract.getZlxzList, {})).body.data ?? []) as { fileName: string }[]).map((item) => item.fileName);

  it('uploads a form citizens then list and download, replaces its file, and removes it; each audited, old files removed', async () => {
    const files = await storedFileCount();
    const added = await uploadForm({ filename: '不动产登记申请表.pdf', content: PDF }, { fileAlias: '不动产登记申请表' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const form = added.body.data as Download;
    expect(await citizenNames()).toContain('不动产登记申请表.pdf');
    const fetched = await hall.app.inject({ method: 'GET', url: form.url });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
    expect(await storedFileCount()).toBe(files + 1);

    const replaced = await uploadForm({ filename: '不动产登记申请表（2026版）.pdf', content: Buffer.concat([PDF, Buffer.from('% v2\n')]) }, { id: form.id, fileAlias: '不动产登记申请表' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await citizenNames()).toContain('不动产登记申请表（2026版）.pdf');
    expect(await citizenNames()).not.toContain('不动产登记申请表.pdf');
    expect(await storedFileCount()).toBe(files + 1);

    expect((await hall.post(`${DOWNLOADS}/delete`, { id: form.id }, content)).status).toBe(200);
    expect(await citizenNames()).not.toContain('不动产登记申请表（2026版）.pdf');
    expect(await storedFileCount()).toBe(files);
    expect((await auditOf(`download:${form.id}`)).map((entry) => entry.action)).toEqual(['download.create', 'download.replace', 'download.delete']);
  });

  it('refuses a file whose content is not what its name says, a kind not offered, and a taken name; nothing is stored', async () => {
    await uploadForm({ filename: '委托书.pdf', content: PDF }, { fileAlias: '委托书' });
    const files = await storedFileCount();
    const audits = await auditCount();
    for (const [file, status] of [
      [{ filename: '伪装.pdf', content: Buffer.from('<html>not a pdf</html>') }, 400],
      [{ filename: '脚本.html', content: PDF }, 400],
      [{ filename: '委托书.pdf', content: PDF }, 409],
    ] as const) {
      const { status: got, body } = await uploadForm(file, { fileAlias: '标题' });
      expect(got, file.filename).toBe(status);
      expect(typeof body.errmsg).toBe('string');
    }
    expect(await storedFileCount()).toBe(files);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses a PDF the hall cannot read (broken, a flate bomb of 0.5 MB inflating to 512 MB) with the unreadable message while /healthz keeps answering; nothing is stored', async () => {
    const files = await storedFileCount();
    const audits = await auditCount();
    const bomb = await flateBombPdf(512 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(DOWNLOAD_FILE_MAX_BYTES);
    for (const [filename, content] of [
      ['损坏.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)])],
      ['压缩炸弹.pdf', bomb],
    ] as const) {
      const { result, probes, longestSilenceMs } = await whileProbingHealth(hall, () => uploadForm({ filename, content }, { fileAlias: filename }));
      expect(probes).toBeGreaterThan(0);
      expect(longestSilenceMs, filename).toBeLessThan(1000);
      expect(result.status, JSON.stringify(result.body)).toBe(400);
      expect(result.body.errmsg).toBe(UPLOADED_PDF_UNREADABLE);
    }
    expect(await citizenNames()).not.toContain('压缩炸弹.pdf');
    expect(await storedFileCount()).toBe(files);
    expect(await auditCount()).toBe(audits);
  });
});
