import { describe, expect, it } from 'vitest';
import { resolvePendingRecords } from '../../../src/services/queries/fulfilment/query-resolver';
import { testHallForFile } from '../../hall';
import { citizenWithProfile, OWNER } from '../../query-helpers';
import { callHall } from '../../call';
import { contract } from '@hall/api/internal';

const SUBMIT = '/mpnw/api/singleApply/searchBdcdyInfoByBdcqzh';

const hall = testHallForFile({ HALL_QUERY_POLL_MS: 0 });

const thisYear = new Date().getFullYear();

describe('the registration property query (part 3 §2.9, §4)', () => {
  it('type 1: year, kind 1 and serial build 新(2024)第六师不动产权第0001234号; pending until resolved, then 20 with BDCDYH and the mortgages', async () => {
    const cookie = await citizenWithProfile(hall, 'pq-owner', OWNER);
    const submitted = await callHall(hall, contract.searchBdcdyInfoByBdcqzh, { cxfs: '1', nf: '2024', zstype: '1', bdcqzh: '1234', djlx: '200', qllx: '4', slbh: 'S1' }, cookie);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ state: 1, data: { qlrqzh: '新(2024)第六师不动产权第0001234号', state: 0, state_msg: '查询中' } });
    const id = submitted.body.data!.ID;
    expect((await callHall(hall, contract.getBdcqzhQuery, { id }, cookie)).body.data).not.toHaveProperty('BDCDYH');

    await resolvePendingRecords(hall.app.hall);
    const read = await callHall(hall, contract.getBdcqzhQuery, { id }, cookie);
    expect(read.body).toMatchObject({
      state: 1,
      data: { state: 20, BDCDYH: '659004001002GB00021F00030201', dyList: [{ dyqr: '中国农业银行五家渠分行', zgzqse: '80' }] },
    });
  });

  it('kind 2 is a proof (不动产证明); a number the registry does not know for the person ends at 21', async () => {
    const cookie = await citizenWithProfile(hall, 'pq-proof', OWNER);
    const proof = await callHall(hall, contract.searchBdcdyInfoByBdcqzh, { cxfs: '1', nf: '2025', zstype: '2', bdcqzh: '567' }, cookie);
    expect(proof.body.data!.qlrqzh).toBe('新(2025)第六师不动产证明第0000567号');
    const unknown = await callHall(hall, contract.searchBdcdyInfoByBdcqzh, { cxfs: '1', nf: String(thisYear), zstype: '1', bdcqzh: '7654321' }, cookie);
    await resolvePendingRecords(hall.app.hall);
    expect((await callHall(hall, contract.getBdcqzhQuery, { id: proof.body.data!.ID }, cookie)).body.data).toMatchObject({ state: 20, dyList: [] });
    expect((await callHall(hall, contract.getBdcqzhQuery, { id: unknown.body.data!.ID }, cookie)).body.data).toMatchObject({ state: 21, state_msg: '未查询到该证书信息，请核对后重新查询' });
  });

  it('type 2 (legacy): the whole number as typed', async () => {
    const cookie = await citizenWithProfile(hall, 'pq-legacy', OWNER);
    const { body } = await callHall(hall, contract.searchBdcdyInfoByBdcqzh, { cxfs: '2', bdcqzh: ` ${OWNER.qzh} ` }, cookie);
    await resolvePendingRecords(hall.app.hall);
    expect((await callHall(hall, contract.getBdcqzhQuery, { id: body.data!.ID }, cookie)).body.data).toMatchObject({ qlrqzh: OWNER.qzh, state: 20, BDCDYH: OWNER.bdcdyh });
  });

  it('refuses what it cannot query, with the messages of the screen', async () => {
    const cookie = await citizenWithProfile(hall, 'pq-bad', OWNER);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cxfs: '1', nf: '2024', zstype: '1', bdcqzh: '' }, '请输入不动产权证号或原证号'],
      [{ cxfs: '2', bdcqzh: ' ' }, '请输入不动产权证号或原证号'],
      [{ cxfs: '1', nf: String(thisYear - 10), zstype: '1', bdcqzh: '12' }, '请选择年份'],
      [{ cxfs: '1', nf: '2024', zstype: '1', bdcqzh: '12345678' }, '证号须为1至7位数字'],
    ];
    for (const [form, message] of cases) {
      const { status, body } = await hall.post(SUBMIT, form, cookie);
      expect(status, message).toBe(400);
      expect(body).toEqual({ state: 0, msg: message, errmsg: message });
    }
    const fresh = await hall.login('pq-no-profile');
    expect(await callHall(hall, contract.searchBdcdyInfoByBdcqzh, { cxfs: '1', nf: '2024', zstype: '1', bdcqzh: '1234' }, fresh)).toMatchObject({
      status: 403,
      body: { errmsg: '请完善用户信息', errcode: '1' },
    });
  });

  it('another citizen cannot read the query', async () => {
    const cookie = await citizenWithProfile(hall, 'pq-mine', OWNER);
    const { body } = await callHall(hall, contract.searchBdcdyInfoByBdcqzh, { cxfs: '1', nf: '2024', zstype: '1', bdcqzh: '1234' }, cookie);
    const other = await citizenWithProfile(hall, 'pq-theirs', { name: '李四', idcard: '130403199001014561' });
    const stolen = await callHall(hall, contract.getBdcqzhQuery, { id: body.data!.ID }, other);
    expect(stolen.status).toBe(404);
    expect(stolen.body.errmsg).toBe('未找到该查询记录');
  });
});
