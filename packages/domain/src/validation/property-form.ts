/** The property form, driven by the server's field list (spec part 2 §3, §5). */
import { VALIDATION_MESSAGES as M } from './messages';
import { text, isBlank, isDecimal, pickerDate, type Text } from './inputs';

/** One entry of the server's fwxx field list: isfillin 1 required, 0 optional. */
export interface PropertyFieldRequirement {
  field: string;
  isfillin: string | number;
}

/** Chinese labels of the property-unit fields, used in the messages. */
export const PROPERTY_FIELD_LABELS: Readonly<Record<string, string>> = {
  bdcqzmh: '不动产权证号',
  bdcdyh: '不动产单元号',
  zl: '坐落',
  fwsyqmj: '房屋建筑面积',
  tdsyq_mj: '土地使用权面积',
  mj_bgh: '变更后面积',
  zgzqse: '最高债权数额',
  bdbzzqse: '被担保主债权数额',
  qdjg: '交易金额',
  qlqssj: '权利起始时间',
  qljssj: '权利结束时间',
  fwyt: '房屋用途',
  tdsyq_yt: '土地用途',
  czfs: '持证方式',
  sfhbzs: '发证方式',
};

/** Area and amount fields: numeric input. */
export const PROPERTY_NUMERIC_FIELDS: readonly string[] = ['fwsyqmj', 'tdsyq_mj', 'mj_bgh', 'zgzqse', 'bdbzzqse', 'qdjg'];
/** Date fields: a picker of years 1949–2099. */
export const PROPERTY_DATE_FIELDS: readonly string[] = ['qlqssj', 'qljssj'];
/** The certificate-number field, not required for qllx 423 (no certificate exists before the pre-notation). */
export const PROPERTY_CERTIFICATE_FIELD = 'bdcqzmh';

/**
 * The property form (part 2 §5): walking the server's field list in order, a required field must be
 * filled (except the certificate number for qllx 423), a numeric field must hold a number, a date
 * field a real date of 1949–2099. Fields not in the list are not checked.
 */
export function validatePropertyForm(fields: readonly PropertyFieldRequirement[], values: Readonly<Record<string, Text>>, options: { qllx?: Text } = {}): string | null {
  for (const { field, isfillin } of fields) {
    const label = PROPERTY_FIELD_LABELS[field] ?? field;
    const value = values[field];
    if (isBlank(value)) {
      const required = text(isfillin) === '1' && !(field === PROPERTY_CERTIFICATE_FIELD && text(options.qllx) === '423');
      if (required) return M.fieldRequired(label);
      continue;
    }
    if (PROPERTY_NUMERIC_FIELDS.includes(field) && !isDecimal(value)) return M.fieldNumeric(label);
    if (PROPERTY_DATE_FIELDS.includes(field) && pickerDate(value) === null) return M.fieldDate(label);
  }
  return null;
}
