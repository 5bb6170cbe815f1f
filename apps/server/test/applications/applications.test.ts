import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import type { ApplicationDetail, ApplicationListTab } from '@hall/api';
import { applicants, applications, materialFiles, materials, propertyUnits, rightsInfo, storedFiles, users } from '../../src/db/schema';
import { recordStoredFile } from '../../src/services/storage/stored-files';
import { testHallForFile } from '../hall';
import { countWhere, rowById } from '../rows';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  owner = await verifiedCitizen('apply-owner', '张三');
  stranger = await verifiedCitizen('apply-stranger', '李四');
});

const API = '/online/wx/apilist';
const ENTERPRISE_REFUSED = '当前账号只能办理个人业务，企业业务请先在网上登记平台注册企业账号';

/** Signs a citizen in with a complete, real-name verified profile. */
async function verifiedCitizen(openid: string, name: string): Promise<string> {
  const cookie = await hall.login(openid);
  await hall.connection.db.update(users).set({ name, cardnum: '11010519491231002X', phone: '13812341234', realNameAuth: 1 }).where(eq(users.openid, openid));
  return cookie;
}

async function apply(cookie: string, body: Record<string, unknown>): Promise<{ proinstid: string; prodefid: string; slbh: string }> {
  const { status, body: reply } = await hall.post(`${API}/getApplyCode`, { reqseq: 'r', appointment: '0', ...body }, cookie);
  expect(status, JSON.stringify(reply)).toBe(200);
  expect(reply.errcode).toBe('00');
  return reply.data as { proinstid: string; prodefid: string; slbh: string };
}

const applicationCount = async (openid: string) => (await hall.connection.db.select({ n: count() }).from(applications).where(eq(applications.openid, openid)))[0]!.n;

async function setStatus(id: string, shzt: number, extra: Partial<typeof applications.$inferInsert> = {}) {
  await hall.connection.db
    .update(applications)
    .set({ shzt, ...extra })
    .where(eq(applications.id, Number(id)));
}

/** Fills an application the way the later fill calls will: two persons, two units, two rights records, a material attachment on disk. */
async function fillApplication(openid: string, id: string) {
  const { db } = hall.connection;
  const applicationId = Number(id);
  await db.insert(applicants).values([
    { applicationId, sqrLx: '0', sqrName: '张三', sqrTel: '13812341234', sqrZjlx: '1', sqrZjh: '11010519491231002X', sqrAdress: '大同市平城区' },
    { applicationId, sqrLx: '1', sqrName: '某银行', sqrTel: '0352-1234567', sqrZjlx: '7', sqrZjh: '91140200MA0000000X', sqrGyfs: '2', sqrGyfe: '50' },
  ]);
  await db.insert(propertyUnits).values([
    { applicationId, bdcdyh: '140202001001GB00001F00010001', zl: '平城区一号楼 1 单元 101' },
    { applicationId, bdcdyh: '140202001001GB00001F00010002', zl: '平城区一号楼 1 单元 102', fwyt: '20' },
  ]);
  await db.insert(rightsInfo).values([
    { applicationId, savetype: '2', fields: { czfs: '01', cqly: '106' } },
    { applicationId, savetype: '3', fields: { dyfs: '1', bdbzzqse: '100' } },
  ]);
  const [material] = await db.select().from(materials).where(eq(materials.applicationId, applicationId)).limit(1);
  const saved = await hall.app.hall.files.save(Readable.from([Buffer.from('\x89PNG fake image')]));
  const file = await recordStoredFile(db, { openid, storageKey: saved.key, originalName: 'photo.png', mime: 'image/png', size: saved.size });
  await db.insert(materialFiles).values({ materialId: material!.id, storedFileId: file.id, url: `/files/${file.id}` });
  return { fileId: file.id, filePath: join(hall.filesDir, saved.key) };
}

