import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ProdefParent } from '@hall/api';
import { businessFields, businessMaterials, businesses, dictionaries, guides, settings, users } from '../../src/db/schema';
import { seedHall } from '../../src/seed';
import { appRoot } from '../../src/lib/app-root';
import { testHallForFile } from '../hall';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();

const API = '/online/wx/apilist';
/** Every djlx/qllx pair the spec routes (part 2 §2, §4), 400 with both right types. */
const SPEC_PAIRS = ['100+23', '100+4', '200+23', '200+4', '400+4', '400+23', '700+23', '700+4', '700+423', '800+4'];

async function selList(body: Record<string, unknown>): Promise<ProdefParent[]> {
  const { status, body: reply } = await hall.post(`${API}/initSel`, body);
  expect(status).toBe(200);
  expect(reply.errcode).toBe('00');
  return (reply.data as { selList: ProdefParent[] }).selList;
}

const prodefsOf = (list: ProdefParent[]) => list.flatMap((parent) => parent.Prodefs);

describe('getApplyType', () => {
  it('answers the business types with their example range and an image the hall serves', async () => {
    const { status, body } = await callHall(hall, contract.getApplyType, { reqseq: 'r1' });
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    const types = body.data!;
    expect(types).toEqual([
      { examplename: '房屋登记', examplerange: 'fwdj', imgpath: '/online/assets/icons/apply.svg' },
      { examplename: '抵押登记', examplerange: 'dydj', imgpath: '/online/assets/icons/cert.svg' },
      { examplename: '企业业务', examplerange: 'qydj', imgpath: '/online/assets/icons/license.svg' },
    ]);
    for (const type of types) await access(join(appRoot(), 'public', 'icons', type.imgpath.split('/').pop()!));
  });
});

