import { beforeAll, describe, expect, it } from 'vitest';
import type { Applicant } from '@hall/api';
import { applicants } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { countWhere } from '../rows';
import { API, SEARCH, addPerson, companyPayload, personPayload, setStatus, startApplication, ownerAndStranger } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'sqr-owner', 'sqr-stranger');
});

const applicantCount = async (proinstid: string) => countWhere(hall, applicants, applicants.applicationId, Number(proinstid));

async function list(proinstid: string, cookie = owner, flag?: string) {
  return callHall(hall, contract.sqrlistWx, { proinstid, ...(flag === undefined ? {} : { flag }) }, cookie);
}

describe('addPerson', () => {
  it('saves a person with the ID number upper-case and reads it back in the sqr shape', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const { status, body } = await addPerson(hall, owner, id, personPayload());
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.errcode).toBe('00');
    const sqrId = body.data!.sqr_id;
    const listed = await list(id);
    expect(listed.body.state).toBe(1);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        sqr_id: sqrId,
        sqr_lx: '0',
        sqr_name: '张三',
        sqr_tel: '13812341234',
        sqr_zjlx: '1',
        sqr_zjh: '11010519491231002X',
        sqr_adress: '乌鲁木齐市天山区一号',
        iscqr: '1',
        sqr_gyfs: '0',
        sqr_gyfe: '',
        qzzt: '0',
      }),
    ]);
  });

  it('takes proposerinfo as an object too, saves a company without an address on 100+23, and updates by id', async () => {
    const id = await startApplication(hall, owner, 'pd-100-23');
    const first = await callHall(hall, contract.addPerson, { proinstid: id, proposerinfo: companyPayload() }, owner);
    expect(first.body.errcode).toBe('00');
    const sqrId = first.body.data!.sqr_id;
    const updated = await addPerson(hall, owner, id, companyPayload({ id: sqrId, sqrlxdh: '0991-1234567' }));
    expect(updated.body.data!.sqr_id).toBe(sqrId);
    const rows = (await list(id, owner, '10')).body.data as Applicant[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sqr_lx: '10', sqr_zjlx: '7', sqr_tel: '0991-1234567', sqr_qt_fr_name: '王五' });
    expect((await list(id, owner, '0')).body.data).toEqual([]);
  });

  it.each([
    [{ sqrxm: '' }, '姓名不能为空'],
    [{ sqrlxdh: '' }, '联系方式不能为空'],
    [{ sqrzjh: '110105194912310021' }, '请输入合法的证件号码'],
    [{ zjlx: '3', sqrzjh: '' }, '证件号码不能为空'],
    [{ sqrdz: '' }, '联系地址不能为空'],
    [{ dlrzjh: '12345' }, '代理人身份证号有误!'],
    [{ gyfs: '2', gyfe: '' }, '请填写共有份额'],
    [{ gyfs: '2', gyfe: '100' }, '共有份额须为0到99.99之间的数字'],
  ])('refuses a person with %o: %s, saving nothing', async (change, message) => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const { status, body } = await addPerson(hall, owner, id, personPayload(change));
    expect(status).toBe(400);
    expect(body).toEqual({ errcode: '01', errmsg: message });
    expect(await applicantCount(id)).toBe(0);
  });

  it.each(['pd-700-23', 'pd-100-4', 'pd-200-4', 'pd-400-4'])('stores no company on %s (a company continues only on 100+23): 保存失败', async (prodefid) => {
    const id = await startApplication(hall, owner, prodefid);
    const asCompany = await addPerson(hall, owner, id, companyPayload());
    expect(asCompany.status).toBe(400);
    expect(asCompany.body).toEqual({ errcode: '01', errmsg: '保存失败：本业务的申请人不能是企业，请选择个人' });
    const byCategory = await hall.post(`${SEARCH}/save_sqr_wx`, { ...personPayload({ category: '1', zjlx: '6', sqrzjh: 'MA0000001' }), proinstid: id }, owner);
    expect(byCategory.status).toBe(400);
    expect(byCategory.body).toMatchObject({ state: 0, msg: '保存失败：本业务的申请人不能是企业，请选择个人' });
    expect(await applicantCount(id)).toBe(0);
    // A person on the same application is saved as before.
    expect((await addPerson(hall, owner, id, personPayload())).body.errcode).toBe('00');
    expect(await applicantCount(id)).toBe(1);
  });

  it('words the company messages for a company (zjlx 6/7 or category 1)', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    expect((await addPerson(hall, owner, id, companyPayload({ sqrxm: '' }))).body.errmsg).toBe('公司名称不能为空');
    expect((await addPerson(hall, owner, id, companyPayload({ sqrzjh: '' }))).body.errmsg).toBe('证件号不能为空');
    expect((await addPerson(hall, owner, id, personPayload({ category: '1', zjlx: '3', sqrzjh: '' }))).body.errmsg).toBe('证件号不能为空');
  });

  it('refuses malformed proposerinfo, an unknown id and a submitted application', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const malformed = await callHall(hall, contract.addPerson, { proinstid: id, proposerinfo: '{not json' }, owner);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errmsg).toBe('提交的数据格式有误');
    const wrongShape = await callHall(hall, contract.addPerson, { proinstid: id, proposerinfo: JSON.stringify({ sqrxm: ['a'] }) }, owner);
    expect(wrongShape.body.errmsg).toBe('提交的数据格式有误');
    const unknown = await addPerson(hall, owner, id, personPayload({ id: '999999' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errmsg).toBe('未找到该申请人');
    await setStatus(hall, id, 0);
    const pending = await addPerson(hall, owner, id, personPayload());
    expect(pending.status).toBe(409);
    expect(pending.body.errmsg).toBe('当前申请状态为「待审核」，只能修改未提交或已驳回的申请');
    await setStatus(hall, id, 11);
    expect((await addPerson(hall, owner, id, personPayload())).body.errcode).toBe('00');
    expect(await applicantCount(id)).toBe(1);
  });
});

