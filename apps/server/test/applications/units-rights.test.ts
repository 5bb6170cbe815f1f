import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@hall/api';
import { applications, propertyUnits, rightsInfo } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { countWhere, rowById } from '../rows';
import { API, setStatus, startApplication, ownerAndStranger } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'unit-owner', 'unit-stranger');
});

const unitCount = async (id: string) => countWhere(hall, propertyUnits, propertyUnits.applicationId, Number(id));
const rightsCount = async (id: string) => countWhere(hall, rightsInfo, rightsInfo.applicationId, Number(id));

/** A unit of a 700+23 business (fields bdcdyh, zl, fwsyqmj, qlqssj, qljssj required). */
const unit = (overrides: Record<string, string> = {}) => ({
  bdcdyh: '659001001001GB00001F00010001',
  zl: '石河子市北一路 1 号 101',
  fwsyqmj: '98.5',
  qlqssj: '2020-01-01',
  qljssj: '2090-01-01',
  ...overrides,
});

async function detail(id: string): Promise<ApplicationDetail> {
  const { body } = await callHall(hall, contract.getApply, { slsqId: id }, owner);
  return body.data as ApplicationDetail;
}

const saveUnits = (id: string, fwxxs: unknown, cookie = owner) => hall.post(`${API}/addReleasteInfo`, { reqseq: 'r', openid: undefined, proinstid: id, fwxxs }, cookie);
const saveRights = (id: string, savetype: string, reqData: unknown, cookie = owner) =>
  callHall(hall, contract.addQlxxInfo, { reqseq: 'r', proinstid: id, savetype, reqData: JSON.stringify(reqData) }, cookie);

describe('addReleasteInfo', () => {
  it("saves units with the spec's defaults and updates one by id", async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const { status, body } = await saveUnits(id, JSON.stringify([unit(), unit({ bdcdyh: '659001001001GB00001F00010002', fwyt: '20' })]));
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.errcode).toBe('00');
    const ids = (body.data as { ids: string[] }).ids;
    expect(ids).toHaveLength(2);
    let units = (await detail(id)).units;
    expect(units[0]).toMatchObject({ id: ids[0], bdcdyh: '659001001001GB00001F00010001', fwsyqmj: '98.5', fwyt: '10', tdsyq_yt: '071', czfs: '02', sfhbzs: '0' });
    expect(units[1]).toMatchObject({ fwyt: '20' });
    await saveUnits(id, [{ ...unit({ zl: '改后的坐落' }), id: ids[0] }]);
    units = (await detail(id)).units;
    expect(units.map((u) => u.zl)).toEqual(['改后的坐落', '石河子市北一路 1 号 101']);
  });

  it("checks every unit against the business's fields and saves none when one fails", async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const cases: [unknown[], string][] = [
      [[unit({ zl: '' })], '坐落不能为空'],
      [[unit({ fwsyqmj: '九十' })], '房屋建筑面积须为数字'],
      [[unit({ qlqssj: '1900-01-01' })], '权利起始时间须为1949年至2099年之间的日期'],
      [[unit(), unit({ bdcdyh: '' })], '第2个不动产单元：不动产单元号不能为空'],
      [[], '请填写不动产单元信息'],
    ];
    for (const [units, message] of cases) {
      const { status, body } = await saveUnits(id, JSON.stringify(units));
      expect(status).toBe(400);
      expect(body).toEqual({ errcode: '01', errmsg: message });
    }
    // A certificate number is optional for this business; 200+4 requires it.
    expect((await saveUnits(id, [unit()])).body.errcode).toBe('00');
    const transfer = await startApplication(hall, owner, 'pd-200-4');
    expect((await saveUnits(transfer, [unit({ qdjg: '100' })])).body.errmsg).toBe('不动产权证号不能为空');
  });

  it('a transfer (200+4) takes the unit a found certificate carries, without 交易金额: that is asked once, in its 权利信息', async () => {
    const transfer = await startApplication(hall, owner, 'pd-200-4');
    const found = { bdcqzmh: '冀(2023)邯郸市不动产权第0012345号', bdcdyh: '130402001001GB00001F00010001', zl: '邯山区中华南大街 1 号', fwsyqmj: '98.56', fwyt: '10' };
    const saved = await saveUnits(transfer, [found]);
    expect(saved.body).toMatchObject({ errcode: '00' });
    const title = await callHall(hall, contract.getApplyTitle, { prodefid: 'pd-200-4' }, owner);
    expect(title.body.data!.fwxx.map((entry) => entry.field)).not.toContain('qdjg');
  });

  it('rolls back the whole list when a later unit names an unknown id', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const { status, body } = await saveUnits(id, [unit(), { ...unit(), id: '99999999' }]);
    expect(status).toBe(404);
    expect(body.errmsg).toBe('未找到该不动产单元');
    expect(await unitCount(id)).toBe(0);
  });

  it('refuses malformed fwxxs and a submitted application', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    expect((await saveUnits(id, '[{')).body.errmsg).toBe('提交的数据格式有误');
    expect((await saveUnits(id, JSON.stringify([{ zl: { a: 1 } }]))).body.errmsg).toBe('提交的数据格式有误');
    await setStatus(hall, id, 10);
    const passed = await saveUnits(id, [unit()]);
    expect(passed.status).toBe(409);
    expect(passed.body.errmsg).toBe('当前申请状态为「审核通过」，只能修改未提交或已驳回的申请');
    expect(await unitCount(id)).toBe(0);
  });
});

