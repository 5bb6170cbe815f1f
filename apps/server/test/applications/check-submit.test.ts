import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationMaterial } from '@hall/api';
import { applications } from '../../src/db/schema';
import { testHallForFile } from '../hall';
import { rowById } from '../rows';
import { API, addPerson, attachPicture, materialsOf as listMaterials, personPayload, setStatus, startApplication, ownerAndStranger } from '../application-helpers';
import { callHall } from '../call';
import { contract } from '@hall/api';

const hall = testHallForFile();
let owner: string;
let stranger: string;
beforeAll(async () => {
  [owner, stranger] = await ownerAndStranger(hall, 'check-owner', 'check-stranger');
});

const check = (id: string, cookie = owner) => callHall(hall, contract.check, { reqseq: 'r', proinstid: id }, cookie);

async function expectCheck(id: string, message: string) {
  const { status, body } = await check(id);
  expect(body.errmsg).toBe(message);
  expect(status).toBe(message === '校验通过' ? 200 : 400);
  expect(body.errcode).toBe(message === '校验通过' ? '00' : '01');
}

async function person(id: string, payload: Record<string, string>): Promise<string> {
  const { body } = await addPerson(hall, owner, id, payload);
  expect(body.errcode, JSON.stringify(body)).toBe('00');
  return body.data!.sqr_id;
}

async function units(id: string, unit: Record<string, string>) {
  const { body } = await callHall(hall, contract.addReleasteInfo, { proinstid: id, fwxxs: [unit] }, owner);
  expect(body.errcode, JSON.stringify(body)).toBe('00');
}

async function rights(id: string, savetype: string, reqData: Record<string, unknown>) {
  const { body } = await hall.post(`${API}/addQlxxInfo`, { proinstid: id, savetype, reqData }, owner);
  expect(body.state, JSON.stringify(body)).toBe(1);
}

const UNIT = {
  bdcqzmh: '新(2020)石河子市不动产权第0001号',
  bdcdyh: '659001001001GB00001F00010001',
  zl: '石河子市北一路 1 号 101',
  fwsyqmj: '98.5',
  qdjg: '120',
  qlqssj: '2020-01-01',
  qljssj: '2090-01-01',
};

describe('check', () => {
  it('700+23: obligor, obligee, unit and mortgage rights, in the screen order', async () => {
    const id = await startApplication(hall, owner, 'pd-700-23');
    await expectCheck(id, '请添加抵押人');
    await person(id, personPayload({ sqrlx: '1' }));
    await expectCheck(id, '请添加抵押权人');
    await person(id, personPayload({ sqrxm: '李四', sqrlx: '0' }));
    await expectCheck(id, '请添加不动产单元信息');
    await units(id, UNIT);
    await expectCheck(id, '请填写抵押权利信息');
    await rights(id, '3', { zqqssj: '2024-01-01', zqjssj: '2044-01-01', dyfs: '1', bdbzzqse: '80' });
    await expectCheck(id, '校验通过');
  });

  it('400: only the cancellation certificate number', async () => {
    const id = await startApplication(hall, owner, 'pd-400-4');
    await expectCheck(id, '不动产权证号不能为空');
    await rights(id, '4', { sqrxm: '张三', code: 'FWZXDJ', ZXDJ: { BDCZMH: '新(2020)石河子市不动产权第0001号', ZXYY: '', ZXFJ: '' } });
    await expectCheck(id, '校验通过');
  });

  it("200+4: by-share holders' shares must add up to 100", async () => {
    const id = await startApplication(hall, owner, 'pd-200-4');
    await expectCheck(id, '请添加买受人');
    const first = await person(id, personPayload({ gyfs: '2', gyfe: '60' }));
    const second = await person(id, personPayload({ sqrxm: '王芳', sqrzjh: '11010519491231002X', gyfs: '2', gyfe: '30' }));
    await expectCheck(id, '请添加出卖人');
    await person(id, personPayload({ sqrxm: '赵六', sqrlx: '1' }));
    await units(id, UNIT);
    await expectCheck(id, '请填写预告权利信息');
    await rights(id, '99', { czfs: '01', sfhbzs: '0', qdjg: '120' });
    await expectCheck(id, '按份共有的买受人份额之和须为100%，当前为90%');
    await person(id, personPayload({ id: second, sqrxm: '王芳', gyfs: '2', gyfe: '40' }));
    await expectCheck(id, '校验通过');
    expect(first).not.toBe(second);
  });

  it('names an applicant that no longer passes the applicant rule', async () => {
    const id = await startApplication(hall, owner, 'pd-400-4');
    await rights(id, '4', { ZXDJ: { BDCZMH: '新(2020)石河子市不动产权第0001号' } });
    const sqrId = await person(id, personPayload());
    // A row written before the rule, e.g. by an older client: the check runs the rule again.
    const { applicants } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await hall.connection.db
      .update(applicants)
      .set({ sqrTel: '' })
      .where(eq(applicants.id, Number(sqrId)));
    await expectCheck(id, '申请人「张三」：联系方式不能为空');
  });

  it("answers 查询无数据 for another citizen's application", async () => {
    const id = await startApplication(hall, owner, 'pd-400-4');
    const { status, body } = await check(id, stranger);
    expect(status).toBe(404);
    expect(body).toEqual({ errcode: '01', errmsg: '查询无数据' });
  });
});