describe('save_sqr_wx', () => {
  it('saves the same applicant from a form and answers state 1', async () => {
    const id = await startApplication(hall, owner, 'pd-200-4');
    const response = await hall.app.inject({
      method: 'POST',
      url: `${SEARCH}/save_sqr_wx`,
      payload: new URLSearchParams({ ...personPayload({ sqrlx: '4' }), proinstid: id, onlyUserinfo: 'true' }).toString(),
      headers: { cookie: owner, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { state: number; data: { sqrid: string } };
    expect(body.state).toBe(1);
    // sqrlx 4 of a person is an obligor (part 3 §3).
    expect((await list(id, owner, '1')).body.data).toEqual([expect.objectContaining({ sqr_id: body.data.sqrid, sqr_lx: '1' })]);
    const refused = await hall.post(`${SEARCH}/save_sqr_wx`, { ...personPayload({ sqrlxdh: '' }), proinstid: id }, owner);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ state: 0, msg: '联系方式不能为空' });
  });
});

describe('deleting applicants', () => {
  it('delPerson and delSqrmsg_wx delete an applicant of an editable application', async () => {
    const id = await startApplication(hall, owner, 'pd-100-23');
    const a = (await addPerson(hall, owner, id, personPayload())).body.data!.sqr_id;
    const b = (await addPerson(hall, owner, id, companyPayload())).body.data!.sqr_id;
    expect((await callHall(hall, contract.delPerson, { reqseq: 'r', openid: 'sqr-owner', proinstid: id, sqrid: a }, owner)).body.errcode).toBe('00');
    expect((await callHall(hall, contract.delSqrmsgWx, { sqrid: b }, owner)).body.state).toBe(1);
    expect(await applicantCount(id)).toBe(0);
    const again = await callHall(hall, contract.delSqrmsgWx, { sqrid: b }, owner);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ state: 0, msg: '未找到该申请人' });
  });

  it('refuses to delete from a pending application or with another application named', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const other = await startApplication(hall, owner, 'pd-700-23');
    const a = (await addPerson(hall, owner, id, personPayload())).body.data!.sqr_id;
    expect((await callHall(hall, contract.delPerson, { proinstid: other, sqrid: a }, owner)).status).toBe(404);
    await setStatus(hall, id, 0);
    const pending = await callHall(hall, contract.delPerson, { proinstid: id, sqrid: a }, owner);
    expect(pending.status).toBe(409);
    expect(await applicantCount(id)).toBe(1);
  });
});

describe("another citizen's applicants", () => {
  it('cannot be listed, added to, changed or deleted', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const a = (await addPerson(hall, owner, id, personPayload())).body.data!.sqr_id;
    const listed = await list(id, stranger);
    expect(listed.status).toBe(404);
    expect(listed.body).toMatchObject({ state: 0, msg: '查询无数据' });
    expect((await addPerson(hall, stranger, id, personPayload())).status).toBe(404);
    expect((await addPerson(hall, stranger, id, personPayload({ id: a, sqrxm: '冒名' }))).status).toBe(404);
    expect((await callHall(hall, contract.delPerson, { proinstid: id, sqrid: a }, stranger)).status).toBe(404);
    expect((await callHall(hall, contract.delSqrmsgWx, { sqrid: a }, stranger)).status).toBe(404);
    expect((await callHall(hall, contract.addPerson, { openid: 'sqr-owner', proinstid: id, proposerinfo: personPayload() }, stranger)).status).toBe(403);
    // The stranger's own application cannot take over the owner's applicant by id either.
    const theirs = await startApplication(hall, stranger, 'pd-700-23');
    expect((await addPerson(hall, stranger, theirs, personPayload({ id: a }))).status).toBe(404);
    const rows = (await list(id)).body.data as Applicant[];
    expect(rows.map((row) => row.sqr_name)).toEqual(['张三']);
  });

  it('answers wrong-type and oversize input with a 4xx and a Chinese message', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    const wrong = await hall.post(`${API}/addPerson`, { proinstid: [id], proposerinfo: '{}' }, owner);
    expect(wrong.status).toBe(400);
    expect(String(wrong.body.errmsg)).toMatch(/[\u4e00-\u9fa5]/);
    const big = await addPerson(hall, owner, id, personPayload({ sqrdz: '址'.repeat(600) }));
    expect(big.status).toBe(400);
    expect(await applicantCount(id)).toBe(0);
  });
});