describe('delReleasteInfo', () => {
  it('deletes a unit of the application, and only of that application', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const other = await startApplication(hall, owner, 'pd-700-23');
    const [unitId] = ((await saveUnits(id, [unit()])).body.data as { ids: string[] }).ids;
    expect((await callHall(hall, contract.delReleasteInfo, { proinstid: other, fwxxid: unitId! }, owner)).status).toBe(404);
    const { body } = await callHall(hall, contract.delReleasteInfo, { reqseq: 'r', openid: 'unit-owner', proinstid: id, fwxxid: unitId! }, owner);
    expect(body.errcode).toBe('00');
    expect(await unitCount(id)).toBe(0);
  });
});

describe('addQlxxInfo', () => {
  it('saves pre-notation, mortgage, cancellation and rights info with their defaults; 99 sets czfs', async () => {
    const id = await startApplication(hall, owner, 'pd-700-423');
    expect((await saveRights(id, '2', { tdsyqsrq: '2020-01-01', tdsyjsrq: '2090-01-01', qdjg: '120' })).body.state).toBe(1);
    expect((await saveRights(id, '3', { zqqssj: '2024-01-01', zqjssj: '2044-01-01', dyfs: '1', bdbzzqse: '80' })).body.state).toBe(1);
    const rights = await callHall(hall, contract.addQlxxInfo, { proinstid: id, savetype: 99, qlxxs: [{ czfs: '01', sfhbzs: '0', qdjg: '120' }] }, owner);
    expect(rights.body.state).toBe(1);
    const read = await detail(id);
    expect(read.czfs).toBe('01');
    const bySavetype = Object.fromEntries(read.qlxxInfo.map((r) => [r.savetype, r]));
    expect(bySavetype['2']).toMatchObject({ czfs: '01', cqly: '106', jgdw: '1', sfgycq: '1', sfhbzs: '0', tdsyqsrq: '2020-01-01' });
    expect(bySavetype['3']).toMatchObject({ dyfs: '1', zqdw: '3', bdbzzqse: '80' });
    // A second save of a savetype replaces the first.
    await saveRights(id, '3', { zqqssj: '2024-01-01', zqjssj: '2044-01-01', dyfs: '2', zgzqse: '200' });
    expect(await rightsCount(id)).toBe(3);
    const cancel = await startApplication(hall, owner, 'pd-400-4');
    const saved = await saveRights(cancel, '4', { sqrxm: '张三', code: 'FWZXDJ', ZXDJ: { BDCZMH: '新(2020)石河子市不动产权第0001号', ZXYY: '房屋灭失', ZXFJ: '' } });
    expect(saved.body.state).toBe(1);
    expect((await detail(cancel)).qlxxInfo[0]).toMatchObject({ savetype: '4', BDCZMH: '新(2020)石河子市不动产权第0001号', ZXYY: '房屋灭失' });
  });

  it('answers state 0 with 保存失败 and the reason, or 保存数据失败 for a cancellation, saving nothing', async () => {
    const id = await startApplication(hall, owner, 'pd-700-423');
    const cases: [string, unknown, string][] = [
      ['2', { tdsyjsrq: '2090-01-01' }, '保存失败：土地使用起始日期不能为空'],
      ['2', { tdsyqsrq: '2090-01-01', tdsyjsrq: '2020-01-01' }, '保存失败：土地使用结束日期不能早于起始日期'],
      ['3', { zqqssj: '2024-01-01', zqjssj: '2044-01-01', dyfs: '1' }, '保存失败：被担保主债权数额不能为空'],
      ['3', { zqqssj: '2024-01-01', zqjssj: '2044-01-01', dyfs: '2' }, '保存失败：最高债权数额不能为空'],
      ['99', { czfs: '01', sfhbzs: '0', qdjg: '' }, '保存失败：交易金额不能为空'],
      ['4', { ZXDJ: { BDCZMH: '', ZXYY: '灭失' } }, '保存数据失败：不动产权证号不能为空'],
      ['5', { a: '1' }, '保存失败：保存类型有误'],
    ];
    for (const [savetype, data, message] of cases) {
      const { status, body } = await saveRights(id, savetype, data);
      expect(status).toBe(400);
      expect(body).toMatchObject({ state: 0, msg: message });
    }
    expect((await callHall(hall, contract.addQlxxInfo, { proinstid: id, savetype: '2' }, owner)).body.msg).toBe('保存失败：请填写权利信息');
    expect((await callHall(hall, contract.addQlxxInfo, { proinstid: id, savetype: '2', reqData: '{' }, owner)).body.msg).toBe('提交的数据格式有误');
    expect(await rightsCount(id)).toBe(0);
  });
});

