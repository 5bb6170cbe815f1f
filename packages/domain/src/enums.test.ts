import { describe, expect, it } from 'vitest';
import {
  APPLICANT_CATEGORIES,
  APPLICANT_CATEGORY_COMPANY,
  APPLICANT_CATEGORY_PERSON,
  APPLICANT_KINDS,
  APPOINTMENT_FLAGS,
  CERTIFICATE_COUNTS,
  CO_OWNERSHIP_MODES,
  COMPANY_ID_TYPES,
  DEFAULT_ADDRESS_REGION,
  DEFAULT_APPLY_REGION,
  DEFAULT_PRICE_UNIT_LABEL,
  enumLabel,
  GENERIC_APPLICANT_KINDS,
  hidesMyBusiness,
  HOLDER_FLAGS,
  HOLDING_METHODS,
  holdingMethodLabel,
  ID_TYPE_ID_CARD,
  ID_TYPES,
  INQUIRY_RECORD_CHOICES,
  KNOWLEDGE_OPTIONS,
  MORTGAGE_METHODS,
  mortgageMethodLabel,
  MY_BUSINESS_HIDDEN_REGIONS,
  NO_OR_YES_OPTIONS,
  NONE_OR_SOME_OPTIONS,
  OWNERSHIP_KINDS,
  ownershipLabel,
  PERSONAL_ID_TYPES,
  PRICE_UNITS,
  priceUnitLabel,
  REGISTRATION_TYPES,
  resolveApplicantKind,
  REVIEW_STATUS_LABELS,
  RIGHT_TYPES,
  SAVE_TYPE_CANCELLATION,
  SAVE_TYPE_MORTGAGE,
  SAVE_TYPE_PRE_NOTATION,
  SAVE_TYPE_RIGHTS_INFO,
  SAVE_TYPES,
  SHARING_MODES,
  SPECIAL_RULES_DISTRICT,
  TAX_BUREAU_DISTRICT,
  USER_KINDS,
  withInquiryRecordDefaults,
  YES_NO,
} from './enums';

describe('applicants', () => {
  it('sqr_lx: 0 权利人, 1 义务人, 10 抵押权人; 3 and 4 are 申请人', () => {
    expect(APPLICANT_KINDS).toEqual({ '0': '权利人', '1': '义务人', '10': '抵押权人' });
    expect(GENERIC_APPLICANT_KINDS).toEqual({ '3': '申请人', '4': '申请人' });
  });

  it.each([
    ['0', '2', '0'],
    ['1', '2', '1'],
    ['0', '1', '0'],
    ['1', '1', '1'],
    ['3', '2', '0'],
    ['4', '2', '1'],
    [3, 2, '0'],
    [4, 2, '1'],
    ['3', '1', '10'],
    ['4', '1', '10'],
    ['10', '2', '10'],
    ['10', '1', '10'],
    ['7', '2', '10'],
  ] as const)('kind %s of category %s → %s', (kind, category, expected) => {
    expect(resolveApplicantKind(kind, category)).toBe(expected);
  });

  it('category 1 企业, 2 个人', () => {
    expect(APPLICANT_CATEGORIES).toEqual({ '1': '企业', '2': '个人' });
    expect([APPLICANT_CATEGORY_COMPANY, APPLICANT_CATEGORY_PERSON]).toEqual(['1', '2']);
  });

  it.each([
    ['1', '身份证'],
    ['2', '港澳台身份证'],
    ['3', '护照'],
    ['4', '户口簿'],
    ['5', '军官证'],
    ['6', '组织机构代码'],
    ['7', '营业执照'],
  ])('ID type %s is %s', (code, label) => {
    expect(enumLabel(ID_TYPES, code)).toBe(label);
    const group = Number(code) <= 5 ? PERSONAL_ID_TYPES : COMPANY_ID_TYPES;
    expect(enumLabel(group, code)).toBe(label);
  });

  it('personal types are 1–5, company types 6–7, the full ID rule type 1', () => {
    expect(Object.keys(PERSONAL_ID_TYPES)).toEqual(['1', '2', '3', '4', '5']);
    expect(Object.keys(COMPANY_ID_TYPES)).toEqual(['6', '7']);
    expect(Object.keys(ID_TYPES)).toHaveLength(7);
    expect(ID_TYPE_ID_CARD).toBe('1');
  });

  it('sharing 0 单独所有, 1 共同共有, 2 按份共有, 3 其他', () => {
    expect(SHARING_MODES).toEqual({ '0': '单独所有', '1': '共同共有', '2': '按份共有', '3': '其他' });
  });

  it('holder flag and yes/no: 1 是, 0 否', () => {
    expect(HOLDER_FLAGS).toEqual({ '1': '是', '0': '否' });
    expect(YES_NO).toEqual({ '1': '是', '0': '否' });
  });
});

