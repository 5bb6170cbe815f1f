/**
 * The read-only views of an application's records (spec part 2 §2 项目信息预览, the detail page's
 * cancellation block, the operator's review): one label per field and one builder per record, so the
 * citizen and the operator read a record with the same words.
 */
import { APPLICANT_KINDS, CERTIFICATE_COUNTS, ID_TYPES, SHARING_MODES, enumLabel, holdingMethodLabel, mortgageMethodLabel, priceUnitLabel } from './enums';
import { houseUseLabel, landUseLabel } from './property-uses';
import { PROPERTY_FIELD_LABELS } from './validation';

/** One line of a read-only record: its label and the value as a person reads it ('' when not filled in). */
export type RecordField = readonly [label: string, value: string];

/** What a record view reads of an applicant (the contract's sqr_* fields). */
export interface ApplicantRecord {
  readonly sqr_lx: string;
  readonly sqr_name: string;
  readonly sqr_tel: string;
  readonly sqr_zjlx: string;
  readonly sqr_zjh: string;
  readonly sqr_adress: string;
  readonly sqr_gyfs: string;
  readonly sqr_gyfe: string;
  readonly sqr_qt_dlr_name: string;
  readonly sqr_qt_zjh: string;
  readonly sqr_qt_tel: string;
  readonly sqr_qt_fr_name: string;
  readonly sqr_qt_fr_zjh: string;
  readonly sqr_qt_fr_tel: string;
  /** Signature state (qzzt): '1' once signed. */
  readonly qzzt?: string | undefined;
}

/** The labels of an applicant's fields, in the order a view lists them. */
export const APPLICANT_FIELD_LABELS = {
  sqr_lx: '申请人类型',
  sqr_name: '姓名/名称',
  sqr_tel: '联系电话',
  sqr_zjlx: '证件类型',
  sqr_zjh: '证件号码',
  sqr_adress: '地址',
  sqr_gyfs: '共有方式',
  sqr_gyfe: '共有份额',
  sqr_qt_dlr_name: '代理人',
  sqr_qt_zjh: '代理人证件号',
  sqr_qt_tel: '代理人电话',
  sqr_qt_fr_name: '法定代表人',
  sqr_qt_fr_zjh: '法定代表人证件号',
  sqr_qt_fr_tel: '法定代表人电话',
  qzzt: '签字',
} as const satisfies Readonly<Record<keyof ApplicantRecord, string>>;

/** Sharing mode (sqr_gyfs) '0' is sole ownership (单独所有): no share is shown. */
const SOLE_OWNERSHIP = '0';

/** An applicant's fields, codes read as words; the share only for shared ownership, as a percentage. */
export function applicantRecordFields(person: ApplicantRecord): RecordField[] {
  const L = APPLICANT_FIELD_LABELS;
  return [
    [L.sqr_lx, enumLabel(APPLICANT_KINDS, person.sqr_lx) ?? ''],
    [L.sqr_name, person.sqr_name],
    [L.sqr_tel, person.sqr_tel],
    [L.sqr_zjlx, enumLabel(ID_TYPES, person.sqr_zjlx) ?? person.sqr_zjlx],
    [L.sqr_zjh, person.sqr_zjh],
    [L.sqr_adress, person.sqr_adress],
    [L.sqr_gyfs, enumLabel(SHARING_MODES, person.sqr_gyfs) ?? ''],
    [L.sqr_gyfe, person.sqr_gyfs !== SOLE_OWNERSHIP && person.sqr_gyfe ? `${person.sqr_gyfe}%` : ''],
    [L.sqr_qt_dlr_name, person.sqr_qt_dlr_name],
    [L.sqr_qt_zjh, person.sqr_qt_zjh],
    [L.sqr_qt_tel, person.sqr_qt_tel],
    [L.sqr_qt_fr_name, person.sqr_qt_fr_name],
    [L.sqr_qt_fr_zjh, person.sqr_qt_fr_zjh],
    [L.sqr_qt_fr_tel, person.sqr_qt_fr_tel],
    [L.qzzt, person.qzzt === '1' ? '已签字' : ''],
  ];
}

/**
 * Amount fields, in the record's price unit (jgdw, zqdw: 1 元, 2 美元, otherwise 万元, part 2 §9); a
 * unit carries no unit code of its own, so its amounts read in the spec's default, 万元.
 */
const AMOUNT_FIELDS: readonly string[] = ['qdjg', 'zgzqse', 'bdbzzqse', 'dypgjz'];
/** Area fields, in square metres. */
const AREA_FIELDS: readonly string[] = ['fwsyqmj', 'tdsyq_mj', 'mj_bgh'];
export const AREA_UNIT_LABEL = '平方米';

