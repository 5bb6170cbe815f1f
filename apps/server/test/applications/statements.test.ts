import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GuaranteePreview, StatementBundle, StatementTemplate } from '@hall/api';
import { applicationStatements, materialFiles, rightsInfo } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { API, SEARCH, addPerson, personPayload, postForm, setStatus, startApplication, ownerAndStranger } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'statement-owner', 'statement-stranger');
});

const JUS_INFO = { clmc: '死亡证明', swsj: '2024-03-05', zl: '石河子市北四路79号1-101' };
const RECORD_INFO = { sfqtjcr: '有', ywfyxy: '无', sfddsy: '否', sfzs: '否', mcjgx: '李四 配偶', sfzhyf: '否', sffqbdc: '是', qtss: '', zl: JUS_INFO.zl };
const CHANGE_INFO = {
  onestr: '子女',
  twostr: '新(2020)石河子市不动产权第0001234号',
  thstr: '继承',
  fostr: '50',
  fistr: '无',
  sixstr: '无',
  sevstr: '石河子日报 2024-04-01',
  eistr: '',
  zl: JUS_INFO.zl,
};
const UNIT = { bdcqzmh: CHANGE_INFO.twostr, bdcdyh: '659001001001GB00001F00010001', zl: JUS_INFO.zl, fwsyqmj: '89.5', qdjg: '100', fwyt: '10', czfs: '02' };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR rendered statement')]);

const form = (path: string, fields: Record<string, string>, cookie = owner) => postForm(hall, path, fields, cookie);

const saveStatements = (proinstid: string, fields: Record<string, string>, cookie = owner) => form(`${SEARCH}/save_sqr_wx`, { proinstid, onlyUserinfo: 'true', ...fields }, cookie);

async function readBack(proinstid: string, cookie = owner) {
  const { status, body } = await callHall(hall, contract.querySqrWx, { proinstid, slsqId: proinstid, queryTyp: '0' }, cookie);
  return { status, body, fwxx: typeof body.fwxx === 'string' ? (JSON.parse(body.fwxx) as StatementBundle) : undefined };
}

async function storedStatements(proinstid: string) {
  return hall.connection.db
    .select()
    .from(applicationStatements)
    .where(eq(applicationStatements.applicationId, Number(proinstid)));
}

describe('save_sqr_wx with onlyUserinfo and the statements', () => {
  it('stores recordInfo and jusInfo and reads them back in fwxx with the house', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-200-4');
    expect((await callHall(hall, contract.addReleasteInfo, { proinstid, fwxxs: JSON.stringify([UNIT]) }, owner)).body).toMatchObject({ errcode: '00' });
    const { status, body } = await saveStatements(proinstid, { jusInfo: JSON.stringify(JUS_INFO), recordInfo: JSON.stringify({ ...RECORD_INFO, unknown: 'dropped' }) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ state: 1, msg: '保存成功' });
    const { fwxx } = await readBack(proinstid);
    expect(fwxx).toEqual({
      houseInfo: { qzh: CHANGE_INFO.twostr, bdcdyh: '659001001001GB00001F00010001', zl: JUS_INFO.zl },
      jusInfo: JUS_INFO,
      recordInfo: RECORD_INFO,
      changecqzInfo: {},
    });
    // A second save replaces the first.
    await saveStatements(proinstid, { recordInfo: JSON.stringify({ ...RECORD_INFO, sfqtjcr: '无' }) });
    expect((await readBack(proinstid)).fwxx?.recordInfo.sfqtjcr).toBe('无');
    expect(await storedStatements(proinstid)).toHaveLength(2);
  });

  it('stores changecqzInfo of a certificate-change case and refuses a share that is not a percent', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-800-4');
    const bad = await saveStatements(proinstid, { changecqzInfo: JSON.stringify({ ...CHANGE_INFO, fostr: '150' }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ state: 0, msg: '继承份额须为0到100之间的数字（百分比）' });
    expect(await storedStatements(proinstid)).toHaveLength(0);
    expect((await saveStatements(proinstid, { changecqzInfo: JSON.stringify(CHANGE_INFO) })).body.state).toBe(1);
    expect((await readBack(proinstid)).fwxx?.changecqzInfo).toEqual(CHANGE_INFO);
  });

  it('refuses malformed statements, a malformed date of death and statements sent with an applicant', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-200-4');
    expect((await saveStatements(proinstid, { jusInfo: '{not json' })).body.msg).toBe('提交的数据格式有误');
    expect((await saveStatements(proinstid, { jusInfo: JSON.stringify({ ...JUS_INFO, swsj: '2024/3/5' }) })).body.msg).toBe('死亡日期格式应为YYYY-MM-DD');
    const mixed = await form(`${SEARCH}/save_sqr_wx`, { proinstid, ...personPayload(), jusInfo: JSON.stringify(JUS_INFO) });
    expect(mixed.status).toBe(400);
    expect(mixed.body.msg).toBe('请分别保存申请人信息与具结书、问询记录');
    expect(await storedStatements(proinstid)).toHaveLength(0);
  });

  it("refuses another citizen's application and a submitted one, changing nothing", async () => {
    const proinstid = await startApplication(hall, owner, 'pd-200-4');
    const foreign = await saveStatements(proinstid, { jusInfo: JSON.stringify(JUS_INFO) }, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.state).toBe(0);
    await setStatus(hall, proinstid, 0);
    expect((await saveStatements(proinstid, { jusInfo: JSON.stringify(JUS_INFO) })).status).toBe(409);
    expect(await storedStatements(proinstid)).toHaveLength(0);
  });

  it('still saves an applicant when no statement is sent', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-200-4');
    const { body } = await form(`${SEARCH}/save_sqr_wx`, { proinstid, ...personPayload() });
    expect(body.state).toBe(1);
    expect((body.data as { sqrid: string }).sqrid).toMatch(/^\d+$/);
  });
});