describe('rights information', () => {
  it('czfs 01 共同持证, 02 分别持证; detail label: 01 joint, otherwise separate', () => {
    expect(HOLDING_METHODS).toEqual({ '01': '共同持证', '02': '分别持证' });
    expect(holdingMethodLabel('01')).toBe('共同持证');
    expect(holdingMethodLabel('02')).toBe('分别持证');
    expect(holdingMethodLabel('1')).toBe('分别持证');
    expect(holdingMethodLabel('')).toBe('分别持证');
    expect(holdingMethodLabel(undefined)).toBe('分别持证');
  });

  it('dyfs 1 一般抵押, 2 最高额抵押; detail label: 1 ordinary, otherwise maximum', () => {
    expect(MORTGAGE_METHODS).toEqual({ '1': '一般抵押', '2': '最高额抵押' });
    expect(mortgageMethodLabel('1')).toBe('一般抵押');
    expect(mortgageMethodLabel(1)).toBe('一般抵押');
    expect(mortgageMethodLabel('2')).toBe('最高额抵押');
    expect(mortgageMethodLabel(null)).toBe('最高额抵押');
  });

  it.each([
    ['1', '元'],
    [1, '元'],
    ['2', '美元'],
    ['3', '万元'],
    ['', '万元'],
    [null, '万元'],
    [undefined, '万元'],
  ])('price unit %s → %s', (unit, label) => expect(priceUnitLabel(unit)).toBe(label));

  it('declares 元 and 美元, and 万元 for anything else', () => {
    expect(PRICE_UNITS).toEqual({ '1': '元', '2': '美元' });
    expect(DEFAULT_PRICE_UNIT_LABEL).toBe('万元');
  });

  it('certificate count 0 one per unit, 1 one for several units', () => {
    expect(CERTIFICATE_COUNTS).toEqual({ '0': '每个单元一本证书', '1': '多个单元一本证书' });
  });

  it('savetype 2 pre-notation, 3 mortgage, 4 cancellation, 99 rights info', () => {
    expect(Object.keys(SAVE_TYPES)).toEqual(['2', '3', '4', '99']);
    expect([SAVE_TYPE_PRE_NOTATION, SAVE_TYPE_MORTGAGE, SAVE_TYPE_CANCELLATION, SAVE_TYPE_RIGHTS_INFO]).toEqual(['2', '3', '4', '99']);
    expect(SAVE_TYPES['2']).toBe('预告权利信息');
    expect(SAVE_TYPES['3']).toBe('抵押权利信息');
    expect(SAVE_TYPES['4']).toBe('注销登记信息');
    expect(SAVE_TYPES['99']).toBe('权利信息');
  });

  it('djlx 100, 200, 400, 700, 800 and qllx 4, 23, 423', () => {
    expect(REGISTRATION_TYPES).toEqual({ '100': '首次登记', '200': '转移登记', '400': '注销登记', '700': '预告登记', '800': '换证登记' });
    expect(Object.keys(RIGHT_TYPES)).toEqual(['4', '23', '423']);
    expect(RIGHT_TYPES['23']).toBe('抵押权');
  });
});

