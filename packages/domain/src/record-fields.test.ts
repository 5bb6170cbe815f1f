import { describe, expect, it } from 'vitest';
import { APPLICANT_FIELD_LABELS, applicantRecordFields, cancellationRecordFields, propertyFieldUnit, rightsRecordFields, unitRecordFields, type ApplicantRecord } from './record-fields';

const person: ApplicantRecord = {
  sqr_lx: '1',
  sqr_name: '郑抵押',
  sqr_tel: '13900000001',
  sqr_zjlx: '1',
  sqr_zjh: '110101198001010010',
  sqr_adress: '石河子市北一路1号',
  sqr_gyfs: '2',
  sqr_gyfe: '50',
  sqr_qt_dlr_name: '王代理',
  sqr_qt_zjh: '110101198001010029',
  sqr_qt_tel: '13900000002',
  sqr_qt_fr_name: '',
  sqr_qt_fr_zjh: '',
  sqr_qt_fr_tel: '',
  qzzt: '1',
};

describe('an applicant read-only', () => {
  it.each([
    ['申请人类型', '义务人'],
    ['姓名/名称', '郑抵押'],
    ['联系电话', '13900000001'],
    ['证件类型', '身份证'],
    ['证件号码', '110101198001010010'],
    ['地址', '石河子市北一路1号'],
    ['共有方式', '按份共有'],
    ['共有份额', '50%'],
    ['代理人', '王代理'],
    ['代理人证件号', '110101198001010029'],
    ['代理人电话', '13900000002'],
    ['法定代表人', ''],
    ['法定代表人证件号', ''],
    ['法定代表人电话', ''],
    ['签字', '已签字'],
  ])('%s reads %s', (label, value) => {
    expect(applicantRecordFields(person)).toContainEqual([label, value]);
  });

  it('lists every label once, in the labels order', () => {
    expect(applicantRecordFields(person).map(([label]) => label)).toEqual(Object.values(APPLICANT_FIELD_LABELS));
  });

  it.each([
    ['sole ownership shows no share', { sqr_gyfs: '0', sqr_gyfe: '100' }, ''],
    ['a shared ownership without a share shows none', { sqr_gyfs: '1', sqr_gyfe: '' }, ''],
    ['an unsigned person', { qzzt: '0' }, ''],
  ])('%s', (_, change, value) => {
    const fields = applicantRecordFields({ ...person, ...change });
    const label = 'qzzt' in change ? '签字' : '共有份额';
    expect(fields).toContainEqual([label, value]);
  });

  it('keeps an ID type it does not know as its code', () => {
    expect(applicantRecordFields({ ...person, sqr_zjlx: '9' })).toContainEqual(['证件类型', '9']);
  });
});

describe('a unit read-only', () => {
  it('lists the fields the unit carries in the form order, the codes as words', () => {
    expect(unitRecordFields({ id: '3', zl: '石河子市北三路3号3栋303', bdcdyh: '659001001001GB00001F00030003', czfs: '01', sfhbzs: '1' })).toEqual([
      ['不动产单元号', '659001001001GB00001F00030003'],
      ['坐落', '石河子市北三路3号3栋303'],
      ['持证方式', '共同持证'],
      ['发证方式', '多个单元一本证书'],
    ]);
  });
  it('reads the use codes as words and gives areas and amounts their unit', () => {
    expect(unitRecordFields({ fwsyqmj: '89.5', qdjg: '100', fwyt: '10', tdsyq_yt: '071', tdsyq_mj: '' })).toEqual([
      ['房屋建筑面积', '89.5 平方米'],
      ['土地使用权面积', ''],
      ['交易金额', '100 万元'],
      ['房屋用途', '住宅'],
      ['土地用途', '城镇住宅用地'],
    ]);
  });
  it('names the unit its form enters areas and amounts in', () => {
    expect(propertyFieldUnit('fwsyqmj')).toBe('平方米');
    expect(propertyFieldUnit('qdjg')).toBe('万元');
    expect(propertyFieldUnit('zl')).toBeUndefined();
  });
  it('leaves a blank holding method blank', () => {
    expect(unitRecordFields({ czfs: '', sfhbzs: '' })).toEqual([
      ['持证方式', ''],
      ['发证方式', ''],
    ]);
  });
});

describe('a rights record read-only', () => {
  it.each([
    ['dyfs', '1', ['抵押方式', '一般抵押']],
    ['dyfs', '2', ['抵押方式', '最高额抵押']],
    ['czfs', '01', ['持证方式', '共同持证']],
    ['czfs', '02', ['持证方式', '分别持证']],
    ['sfhbzs', '0', ['发证方式', '每个单元一本证书']],
    ['bdbzzqse', '80', ['被担保主债权数额', '80 万元']],
    ['zgzqse', '120', ['最高债权数额', '120 万元']],
    ['qdjg', '', ['交易金额', '']],
    ['BDCZMH', '新(2020)石河子市不动产权第0001234号', ['不动产权证号', '新(2020)石河子市不动产权第0001234号']],
    ['ZXYY', '房屋灭失', ['注销原因', '房屋灭失']],
    ['ZXFJ', '附拆除证明', ['注销附记', '附拆除证明']],
    ['dbfw', '主债权及利息', ['担保范围', '主债权及利息']],
    ['zqqssj', '2024-01-01', ['债务履行起始时间', '2024-01-01']],
    ['tdsyqsrq', '2024-01-01', ['土地使用起始日期', '2024-01-01']],
    ['djyy', '买卖', ['登记原因', '买卖']],
    ['fj', '无', ['附记', '无']],
    ['dypgjz', '150', ['抵押评估价值', '150 万元']],
  ])('%s %s', (field, value, row) => {
    expect(rightsRecordFields({ id: '1', savetype: '3', [field]: value })).toEqual([row]);
  });

  it('gives the amounts the unit the record names', () => {
    expect(rightsRecordFields({ id: '1', savetype: '2', jgdw: '1', qdjg: '860000' })).toEqual([['交易金额', '860000 元']]);
    expect(rightsRecordFields({ id: '1', savetype: '3', zqdw: '3', bdbzzqse: '80' })).toEqual([['被担保主债权数额', '80 万元']]);
  });

  it('orders the fields by their labels and leaves out its keys and unknown fields', () => {
    expect(rightsRecordFields({ id: '1', savetype: '3', fj: '无', dyfs: '1', jgdw: '1', secret: 'x' }).map(([label]) => label)).toEqual(['抵押方式', '附记']);
  });
});

describe('a cancellation record read-only', () => {
  it.each([
    ['saved in upper case', { BDCZMH: 'A1', ZXYY: '灭失', ZXFJ: '无' }, ['A1', '灭失', '无']],
    ['saved in lower case', { bdczmh: 'A1', zxyy: '灭失', zxfj: '' }, ['A1', '灭失', '']],
    ['not saved yet', undefined, ['', '', '']],
  ])('%s', (_, record, values) => {
    expect(cancellationRecordFields(record)).toEqual([
      ['不动产权证号', values[0]],
      ['注销原因', values[1]],
      ['注销附记', values[2]],
    ]);
  });
});