/** The unit a unit form field is entered in: 平方米 for an area, 万元 for an amount (a unit names no price unit), else none. */
export function propertyFieldUnit(field: string): string | undefined {
  if (AREA_FIELDS.includes(field)) return AREA_UNIT_LABEL;
  return AMOUNT_FIELDS.includes(field) ? priceUnitLabel(undefined) : undefined;
}

/** A value with its unit after it; a blank value stays blank. */
const withUnit = (value: string, unit: string) => (value.trim() ? `${value} ${unit}` : '');

/** The price unit a record names (jgdw or zqdw). */
const priceUnitOf = (values: Readonly<Record<string, string | undefined>>) => priceUnitLabel(values.jgdw ?? values.zqdw);

/** A unit form field as a person reads it: certificate count and uses as words, areas and amounts with their unit. */
function propertyValue(field: string, value: string, priceUnit: string): string {
  if (field === 'sfhbzs') return enumLabel(CERTIFICATE_COUNTS, value) ?? '';
  if (field === 'fwyt') return houseUseLabel(value);
  if (field === 'tdsyq_yt') return landUseLabel(value);
  if (AREA_FIELDS.includes(field)) return withUnit(value, AREA_UNIT_LABEL);
  if (AMOUNT_FIELDS.includes(field)) return withUnit(value, priceUnit);
  return value;
}

/**
 * A unit's fields in the form's order, labelled as its form labels them, the holding, certificate and
 * use codes read as words, areas and amounts with their unit; fields the unit does not carry are left out.
 */
export function unitRecordFields(unit: object): RecordField[] {
  const values = unit as Readonly<Record<string, string | undefined>>;
  const priceUnit = priceUnitOf(values);
  return Object.entries(PROPERTY_FIELD_LABELS).flatMap(([field, label]): RecordField[] => {
    const value = values[field];
    if (value === undefined) return [];
    if (field === 'czfs') return [[label, value ? holdingMethodLabel(value) : '']];
    return [[label, propertyValue(field, value, priceUnit)]];
  });
}

/** Labels of the rights records' fields (pre-notation, mortgage, cancellation, rights info) beyond the unit form's. */
export const RIGHTS_FIELD_LABELS: Readonly<Record<string, string>> = {
  BDCZMH: '不动产权证号',
  sqrxm: '申请人',
  ZXYY: '注销原因',
  ZXFJ: '注销附记',
  dyfs: '抵押方式',
  zqqssj: '债务履行起始时间',
  zqjssj: '债务履行结束时间',
  zqlxqx_start: '债务履行起始时间',
  zqlxqx_end: '债务履行结束时间',
  tdsyqsrq: '土地使用起始日期',
  tdsyjsrq: '土地使用结束日期',
  dbfw: '担保范围',
  dypgjz: '抵押评估价值',
  zwr: '债务人',
  djyy: '登记原因',
  fj: '附记',
};

/** The record's own keys, never shown. */
const RECORD_KEYS: readonly string[] = ['id', 'savetype'];

/**
 * A rights record's labelled fields in the labels' order, with codes read as words and amounts with
 * their unit; fields no form shows are left out.
 */
export function rightsRecordFields(record: object): RecordField[] {
  const values = record as Readonly<Record<string, string | undefined>>;
  const unit = priceUnitOf(values);
  const order = [...Object.keys(RIGHTS_FIELD_LABELS), ...Object.keys(PROPERTY_FIELD_LABELS)];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.entries(values)
    .filter(([field]) => !RECORD_KEYS.includes(field))
    .sort(([a], [b]) => rank(a) - rank(b))
    .flatMap(([field, raw]): RecordField[] => {
      const value = raw ?? '';
      if (field === 'czfs') return [[PROPERTY_FIELD_LABELS.czfs!, holdingMethodLabel(value)]];
      if (field === 'dyfs') return [[RIGHTS_FIELD_LABELS.dyfs!, mortgageMethodLabel(value)]];
      const label = RIGHTS_FIELD_LABELS[field] ?? PROPERTY_FIELD_LABELS[field];
      return label ? [[label, propertyValue(field, value, unit)]] : [];
    });
}

/** The cancellation fields (savetype 4) a detail page always lists, filled in or not. */
const CANCELLATION_FIELDS = ['BDCZMH', 'ZXYY', 'ZXFJ'] as const;

/** A cancellation record's certificate number, reason and remark; older rows keep the names in lower case. */
export function cancellationRecordFields(record: object | undefined): RecordField[] {
  const values = (record ?? {}) as Readonly<Record<string, unknown>>;
  return CANCELLATION_FIELDS.map((field) => [RIGHTS_FIELD_LABELS[field]!, String(values[field] ?? values[field.toLowerCase()] ?? '')]);
}