describe('getApplyCode', () => {
  it('creates an application for the session user with an application number and the business materials', async () => {
    const first = await apply(owner, { openid: 'apply-owner', prodefid: 'pd-700-23', name: '预购商品房抵押预告登记' });
    expect(first.proinstid).toMatch(/^\d+$/);
    expect(first.prodefid).toBe('pd-700-23');
    expect(first.slbh).toMatch(/^SL\d{8}\d{6,}$/);
    const row = await rowById(hall, applications, first.proinstid);
    expect(row).toMatchObject({
      openid: 'apply-owner',
      name: '预购商品房抵押预告登记',
      prolsh: null,
      slbh: first.slbh,
      djlx: '700',
      qllx: '23',
      xzqdm: '659000',
      shzt: -1,
      appointment: '0',
      submittedAt: null,
    });
    const copied = await hall.connection.db
      .select()
      .from(materials)
      .where(eq(materials.applicationId, Number(first.proinstid)));
    expect(copied.map((m) => [m.name, m.required])).toEqual([
      ['不动产登记申请书', '是'],
      ['抵押双方身份证明', '是'],
      ['预告登记证明', '是'],
      ['抵押合同及主债权合同', '是'],
      ['其他补充材料', '否'],
    ]);
    const second = await apply(owner, { prodefid: 'pd-700-23', name: '预购商品房抵押预告登记' });
    expect(second.slbh).not.toBe(first.slbh);
    expect(second.proinstid).not.toBe(first.proinstid);
  });

  it("keeps the appointment flag, takes the business's name when none is sent, and files it in the business's district", async () => {
    const created = await apply(owner, { prodefid: 'pd-200-4-140200', appointment: 1 });
    const row = await rowById(hall, applications, created.proinstid);
    expect(row).toMatchObject({ appointment: '1', name: '国有建设用地使用权及房屋所有权转移登记', xzqdm: '140200', areaname: '大同市' });
  });

  it('keeps the place the citizen chose as 申请地点 when the business serves it, and refuses a place it does not serve', async () => {
    const created = await apply(owner, { prodefid: 'pd-700-23', xzqdm: '659001' });
    expect(await rowById(hall, applications, created.proinstid)).toMatchObject({ xzqdm: '659000', areaname: '石河子市' });
    const { status, body } = await callHall(hall, contract.getApplyCode, { prodefid: 'pd-700-23', appointment: '0', xzqdm: '130402' }, owner);
    expect(status).toBe(400);
    expect(body.errmsg).toBe('所选地区不办理该业务，请返回重新选择地区');
  });

  it('answers 02 请完善用户信息 while the profile is incomplete, and creates nothing', async () => {
    const cookie = await hall.login('apply-incomplete');
    const { status, body } = await callHall(hall, contract.getApplyCode, { openid: 'apply-incomplete', prodefid: 'pd-100-4', name: 'x', appointment: '0' }, cookie);
    expect(status).toBe(403);
    expect(body).toEqual({ errcode: '02', errmsg: '请完善用户信息' });
    await hall.connection.db.update(users).set({ name: '王五', cardnum: '11010519491231002X' }).where(eq(users.openid, 'apply-incomplete'));
    expect((await callHall(hall, contract.getApplyCode, { prodefid: 'pd-100-4', appointment: '0' }, cookie)).body.errcode).toBe('02');
    expect(await applicationCount('apply-incomplete')).toBe(0);
  });

  it('answers 03 您未实名认证，请实名认证后再办理业务 while not verified, and creates nothing', async () => {
    const cookie = await hall.login('apply-unverified');
    await hall.connection.db.update(users).set({ name: '王五', cardnum: '11010519491231002X', phone: '13812341234' }).where(eq(users.openid, 'apply-unverified'));
    const { status, body } = await callHall(hall, contract.getApplyCode, { prodefid: 'pd-100-4', appointment: '0' }, cookie);
    expect(status).toBe(403);
    expect(body).toEqual({ errcode: '03', errmsg: '您未实名认证，请实名认证后再办理业务' });
    expect(await applicationCount('apply-unverified')).toBe(0);
  });

  it('refuses an enterprise business to an individual account, and allows it to an enterprise account', async () => {
    const cookie = await verifiedCitizen('apply-enterprise', '某开发公司');
    const refused = await callHall(hall, contract.getApplyCode, { prodefid: 'pd-100-4-qy', name: '企业房屋首次登记', appointment: '0' }, cookie);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errcode: '01', errmsg: ENTERPRISE_REFUSED });
    expect(await applicationCount('apply-enterprise')).toBe(0);
    await hall.connection.db.update(users).set({ usertype: '1' }).where(eq(users.openid, 'apply-enterprise'));
    const created = await apply(cookie, { prodefid: 'pd-100-4-qy', name: '企业房屋首次登记' });
    expect(created.prodefid).toBe('pd-100-4-qy');
  });

  it('answers an unknown business, a bad appointment flag and malformed input with a 4xx and a Chinese message', async () => {
    const unknown = await callHall(hall, contract.getApplyCode, { prodefid: 'pd-999-1', appointment: '0' }, owner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errmsg).toBe('未找到该业务，请重新选择');
    const flag = await callHall(hall, contract.getApplyCode, { prodefid: 'pd-100-4', appointment: '2' }, owner);
    expect(flag.status).toBe(400);
    expect(String(flag.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    const wrongType = await hall.post(`${API}/getApplyCode`, { prodefid: ['pd-100-4'], appointment: '0' }, owner);
    expect(wrongType.status).toBe(400);
    const oversize = await hall.post(`${API}/getApplyCode`, { prodefid: 'pd-100-4', name: '名'.repeat(300), appointment: '0' }, owner);
    expect(oversize.status).toBe(400);
    const malformed = await hall.app.inject({ method: 'POST', url: `${API}/getApplyCode`, payload: '{"prodefid":', headers: { cookie: owner, 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errmsg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("needs a session and refuses another citizen's openid, creating nothing", async () => {
    const before = await applicationCount('apply-owner');
    expect((await callHall(hall, contract.getApplyCode, { prodefid: 'pd-100-4', appointment: '0' })).body.status).toBe(-1);
    const other = await callHall(hall, contract.getApplyCode, { openid: 'apply-owner', prodefid: 'pd-100-4', appointment: '0' }, stranger);
    expect(other.status).toBe(403);
    expect(await applicationCount('apply-owner')).toBe(before);
    expect(await applicationCount('apply-stranger')).toBe(0);
  });
});

describe('getApply', () => {
  it('answers the application with its persons, units, rights records, czfs and district', async () => {
    const created = await apply(owner, { prodefid: 'pd-700-423-140200', name: '预告及抵押预告' });
    await fillApplication('apply-owner', created.proinstid);
    await setStatus(created.proinstid, -1, { czfs: '01' });
    const { status, body } = await callHall(hall, contract.getApply, { reqseq: 'r', openid: 'apply-owner', slsqId: created.proinstid }, owner);
    expect(status).toBe(200);
    expect(body.errcode).toBe('00');
    const data = body.data as ApplicationDetail;
    expect(data.proinst).toMatchObject({
      id: created.proinstid,
      name: '预告及抵押预告',
      prolsh: null,
      slbh: created.slbh,
      prodefid: 'pd-700-423-140200',
      djlx: '700',
      djlx_name: '预告登记',
      qllx: '423',
      areaname: '大同市',
      areacode: '140200',
      xzqdm: '140200',
      shzt: -1,
      appointment: '0',
      kyy: '0',
      pro_slxmsh: { sh_qjdc_yj: '', sh_xmsl_yj: '' },
      tjsj: '',
      user_name: '张三',
      czfs: '01',
    });
    expect(data.proinst.prostart).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data.czfs).toBe('01');
    expect(data.xzqdm).toBe('140200');
    expect(data.sqrs).toHaveLength(2);
    expect(data.sqrs[0]).toMatchObject({ sqr_lx: '0', sqr_name: '张三', sqr_zjlx: '1', sqr_zjh: '11010519491231002X', sqr_adress: '大同市平城区', iscqr: '1', sqr_gyfs: '0', qzzt: '0' });
    expect(data.sqrs[1]).toMatchObject({ sqr_lx: '1', sqr_name: '某银行', sqr_gyfs: '2', sqr_gyfe: '50' });
    expect(data.sqrs[0]!.sqr_id).toMatch(/^\d+$/);
    // The spec's unit defaults: fwyt 10, tdsyq_yt 071, czfs 02, sfhbzs 0.
    expect(data.units[0]).toMatchObject({ bdcdyh: '140202001001GB00001F00010001', fwyt: '10', tdsyq_yt: '071', czfs: '02', sfhbzs: '0' });
    expect(data.units[1]).toMatchObject({ fwyt: '20' });
    expect(data.qlxxInfo).toEqual([
      { id: expect.stringMatching(/^\d+$/), savetype: '2', czfs: '01', cqly: '106' },
      { id: expect.stringMatching(/^\d+$/), savetype: '3', dyfs: '1', bdbzzqse: '100' },
    ]);
  });

  it("answers 查询无数据 for another citizen's application, a missing one and a malformed id", async () => {
    const created = await apply(owner, { prodefid: 'pd-100-4' });
    for (const slsqId of [created.proinstid, '999999999', 'abc', '1 OR 1=1']) {
      const { status, body } = await callHall(hall, contract.getApply, { slsqId }, slsqId === created.proinstid ? stranger : owner);
      expect(status, slsqId).toBe(404);
      expect(body).toEqual({ errcode: '01', errmsg: '查询无数据' });
    }
    const other = await callHall(hall, contract.getApply, { openid: 'apply-owner', slsqId: created.proinstid }, stranger);
    expect(other.status).toBe(403);
    expect((await callHall(hall, contract.getApply, { slsqId: created.proinstid })).body.status).toBe(-1);
  });
});

describe('getApplyList', () => {
  let lister: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    lister = await verifiedCitizen('apply-lister', '赵六');
    const base = Date.parse('2026-11-01T02:00:00Z');
    const hour = 60 * 60 * 1000;
    // name, shzt, created (hours after base), submitted (hours after base) or null, appointment.
    const rows: [string, number, number, number | null, '0' | '1'][] = [
      ['draft-old', -1, 0, null, '0'],
      ['draft-new', -1, 5, null, '1'],
      ['pending', 0, 1, 30, '0'],
      ['passed-10', 10, 2, 10, '0'],
      ['passed-20', 20, 3, 40, '1'],
      ['rejected-11', 11, 4, 20, '0'],
      ['rejected-21', 21, 6, 21, '0'],
    ];
    for (const [name, shzt, created, submitted, appointment] of rows) {
      const made = await apply(lister, { prodefid: 'pd-200-4-630100', name, appointment });
      ids[name] = made.proinstid;
      await setStatus(made.proinstid, shzt, {
        createdAt: new Date(base + created * hour),
        submittedAt: submitted === null ? null : new Date(base + submitted * hour),
        prolsh: shzt >= 20 ? `HD${made.slbh}` : null,
        shQjdcYj: name === 'rejected-11' ? '权籍调查资料不全' : '',
        shXmslYj: name === 'rejected-21' ? '申请材料与登记簿不符' : '',
      });
    }
  });

  const lists = async (body: Record<string, unknown>, cookie = lister) => {
    const { status, body: reply } = await callHall(hall, contract.getApplyList, { reqseq: 'r', ...body }, cookie);
    expect(status, JSON.stringify(reply)).toBe(200);
    expect(reply.errcode).toBe('00');
    return reply.data!.lists;
  };
  const names = (tab: ApplicationListTab | undefined) => tab!.items.map((item) => item.name);

  it('answers the four tabs in order, each newest first by submission (drafts by creation)', async () => {
    const tabs = await lists({ openid: 'apply-lister' });
    expect(tabs.map((tab) => [tab.tab, tab.index, tab.label, tab.status])).toEqual([
      ['notSubmitted', 0, '未提交', -1],
      ['pending', 1, '待审核', 0],
      ['passed', 2, '审核通过', 10],
      ['rejected', 3, '已驳回', 11],
    ]);
    expect(names(tabs[0])).toEqual(['draft-new', 'draft-old']);
    expect(names(tabs[1])).toEqual(['pending']);
    expect(names(tabs[2])).toEqual(['passed-20', 'passed-10']);
    expect(names(tabs[3])).toEqual(['rejected-21', 'rejected-11']);
  });

  it('carries the item fields of the list: number or null, business type, place, status, booking, opinions and times', async () => {
    const tabs = await lists({});
    const draft = tabs[0]!.items.find((item) => item.name === 'draft-old')!;
    expect(draft).toMatchObject({
      id: ids['draft-old'],
      prolsh: null,
      djlx_name: '转移登记',
      areaname: '西宁市',
      xzqdm: '630100',
      shzt: -1,
      kyy: '0',
      appointment: '0',
      prostart: '2026-11-01 10:00:00',
      tjsj: '',
      user_name: '赵六',
    });
    const passed = tabs[2]!.items.find((item) => item.name === 'passed-20')!;
    expect(passed.prolsh).toMatch(/^HDSL/);
    expect(passed.tjsj).toBe('2026-11-03 02:00:00');
    const rejected = tabs[3]!.items;
    expect(rejected.find((item) => item.name === 'rejected-11')!.pro_slxmsh).toEqual({ sh_qjdc_yj: '权籍调查资料不全', sh_xmsl_yj: '' });
    expect(rejected.find((item) => item.name === 'rejected-21')!.pro_slxmsh).toEqual({ sh_qjdc_yj: '', sh_xmsl_yj: '申请材料与登记簿不符' });
  });

  it('answers one tab for a status, any status of the tab selecting it', async () => {
    const passed = await lists({ status: '10' });
    expect(passed.map((tab) => tab.tab)).toEqual(['passed']);
    expect(names(passed[0])).toEqual(['passed-20', 'passed-10']);
    expect((await lists({ status: 21 })).map((tab) => tab.tab)).toEqual(['rejected']);
    expect(names((await lists({ status: '-1' }))[0])).toEqual(['draft-new', 'draft-old']);
    const bad = await callHall(hall, contract.getApplyList, { status: '5' }, lister);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errcode: '01', errmsg: '查询的审核状态有误' });
  });

  it('keeps one appointment flag with yytype', async () => {
    const booked = await lists({ yytype: '1' });
    expect(booked.flatMap((tab) => tab.items.map((item) => item.name))).toEqual(['draft-new', 'passed-20']);
    const online = await lists({ yytype: '0' });
    expect(online.flatMap((tab) => tab.items.map((item) => item.name))).not.toContain('draft-new');
    expect((await callHall(hall, contract.getApplyList, { yytype: '3' }, lister)).status).toBe(400);
  });

  it("never lists another citizen's applications, and refuses another's openid", async () => {
    const theirs = await lists({}, stranger);
    const listed = theirs.flatMap((tab) => tab.items.map((item) => item.id));
    for (const id of Object.values(ids)) expect(listed).not.toContain(id);
    const other = await callHall(hall, contract.getApplyList, { openid: 'apply-lister' }, stranger);
    expect(other.status).toBe(403);
    expect((await callHall(hall, contract.getApplyList, {})).body.status).toBe(-1);
    // The session is checked first, as for every citizen call: a bad status without one is session lost.
    expect((await callHall(hall, contract.getApplyList, { status: '5' })).body.status).toBe(-1);
  });
});

