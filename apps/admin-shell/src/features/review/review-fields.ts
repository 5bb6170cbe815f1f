import type { Applicant, PropertyUnit, RightsRecord } from '@hall/api/browser';
import {
  APPLICANT_KINDS,
  CERTIFICATE_COUNTS,
  ID_TYPES,
  PROPERTY_FIELD_LABELS,
  SHARING_MODES,
  enumLabel,
  holdingMethodLabel,
  mortgageMethodLabel,
  priceUnitLabel,
} from '@hall/domain';

/** One line of a read-only card: its label and the value as the operator reads it. */
export type ReviewField = readonly [label: string, value: string];

const keep = (fields: readonly (readonly [string, string | undefined])[]): ReviewField[] =>
  fields.filter((field): field is ReviewField => !!field[1]?.trim());

/** What the operator checks of a person: role, identity and contact, agent and representative, share. */
export function applicantFields(person: Applicant): ReviewField[] {
  return keep([
    ['类型', enumLabel(APPLICANT_KINDS, person.sqr_lx)],
    ['证件类型', enumLabel(ID_TYPES, person.sqr_zjlx) ?? person.sqr_zjlx],
    ['证件号码', person.sqr_zjh],
    ['联系电话', person.sqr_tel],
    ['地址', person.sqr_adress],
    ['共有方式', enumLabel(SHARING_MODES, person.sqr_gyfs)],
    ['共有份额', person.sqr_gyfs !== '0' && person.sqr_gyfe ? `${person.sqr_gyfe}%` : ''],
    ['代理人', [person.sqr_qt_dlr_name, person.sqr_qt_zjh, person.sqr_qt_tel].filter(Boolean).join(' ')],
    ['法定代表人', [person.sqr_qt_fr_name, person.sqr_qt_fr_zjh, person.sqr_qt_fr_tel].filter(Boolean).join(' ')],
    ['签字', person.qzzt === '1' ? '已签字' : ''],
  ]);
}

/** A unit's filled fields, labelled as its form labels them. */
export function unitFields(unit: PropertyUnit): ReviewField[] {
  const values = unit as unknown as Record<string, string>;
  return keep(
    Object.entries(PROPERTY_FIELD_LABELS).map(([field, label]) => {
      if (field === 'czfs') return [label, values.czfs ? holdingMethodLabel(values.czfs) : ''];
      if (field === 'sfhbzs') return [label, enumLabel(CERTIFICATE_COUNTS, values.sfhbzs)];
      return [label, values[field]];
    }),
  );
}

/** Labels of the rights records' fields (pre-notation, mortgage, cancellation, rights info) beyond the unit form's. */
const RIGHTS_LABELS: Readonly<Record<string, string>> = {
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

/** A rights record's filled fields, labelled, with codes read as words; fields no form shows are left out. */
export function rightsFields(record: RightsRecord): ReviewField[] {
  const unit = priceUnitLabel(record.jgdw ?? record.zqdw);
  const order = [...Object.keys(RIGHTS_LABELS), ...Object.keys(PROPERTY_FIELD_LABELS)];
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return keep(
    Object.entries(record)
      .filter(([field]) => field !== 'id' && field !== 'savetype')
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([field, value]): [string, string | undefined] => {
        if (field === 'czfs') return [PROPERTY_FIELD_LABELS.czfs!, holdingMethodLabel(value)];
        if (field === 'dyfs') return [RIGHTS_LABELS.dyfs!, mortgageMethodLabel(value)];
        if (field === 'sfhbzs') return [PROPERTY_FIELD_LABELS.sfhbzs!, enumLabel(CERTIFICATE_COUNTS, value)];
        if (['qdjg', 'zgzqse', 'bdbzzqse'].includes(field)) return [PROPERTY_FIELD_LABELS[field]!, value ? `${value} ${unit}` : ''];
        const label = RIGHTS_LABELS[field] ?? PROPERTY_FIELD_LABELS[field];
        return label ? [label, value] : ['', ''];
      }),
  );
}