describe('initSel', () => {
  it('lists every pair of the spec in the default district 659000 under its registration-type category, with the guide ids', async () => {
    const list = await selList({ reqseq: 'r', xzqdm: '659000', dylx: '', yhlx: '0', sfqy: '1' });
    expect(list.map((parent) => [parent.Id, parent.Prodef_name])).toEqual([
      ['pc-100', '首次登记'],
      ['pc-200', '转移登记'],
      ['pc-400', '注销登记'],
      ['pc-700', '预告登记'],
      ['pc-800', '换证登记'],
    ]);
    const personal = prodefsOf(list).filter((prodef) => prodef.yhlx === '0');
    expect(personal.map((prodef) => `${prodef.djlx}+${prodef.qllx}`).sort()).toEqual([...SPEC_PAIRS].sort());
    expect(personal.find((prodef) => prodef.id === 'pd-700-23')).toEqual({ id: 'pd-700-23', prodef_name: '预购商品房抵押预告登记', yhlx: '0', djlx: '700', qllx: '23', code: 'YDYDJ' });
    for (const parent of list) for (const prodef of parent.Prodefs) expect(parent.Id).toBe(`pc-${prodef.djlx}`);
  });

  it('lists enterprise businesses with yhlx 1 beside the personal ones', async () => {
    const enterprise = prodefsOf(await selList({ xzqdm: '659000' })).filter((prodef) => prodef.yhlx === '1');
    expect(enterprise.map((prodef) => prodef.id).sort()).toEqual(['pd-100-23-qy', 'pd-100-4-qy', 'pd-200-4-qy']);
  });

  it('narrows to one business type with dylx', async () => {
    const mortgage = prodefsOf(await selList({ xzqdm: '659000', dylx: 'dydj' }));
    expect(mortgage.map((prodef) => `${prodef.djlx}+${prodef.qllx}`).sort()).toEqual(['100+23', '200+23', '400+23', '700+23', '700+423']);
    const enterprise = prodefsOf(await selList({ xzqdm: '659000', dylx: 'qydj' }));
    expect(enterprise.every((prodef) => prodef.yhlx === '1')).toBe(true);
    expect(await selList({ xzqdm: '659000', dylx: 'nothing' })).toEqual([]);
  });

  it.each(['140200', '630100', '130400'])('offers every pair in district %s under ids of its own', async (xzqdm) => {
    const prodefs = prodefsOf(await selList({ xzqdm }));
    const personal = prodefs.filter((prodef) => prodef.yhlx === '0');
    expect(personal.map((prodef) => `${prodef.djlx}+${prodef.qllx}`).sort()).toEqual([...SPEC_PAIRS].sort());
    expect(prodefs.every((prodef) => prodef.id.endsWith(`-${xzqdm}`))).toBe(true);
    expect(prodefs.some((prodef) => prodef.yhlx === '1')).toBe(true);
  });

  it("shows a city's businesses in its districts, and nothing where the hall offers none", async () => {
    const shihezi = prodefsOf(await selList({ xzqdm: '659001' }));
    expect(shihezi.map((prodef) => prodef.id)).toContain('pd-700-23');
    const pingcheng = prodefsOf(await selList({ xzqdm: '140213' }));
    expect(pingcheng.map((prodef) => prodef.id)).toContain('pd-200-4-140200');
    expect(await selList({ xzqdm: '110101' })).toEqual([]);
  });

  it('every listed business has a handling guide', async () => {
    for (const xzqdm of ['659000', '140200', '630100', '130400']) {
      for (const prodef of prodefsOf(await selList({ xzqdm }))) {
        const { status, body } = await callHall(hall, contract.initGuide, { prodefid: prodef.id });
        expect(status, prodef.id).toBe(200);
        expect(body.data!.title).toContain('办事指南');
      }
    }
  });

  it('needs a district, and answers bad input with a 4xx and a Chinese message', async () => {
    const blank = await callHall(hall, contract.initSel, { xzqdm: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ errcode: '01', errmsg: '请选择办理地区' });
    const missing = await hall.post(`${API}/initSel`, {});
    expect(missing.status).toBe(400);
    expect(String(missing.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    const wrongType = await hall.post(`${API}/initSel`, { xzqdm: { a: 1 } });
    expect(wrongType.status).toBe(400);
    const oversize = await hall.post(`${API}/initSel`, { xzqdm: '6'.repeat(100) });
    expect(oversize.status).toBe(400);
  });
});

describe('getUserType', () => {
  it("answers the session user's usertype", async () => {
    const cookie = await hall.login('usertype-1');
    expect((await callHall(hall, contract.getUserType, { reqseq: 'r', openid: 'usertype-1' }, cookie)).body).toEqual({ errcode: '00', data: { usertype: '0' } });
    await hall.connection.db.update(users).set({ usertype: '1' }).where(eq(users.openid, 'usertype-1'));
    expect((await callHall(hall, contract.getUserType, {}, cookie)).body).toEqual({ errcode: '00', data: { usertype: '1' } });
  });

  it("needs a session and refuses another citizen's openid", async () => {
    expect((await callHall(hall, contract.getUserType, {})).body.status).toBe(-1);
    const cookie = await hall.login('usertype-2');
    const other = await callHall(hall, contract.getUserType, { openid: 'usertype-1' }, cookie);
    expect(other.status).toBe(403);
    expect(other.body.errmsg).toBe('身份信息不一致，请重新进入办事大厅');
  });
});

describe('getApplyTitle', () => {
  it('answers the unit fields with isfillin and the panel titles of a business', async () => {
    const { status, body } = await callHall(hall, contract.getApplyTitle, { reqseq: 'r', prodefid: 'pd-700-23' });
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    const data = body.data!;
    expect(data).toMatchObject({ ywr: '1', ywrAlias: '抵押人', qlrAlias: '抵押权人' });
    expect(data.fwxx[0]).toEqual({ field: 'bdcqzmh', isfillin: '0', label: '不动产权证号' });
    expect(data.fwxx).toContainEqual({ field: 'bdcdyh', isfillin: '1', label: '不动产单元号' });
    expect(data.fwxx).toContainEqual({ field: 'zgzqse', isfillin: '0', label: '最高债权数额' });
  });

  it('a first registration has no obligor; a sale names buyer and seller', async () => {
    expect((await callHall(hall, contract.getApplyTitle, { prodefid: 'pd-100-4' })).body.data).toMatchObject({ ywr: '0' });
    expect((await callHall(hall, contract.getApplyTitle, { prodefid: 'pd-200-4-140200' })).body.data).toMatchObject({ ywr: '1', ywrAlias: '出卖人', qlrAlias: '买受人' });
  });

  it('answers an unknown or blank business with a 4xx and a message', async () => {
    const unknown = await callHall(hall, contract.getApplyTitle, { prodefid: 'pd-999-1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ errcode: '01', errmsg: '未找到该业务，请重新选择' });
    const blank = await callHall(hall, contract.getApplyTitle, { prodefid: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errmsg).toBe('请选择要办理的业务');
  });
});

describe('getList', () => {
  const items = async (type: string) => {
    const { status, body } = await callHall(hall, contract.getList, { reqseq: 'r', type });
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    return body.data!.items;
  };

  it('answers each dictionary of the fill screens', async () => {
    expect(await items('ZJLX')).toEqual([
      { code: '1', text: '身份证' },
      { code: '2', text: '港澳台身份证' },
      { code: '3', text: '护照' },
      { code: '4', text: '户口簿' },
      { code: '5', text: '军官证' },
      { code: '6', text: '组织机构代码' },
      { code: '7', text: '营业执照' },
    ]);
    expect(await items('CZFS')).toEqual([
      { code: '01', text: '共同持证' },
      { code: '02', text: '分别持证' },
    ]);
    expect(await items('SFHBZS')).toEqual([
      { code: '0', text: '否' },
      { code: '1', text: '是' },
    ]);
    expect(await items('DYFS')).toEqual([
      { code: '1', text: '一般抵押' },
      { code: '2', text: '最高额抵押' },
    ]);
    expect(await items('JGDW')).toEqual([
      { code: '1', text: '元' },
      { code: '2', text: '美元' },
      { code: '3', text: '万元' },
    ]);
    expect(await items('CQLY')).toContainEqual({ code: '106', text: '购买商品房' });
    expect(await items('zjlx')).toHaveLength(7);
  });

  it('answers an unknown dictionary with 查询无数据 and a blank one with a message', async () => {
    const unknown = await callHall(hall, contract.getList, { type: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ errcode: '01', errmsg: '查询无数据' });
    const blank = await callHall(hall, contract.getList, { type: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errmsg).toBe('请指定字典类型');
  });
});

describe('the catalogue seed', () => {
  it('adds nothing when it runs again', async () => {
    const { db, pool } = hall.connection;
    const counts = async () => Promise.all([businesses, businessFields, businessMaterials, dictionaries, guides].map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
    const before = await counts();
    expect(before[0]).toBe(4 * 13);
    await db.update(settings).set({ value: 'older' }).where(eq(settings.key, 'seed_version'));
    await seedHall(pool, db, 'demo');
    expect(await counts()).toEqual(before);
  });
});