describe('addQlxxInfo with the statements', () => {
  it('saves the inheritance statements alone with savetype 4 (state 1), and with a record in one transaction', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-800-4');
    const alone = await callHall(hall, contract.addQlxxInfo, { proinstid, savetype: '4', changecqzInfo: JSON.stringify(CHANGE_INFO), jusInfo: JSON.stringify(JUS_INFO) }, owner);
    expect(alone.body).toMatchObject({ state: 1 });
    expect((await readBack(proinstid)).fwxx).toMatchObject({ changecqzInfo: CHANGE_INFO, jusInfo: JUS_INFO });

    const other = await startApplication(hall, owner, 'pd-700-23');
    const record = { dyfs: '1', zqqssj: '2024-01-01', zqjssj: '2034-01-01', bdbzzqse: '100' };
    const both = await callHall(hall, contract.addQlxxInfo, { proinstid: other, savetype: '3', reqData: JSON.stringify(record), recordInfo: JSON.stringify(RECORD_INFO) }, owner);
    expect(both.body).toMatchObject({ state: 1 });
    expect((await readBack(other)).fwxx?.recordInfo).toEqual(RECORD_INFO);
  });

  it('answers 保存数据失败 with the reason for a bad share, and writes neither the record nor the statements', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-800-4');
    const { status, body } = await callHall(
      hall,
      contract.addQlxxInfo,
      { proinstid, savetype: '4', reqData: JSON.stringify({ BDCZMH: CHANGE_INFO.twostr }), changecqzInfo: JSON.stringify({ ...CHANGE_INFO, fostr: 'abc' }) },
      owner,
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ state: 0, msg: '保存数据失败：继承份额须为0到100之间的数字（百分比）' });
    expect(await storedStatements(proinstid)).toHaveLength(0);
    expect(
      await hall.connection.db
        .select()
        .from(rightsInfo)
        .where(eq(rightsInfo.applicationId, Number(proinstid))),
    ).toHaveLength(0);
  });

  it('rolls the statements back when the record is refused', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-800-4');
    const { body } = await callHall(hall, contract.addQlxxInfo, { proinstid, savetype: '4', reqData: JSON.stringify({ BDCZMH: '' }), jusInfo: JSON.stringify(JUS_INFO) }, owner);
    expect(body.state).toBe(0);
    expect(await storedStatements(proinstid)).toHaveLength(0);
  });

  it('refuses the statements alone with savetype 99, and on another citizen’s application', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-800-4');
    const wrongType = await callHall(hall, contract.addQlxxInfo, { proinstid, savetype: '99', jusInfo: JSON.stringify(JUS_INFO) }, owner);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toBe('保存失败：保存类型有误');
    const foreign = await callHall(hall, contract.addQlxxInfo, { proinstid, savetype: '4', jusInfo: JSON.stringify(JUS_INFO) }, stranger);
    expect(foreign.status).toBe(404);
    expect(await storedStatements(proinstid)).toHaveLength(0);
  });
});

