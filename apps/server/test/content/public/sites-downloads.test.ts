import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downloadFiles, settings } from '../../../src/db/schema';
import { DEMO_DOWNLOADS, downloadAssetPath } from '../../../src/seed/downloads';
import { DOWNLOAD_NOT_FOUND } from '../../../src/services/content/public/downloads';
import { MAP_TILE_URL_SETTING } from '../../../src/services/content/public/map-config';
import { testHallForFile } from '../../hall';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const API = '/online/wx/apilist';
const DOWNLOAD = '/online/platform/cms/file/index_download';

const hall = testHallForFile();

async function download(query: string) {
  return hall.app.inject({ method: 'GET', url: `${DOWNLOAD}?${query}` });
}

describe('getZlxzList', () => {
  it('lists the files for every district, and a district’s own files for that district', async () => {
    const all = await callHall(hall, contract.getZlxzList, { reqseq: 'r' });
    expect(all.status).toBe(200);
    const shared = DEMO_DOWNLOADS.filter((file) => file.xzqdm === '');
    expect(all.body).toEqual({
      errcode: '00',
      data: shared.map((file) => ({ fileName: file.fileName, fileAlias: file.fileAlias, url: `${DOWNLOAD}?name=${encodeURIComponent(file.fileName)}` })),
    });
    const handan = await callHall(hall, contract.getZlxzList, { reqseq: 'r', xzqdm: '130400' });
    expect((handan.body.data as unknown[]).length).toBe(shared.length + 1);
    expect(handan.body.data!.at(-1)!.fileAlias).toBe('邯郸市存量房交易资金监管协议（样本）');
  });

  it('searchValue matches the title literally; nothing found is errcode 01 with the empty-row text', async () => {
    const found = await callHall(hall, contract.getZlxzList, { reqseq: 'r', searchValue: '委托' });
    expect(found.body.data).toEqual([{ fileName: '授权委托书.pdf', fileAlias: '授权委托书（样表）', url: `${DOWNLOAD}?name=${encodeURIComponent('授权委托书.pdf')}` }]);
    expect((await callHall(hall, contract.getZlxzList, { reqseq: 'r', searchValue: '%' })).body).toEqual({ errcode: '01', errmsg: '暂无相关数据' });
    expect((await hall.post(`${API}/getZlxzList`, { reqseq: 'r', searchValue: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe('index_download', () => {
  it('streams the stored file with its Chinese name in Content-Disposition', async () => {
    const file = DEMO_DOWNLOADS[0]!;
    const response = await download(`name=${encodeURIComponent(file.fileName)}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('不动产登记申请书.pdf')}`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.equals(await readFile(downloadAssetPath(file.asset)))).toBe(true);
  });

  it('serves the copy in storage, not the shipped file', async () => {
    const [row] = await hall.connection.db.select().from(downloadFiles).where(eq(downloadFiles.fileName, DEMO_DOWNLOADS[1]!.fileName));
    expect(row!.storageKey).toMatch(/^\d{6}\//);
    const stored = await readFile(`${hall.filesDir}/${row!.storageKey}`);
    expect((await download(`name=${encodeURIComponent(row!.fileName)}`)).rawPayload.equals(stored)).toBe(true);
  });

  it('refuses an unknown name and a traversal attempt with 404 and a Chinese message', async () => {
    for (const name of ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', '不存在的文件.pdf']) {
      const response = await download(`name=${encodeURIComponent(name)}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toEqual({ errcode: '01', errmsg: DOWNLOAD_NOT_FOUND });
    }
    const missing = await download('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errmsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('a listed file whose stored copy is gone answers 404, not an error', async () => {
    await hall.connection.db.update(downloadFiles).set({ storageKey: '202611/AAAAAAAAAAAAAAAAAAAAAAAA' }).where(eq(downloadFiles.fileName, DEMO_DOWNLOADS[2]!.fileName));
    const response = await download(`name=${encodeURIComponent(DEMO_DOWNLOADS[2]!.fileName)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errcode: '01', errmsg: DOWNLOAD_NOT_FOUND });
  });
});

describe('service sites and their map', () => {
  it('area/ answers the sites with address, work time, phone and position; a missing address is empty', async () => {
    const response = await hall.app.inject({ method: 'GET', url: '/online/public/appointment/area/' });
    const body = response.json() as { state: number; data: { areaName: string; address: string; worktime: string; phone: string; lat: string; lng: string }[] };
    expect(body.state).toBe(1);
    expect(body.data.find((site) => site.areaName === '邯郸市不动产登记中心')).toMatchObject({
      address: '河北省邯郸市丛台区滏东北大街566号市民服务中心',
      phone: '0310-3101234',
      lat: '36.6257',
      lng: '114.5391',
    });
    // One centre: the hall's city (130400) and its districts, each with its address, hours and phone.
    expect(body.data.map((site) => site.areaName)).toEqual(['邯郸市不动产登记中心', '邯山区不动产登记服务大厅', '复兴区不动产登记服务大厅']);
    for (const site of body.data) expect([site.address, site.worktime, site.phone].every(Boolean), site.areaName).toBe(true);
  });

  it('getMapConfig answers zoom 14 and no provider until one is configured; only a tile template is taken', async () => {
    expect((await callHall(hall, contract.getMapConfig, { reqseq: 'r' })).body).toEqual({ errcode: '00', data: { tileUrl: '', attribution: '', zoom: 14 } });
    await hall.connection.db.insert(settings).values({ key: MAP_TILE_URL_SETTING, value: 'javascript:alert(1)' });
    expect((await callHall(hall, contract.getMapConfig, { reqseq: 'r' })).body.data!.tileUrl).toBe('');
    await hall.connection.db.update(settings).set({ value: 'http://tiles.example.cn/{z}/{x}/{y}.png' }).where(eq(settings.key, MAP_TILE_URL_SETTING));
    expect((await callHall(hall, contract.getMapConfig, { reqseq: 'r' })).body.data!.tileUrl).toBe('');
    const template = 'https://tiles.example.cn/{z}/{x}/{y}.png';
    await hall.connection.db.update(settings).set({ value: template }).where(eq(settings.key, MAP_TILE_URL_SETTING));
    expect((await callHall(hall, contract.getMapConfig, { reqseq: 'r' })).body.data!.tileUrl).toBe(template);
  });
});

describe('policy and announcement lists (getServiceGuids)', () => {
  it('laws, xxgs and tzgg each answer their list, newest first', async () => {
    for (const [type, count] of [
      ['laws', 13],
      ['xxgs', 12],
      ['tzgg', 6],
    ] as const) {
      const { body } = await callHall(hall, contract.getServiceGuids, { reqseq: 'r', type, page: 'all' });
      expect(body.errcode, type).toBe('00');
      expect((body.data as unknown[]).length, type).toBe(count);
    }
    expect((await callHall(hall, contract.getServiceGuids, { reqseq: 'r', type: 'tzgg', page: 'all', searchVal: '不存在' })).body).toEqual({ errcode: '01', errmsg: '暂无相关数据' });
  });
});