describe('delQlxxInfo', () => {
  it('deletes one savetype or all, clearing czfs with the rights info', async () => {
    const id = await startApplication(hall, owner, 'pd-700-423');
    await saveRights(id, '2', { tdsyqsrq: '2020-01-01', tdsyjsrq: '2090-01-01' });
    await saveRights(id, '99', { czfs: '02', sfhbzs: '1', qdjg: '10' });
    expect((await callHall(hall, contract.delQlxxInfo, { proinstid: id, savetype: '2' }, owner)).body.errcode).toBe('00');
    expect(await rightsCount(id)).toBe(1);
    expect((await callHall(hall, contract.delQlxxInfo, { proinstid: id }, owner)).body.errcode).toBe('00');
    expect(await rightsCount(id)).toBe(0);
    const row = await rowById(hall, applications, id);
    expect(row!.czfs).toBe('');
    const none = await callHall(hall, contract.delQlxxInfo, { proinstid: id }, owner);
    expect(none.status).toBe(404);
    expect(none.body.errmsg).toBe('未找到该权利信息');
  });
});

describe("another citizen's units and rights", () => {
  it('cannot be added, changed or deleted', async () => {
    const id = await startApplication(hall, owner, 'pd-700-423');
    const [unitId] = ((await saveUnits(id, [unit({ qdjg: '120' })])).body.data as { ids: string[] }).ids;
    await saveRights(id, '2', { tdsyqsrq: '2020-01-01', tdsyjsrq: '2090-01-01' });
    expect((await saveUnits(id, [unit()], stranger)).status).toBe(404);
    expect((await saveUnits(id, [{ ...unit({ zl: '冒名' }), id: unitId }], stranger)).status).toBe(404);
    const theirs = await startApplication(hall, stranger, 'pd-700-423');
    expect((await saveUnits(theirs, [{ ...unit({ zl: '冒名', qdjg: '1' }), id: unitId }], stranger)).status).toBe(404);
    expect((await callHall(hall, contract.delReleasteInfo, { proinstid: id, fwxxid: unitId! }, stranger)).status).toBe(404);
    expect((await callHall(hall, contract.delReleasteInfo, { proinstid: theirs, fwxxid: unitId! }, stranger)).status).toBe(404);
    expect((await saveRights(id, '2', { tdsyqsrq: '2021-01-01', tdsyjsrq: '2091-01-01' }, stranger)).status).toBe(404);
    expect((await callHall(hall, contract.delQlxxInfo, { proinstid: id }, stranger)).status).toBe(404);
    expect((await callHall(hall, contract.addQlxxInfo, { openid: 'unit-owner', proinstid: id, savetype: '2', reqData: '{}' }, stranger)).status).toBe(403);
    const read = await detail(id);
    expect(read.units.map((u) => u.zl)).toEqual(['石河子市北一路 1 号 101']);
    expect(read.qlxxInfo[0]).toMatchObject({ tdsyqsrq: '2020-01-01' });
  });
});