const materialsOf = (id: string): Promise<ApplicationMaterial[]> => listMaterials(hall, owner, id);
const attach = (materialId: string) => attachPicture(hall, owner, materialId);

const submit = (id: string, cookie = owner) => callHall(hall, contract.submitApplyProject, { reqseq: 'r', proinstid: id, appointment: '0' }, cookie);
const revoke = (id: string, cookie = owner) => callHall(hall, contract.revokeApply, { reqseq: 'r', id, prodefid: 'pd-400-4', djlx: '400', qllx: '4' }, cookie);
const rowOf = async (id: string) => (await rowById(hall, applications, id))!;

describe('submitApplyProject and revokeApply', () => {
  it('refuses until the check passes and every required material has a picture, then submits once with an acceptance number', async () => {
    const id = await startApplication(hall, owner, 'pd-400-4');
    const refusedCheck = await submit(id);
    expect(refusedCheck.status).toBe(400);
    expect(refusedCheck.body).toEqual({ errcode: '01', errmsg: '不动产权证号不能为空' });
    await rights(id, '4', { ZXDJ: { BDCZMH: '新(2020)石河子市不动产权第0001号' } });
    const list = await materialsOf(id);
    const required = list.filter((m) => m.required === '是');
    expect(required.length).toBeGreaterThan(1);
    expect((await submit(id)).body.errmsg).toBe(`「${required[0]!.name}」 附件不可为空`);
    await attach(required[0]!.id);
    expect((await submit(id)).body.errmsg).toBe(`「${required[1]!.name}」 附件不可为空`);
    for (const material of required.slice(1)) await attach(material.id);
    expect((await rowOf(id)).shzt).toBe(-1);

    const { status, body } = await submit(id, owner);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.errcode).toBe('00');
    const { prolsh, tjsj } = body.data!;
    expect(prolsh).toMatch(/^HD\d{6}\d{6,}$/);
    expect(tjsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const row = await rowOf(id);
    expect(row).toMatchObject({ shzt: 0, prolsh });
    expect(row.submittedAt).not.toBeNull();

    const again = await submit(id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ errcode: '01', errmsg: '该申请已提交，请勿重复提交' });
    expect(await rowOf(id)).toEqual(row);

    // Withdrawn: back to not submitted; a second withdraw is refused; a resubmission keeps the number.
    const theirs = await revoke(id, stranger);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ stat: 0, msg: '查询无数据' });
    expect((await revoke(id)).body).toEqual({ stat: 1, msg: '撤回成功' });
    expect(await rowOf(id)).toMatchObject({ shzt: -1, prolsh, submittedAt: null });
    const twice = await revoke(id);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ stat: 0, msg: '只能撤回待审核的申请' });
    expect((await submit(id)).body.data!.prolsh).toBe(prolsh);
    // Concurrent submits of one application: one wins, the other changes nothing.
    await revoke(id);
    const results = await Promise.all([submit(id), submit(id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses passed applications and another citizen, and withdraws only pending ones', async () => {
    const id = await startApplication(hall, owner, 'pd-400-4');
    expect((await submit(id, stranger)).status).toBe(404);
    await setStatus(hall, id, 10);
    const passed = await submit(id);
    expect(passed.status).toBe(409);
    expect(passed.body.errmsg).toBe('当前申请状态为「审核通过」，不能提交');
    expect((await revoke(id)).body).toMatchObject({ stat: 0, msg: '只能撤回待审核的申请' });
    await setStatus(hall, id, 11);
    expect((await revoke(id)).status).toBe(409);
    expect((await rowOf(id)).shzt).toBe(11);
  });
});