describe('queryTyp, htpreview_wx and the rendered statements', () => {
  it('answers the statement templates of the case, picked by 具结, 问询 or 明', async () => {
    const transfer = await startApplication(hall, owner, 'pd-200-4');
    const { body } = await callHall(hall, contract.queryTyp, { slsqId: transfer }, owner);
    expect(body.state).toBe(1);
    expect((body.data as StatementTemplate[]).map((row) => row.name)).toEqual(['继承具结书', '继承问询记录']);
    const change = await startApplication(hall, owner, 'pd-800-4');
    const templates = (await callHall(hall, contract.queryTyp, { slsqId: change }, owner)).body.data as StatementTemplate[];
    expect(templates.map((row) => row.name)).toEqual(['继承具结书', '继承问询记录', '遗失及换证说明']);
    // 申请人身份证明 has 明 in it too, but is not a template.
    expect(templates.some((row) => row.name.includes('身份证明'))).toBe(false);
    expect((await callHall(hall, contract.queryTyp, { slsqId: change }, stranger)).status).toBe(404);
  });

  it('uploads a rendered statement (addgsgg, ysr) to a template and refuses it for any other material', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-200-4');
    const templates = (await callHall(hall, contract.queryTyp, { slsqId: proinstid }, owner)).body.data as StatementTemplate[];
    const inquiry = templates.find((row) => row.name.includes('问询'))!;
    const base64 = PNG.toString('base64');
    const saved = await form(`${API}/savePicFromWXServer`, { datuminstId: inquiry.id, base64, typ: 'jpg', ysr: '张三', addgsgg: 'true' });
    expect(saved.body).toMatchObject({ errcode: '00', errmsg: '上传成功' });
    const listed = (await callHall(hall, contract.getUploadType, { slsqId: proinstid }, owner)).body.data!;
    expect(listed.datuminstInfo.find((row) => row.id === inquiry.id)?.pro_attachment).toHaveLength(1);

    const firstMaterial = listed.datuminstInfo.find((row) => row.name === '不动产登记申请书')!;
    const refused = await form(`${API}/savePicFromWXServer`, { datuminstId: firstMaterial.id, base64, typ: 'jpg', ysr: '张三', addgsgg: 'true' });
    expect(refused.status).toBe(400);
    expect(refused.body.errmsg).toBe('该材料不是具结书、问询记录或说明，不能上传文书图片');
    const foreign = await form(`${API}/savePicFromWXServer`, { datuminstId: inquiry.id, base64, typ: 'jpg', ysr: '李四', addgsgg: 'true' }, stranger);
    expect(foreign.status).toBe(400);
    expect(
      await hall.connection.db
        .select()
        .from(materialFiles)
        .where(eq(materialFiles.materialId, Number(firstMaterial.id))),
    ).toHaveLength(0);
  });

  it('previews the guarantee statement with the rights holder, the certificate number and the signature', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-800-4');
    expect((await callHall(hall, contract.addReleasteInfo, { proinstid, fwxxs: JSON.stringify([UNIT]) }, owner)).body).toMatchObject({ errcode: '00' });
    const sqrid = (await addPerson(hall, owner, proinstid, personPayload())).body.data!.sqr_id;
    await saveStatements(proinstid, { jusInfo: JSON.stringify(JUS_INFO) });
    await form(`${SEARCH}/save_qzxx_wx`, { id: sqrid, decodeInfo: PNG.toString('base64') });
    const { body } = await callHall(hall, contract.htpreviewWx, { proinstid }, owner);
    const data = body.data as GuaranteePreview;
    expect(data.buyer_compactBuyer_Name).toBe('张三');
    expect(data.qzh).toBe(CHANGE_INFO.twostr);
    expect(data.buyer_qzinfo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(JSON.parse(data.extend_data)).toMatchObject({ houseInfo: { zl: JUS_INFO.zl }, jusInfo: JUS_INFO });
    const foreign = await callHall(hall, contract.htpreviewWx, { proinstid }, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeUndefined();
  });

  it('answers query_sqr_wx for a case without statements with empty ones, and refuses a missing id', async () => {
    const proinstid = await startApplication(hall, owner, 'pd-200-4');
    const { fwxx, body } = await readBack(proinstid);
    expect(fwxx).toEqual({ houseInfo: { qzh: '', bdcdyh: '', zl: '' }, jusInfo: {}, recordInfo: {}, changecqzInfo: {} });
    expect(body.qzinfo).toEqual([]);
    const missing = await callHall(hall, contract.querySqrWx, { queryTyp: '0' }, owner);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请指定申请编号');
  });
});