describe('review, users, appointment flag', () => {
  it.each([
    [-1, '未提交'],
    ['-1', '未提交'],
    [0, '待审核'],
    [10, '审核通过'],
    [20, '审核通过'],
    [30, '审核通过'],
    [11, '审核驳回'],
    [21, '审核驳回'],
    [12, undefined],
  ])('shzt %s → %s', (shzt, label) => expect(enumLabel(REVIEW_STATUS_LABELS, shzt)).toBe(label));

  it('yhlx 0 个人, 1 企业; appointment flags 0 and 1', () => {
    expect(USER_KINDS).toEqual({ '0': '个人', '1': '企业' });
    expect(Object.keys(APPOINTMENT_FLAGS)).toEqual(['0', '1']);
  });

  it('enumLabel knows no code for null, undefined or an inherited key', () => {
    expect(enumLabel(USER_KINDS, null)).toBeUndefined();
    expect(enumLabel(USER_KINDS, undefined)).toBeUndefined();
    expect(enumLabel(USER_KINDS, 'toString')).toBeUndefined();
    expect(enumLabel(USER_KINDS, ' 1 ')).toBe('企业');
  });
});

describe('regions', () => {
  it('hides my business for 150724, 150723, 150782, 150702 only', () => {
    expect(MY_BUSINESS_HIDDEN_REGIONS).toEqual(['150724', '150723', '150782', '150702']);
    for (const code of ['150724', '150723', '150782', '150702']) expect(hidesMyBusiness(code), code).toBe(true);
    for (const code of ['150700', '150725', '140200', '', null, undefined]) expect(hidesMyBusiness(code), String(code)).toBe(false);
  });

  it('special districts 140200 and 630100, default regions 130400 and 659000', () => {
    expect(SPECIAL_RULES_DISTRICT).toBe('140200');
    expect(TAX_BUREAU_DISTRICT).toBe('630100');
    expect(DEFAULT_ADDRESS_REGION).toBe('130400');
    expect(DEFAULT_APPLY_REGION).toBe('659000');
  });
});

describe('statements and inquiry records', () => {
  it('options 无/有 and 否/是 per field', () => {
    expect(NONE_OR_SOME_OPTIONS).toEqual(['无', '有']);
    expect(NO_OR_YES_OPTIONS).toEqual(['否', '是']);
    expect(INQUIRY_RECORD_CHOICES).toEqual({
      sfqtjcr: ['无', '有'],
      ywfyxy: ['无', '有'],
      sfddsy: ['否', '是'],
      sfzs: ['否', '是'],
      sfzhyf: ['否', '是'],
      sffqbdc: ['否', '是'],
    });
  });

  it('empty or true-valued choices default to 无 or 否; answers and other fields are kept', () => {
    const record = { sfqtjcr: '', ywfyxy: 'true', sfddsy: true, sfzs: undefined, sfzhyf: '是', sffqbdc: null, mcjgx: '父子', zl: '某路1号' };
    expect(withInquiryRecordDefaults(record)).toEqual({
      sfqtjcr: '无',
      ywfyxy: '无',
      sfddsy: '否',
      sfzs: '否',
      sfzhyf: '是',
      sffqbdc: '否',
      mcjgx: '父子',
      zl: '某路1号',
    });
    expect(withInquiryRecordDefaults({ sfqtjcr: '有' }).sfqtjcr).toBe('有');
  });

  it('ownership 共有/单独所有; mode 0 is sole, anything else joint', () => {
    expect(OWNERSHIP_KINDS).toEqual(['共有', '单独所有']);
    expect(ownershipLabel('0')).toBe('单独所有');
    expect(ownershipLabel(0)).toBe('单独所有');
    expect(ownershipLabel('1')).toBe('共有');
    expect(ownershipLabel('2')).toBe('共有');
    expect(ownershipLabel(undefined)).toBe('共有');
  });

  it('co-ownership 按份共有/共同共用 as the spec writes it; knowledge 不知悉/已知悉', () => {
    expect(CO_OWNERSHIP_MODES).toEqual(['按份共有', '共同共用']);
    expect(KNOWLEDGE_OPTIONS).toEqual(['不知悉', '已知悉']);
  });
});