describe('deleteApply', () => {
  const remaining = async (id: string) => {
    const { db } = hall.connection;
    const applicationId = Number(id);
    const materialIds = (await db.select({ id: materials.id }).from(materials).where(eq(materials.applicationId, applicationId))).map((m) => m.id);
    return {
      applications: (await db.select({ n: count() }).from(applications).where(eq(applications.id, applicationId)))[0]!.n,
      applicants: (await db.select({ n: count() }).from(applicants).where(eq(applicants.applicationId, applicationId)))[0]!.n,
      units: (await db.select({ n: count() }).from(propertyUnits).where(eq(propertyUnits.applicationId, applicationId)))[0]!.n,
      rights: (await db.select({ n: count() }).from(rightsInfo).where(eq(rightsInfo.applicationId, applicationId)))[0]!.n,
      materials: materialIds.length,
      attachments: materialIds.length === 0 ? 0 : (await db.select({ n: count() }).from(materialFiles).where(inArray(materialFiles.materialId, materialIds)))[0]!.n,
    };
  };

  it('deletes an unsubmitted application with all its persons, units, rights records, materials and files', async () => {
    const created = await apply(owner, { prodefid: 'pd-700-423' });
    const { fileId, filePath } = await fillApplication('apply-owner', created.proinstid);
    await access(filePath);
    expect(await remaining(created.proinstid)).toEqual({ applications: 1, applicants: 2, units: 2, rights: 2, materials: 5, attachments: 1 });
    const { status, body } = await callHall(hall, contract.deleteApply, { reqseq: 'r', openid: 'apply-owner', proinstid: created.proinstid }, owner);
    expect(status).toBe(200);
    expect(body).toEqual({ errcode: '00', errmsg: '删除成功' });
    expect(await remaining(created.proinstid)).toEqual({ applications: 0, applicants: 0, units: 0, rights: 0, materials: 0, attachments: 0 });
    expect(await hall.connection.db.select().from(storedFiles).where(eq(storedFiles.id, fileId))).toEqual([]);
    await expect(access(filePath)).rejects.toThrow();
    const again = await callHall(hall, contract.deleteApply, { proinstid: created.proinstid }, owner);
    expect(again.status).toBe(404);
  });

  it.each([11, 21])('deletes a rejected application (shzt %i)', async (shzt) => {
    const created = await apply(owner, { prodefid: 'pd-200-4' });
    await fillApplication('apply-owner', created.proinstid);
    await setStatus(created.proinstid, shzt, { submittedAt: new Date() });
    expect((await callHall(hall, contract.deleteApply, { proinstid: created.proinstid }, owner)).body.errcode).toBe('00');
    expect(await remaining(created.proinstid)).toEqual({ applications: 0, applicants: 0, units: 0, rights: 0, materials: 0, attachments: 0 });
  });

  it.each([
    [0, '待审核'],
    [10, '审核通过'],
    [20, '审核通过'],
  ])('refuses a submitted application (shzt %i) and leaves everything in place', async (shzt, label) => {
    const created = await apply(owner, { prodefid: 'pd-100-23' });
    await fillApplication('apply-owner', created.proinstid);
    await setStatus(created.proinstid, shzt, { submittedAt: new Date() });
    const before = await remaining(created.proinstid);
    const { status, body } = await callHall(hall, contract.deleteApply, { proinstid: created.proinstid }, owner);
    expect(status).toBe(409);
    expect(body).toEqual({ errcode: '01', errmsg: `当前申请状态为「${label}」，只能删除未提交或已驳回的申请` });
    expect(await remaining(created.proinstid)).toEqual(before);
  });

  it("cannot touch another citizen's application, and answers a missing or malformed id with 查询无数据", async () => {
    const created = await apply(owner, { prodefid: 'pd-400-4' });
    await fillApplication('apply-owner', created.proinstid);
    const before = await remaining(created.proinstid);
    const theirs = await callHall(hall, contract.deleteApply, { proinstid: created.proinstid }, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ errcode: '01', errmsg: '查询无数据' });
    const named = await callHall(hall, contract.deleteApply, { openid: 'apply-owner', proinstid: created.proinstid }, stranger);
    expect(named.status).toBe(403);
    expect((await callHall(hall, contract.deleteApply, { proinstid: created.proinstid })).body.status).toBe(-1);
    expect(await remaining(created.proinstid)).toEqual(before);
    for (const proinstid of ['999999999', 'x1', '']) {
      const { status, body } = await callHall(hall, contract.deleteApply, { proinstid }, owner);
      expect(status, proinstid).toBe(404);
      expect(body.errmsg).toBe('查询无数据');
    }
  });
});

describe('all or nothing', () => {
  /** Makes the database refuse one kind of write for the length of `work`, as a crash half-way would. */
  async function refusing(table: string, operation: 'INSERT' | 'DELETE', work: () => Promise<void>) {
    const { pool } = hall.connection;
    await pool.query(`CREATE OR REPLACE FUNCTION hall_test_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$ LANGUAGE plpgsql`);
    await pool.query(`CREATE TRIGGER hall_test_refuse BEFORE ${operation} ON ${table} FOR EACH ROW EXECUTE FUNCTION hall_test_refuse()`);
    try {
      await work();
    } finally {
      await pool.query(`DROP TRIGGER hall_test_refuse ON ${table}`);
    }
  }

  it('an application whose materials cannot be written is not created at all', async () => {
    const before = await applicationCount('apply-owner');
    await refusing('materials', 'INSERT', async () => {
      const { status, body } = await callHall(hall, contract.getApplyCode, { prodefid: 'pd-100-4', appointment: '0' }, owner);
      expect(status).toBe(500);
      expect(body).toEqual({ errcode: '01', errmsg: '系统繁忙，请稍后再试' });
    });
    expect(await applicationCount('apply-owner')).toBe(before);
  });

  it('a delete that fails half-way leaves every row in place', async () => {
    const created = await apply(owner, { prodefid: 'pd-800-4' });
    await fillApplication('apply-owner', created.proinstid);
    const rowsOf = async (table: typeof applicants | typeof propertyUnits | typeof materials) => countWhere(hall, table, table.applicationId, Number(created.proinstid));
    const before = [await rowsOf(applicants), await rowsOf(propertyUnits), await rowsOf(materials)];
    await refusing('applications', 'DELETE', async () => {
      expect((await callHall(hall, contract.deleteApply, { proinstid: created.proinstid }, owner)).status).toBe(500);
    });
    expect([await rowsOf(applicants), await rowsOf(propertyUnits), await rowsOf(materials)]).toEqual(before);
    // Two applicants, two units, and the business's five materials plus its three statement templates.
    expect(before).toEqual([2, 2, 8]);
  });
});
