import type { RightsRecord } from '@hall/api/browser';
import { DEFAULT_PRICE_UNIT_LABEL, HOLDING_METHODS, PRICE_UNITS, SAVE_TYPES, SAVE_TYPE_PRE_NOTATION, YES_NO, priceUnitLabel, validatePreNotice } from '@hall/domain';
import { ChoiceField, DateField, NoteField, RightsScreen, TextField, choicesOf } from './rights-form';

/** The pre-notation form's values (YGQLXX). */
type PreNoticeValues = {
  tdsyqsrq: string;
  tdsyjsrq: string;
  czfs: string;
  qdjg: string;
  jgdw: string;
  cqly: string;
  sfhbzs: string;
  djyy: string;
  fj: string;
};

const FIELDS: readonly (keyof PreNoticeValues)[] = ['tdsyqsrq', 'tdsyjsrq', 'czfs', 'qdjg', 'jgdw', 'cqly', 'sfhbzs', 'djyy', 'fj'];
/** The spec's defaults of a new record (part 2 §3). */
const DEFAULTS: Partial<PreNoticeValues> = { czfs: '01', cqly: '106', jgdw: '1', sfhbzs: '0' };

function initial(record: RightsRecord | undefined): PreNoticeValues {
  const values = {} as PreNoticeValues;
  for (const field of FIELDS) values[field] = record?.[field] || (record ? '' : (DEFAULTS[field] ?? ''));
  return values;
}

function validate(values: PreNoticeValues): string | null {
  return validatePreNotice({ landUseStart: values.tdsyqsrq, landUseEnd: values.tdsyjsrq });
}

/** /info/ygqlxx: the pre-notation rights record (YGQLXX, savetype 2), checked by validatePreNotice. */
export function PreNoticePage() {
  return (
    <RightsScreen
      title={SAVE_TYPES[SAVE_TYPE_PRE_NOTATION]}
      savetype={SAVE_TYPE_PRE_NOTATION}
      dictionaries={['CZFS', 'JGDW', 'CQLY', 'SFHBZS']}
      initial={initial}
      validate={validate}
      toSave={(values) => ({ ...values })}
    >
      {({ data, values, change }) => {
        const cqly = choicesOf(data, 'CQLY', {});
        return (
          <>
            <DateField id="yg-tdsyqsrq" label="土地使用起始日期" required value={values.tdsyqsrq} onChange={(tdsyqsrq) => change({ tdsyqsrq })} />
            <DateField id="yg-tdsyjsrq" label="土地使用结束日期" required value={values.tdsyjsrq} onChange={(tdsyjsrq) => change({ tdsyjsrq })} />
            <ChoiceField label="持证方式" choices={choicesOf(data, 'CZFS', HOLDING_METHODS)} value={values.czfs} onChange={(czfs) => change({ czfs })} />
            <TextField id="yg-qdjg" label="取得价格" numeric suffix={priceUnitLabel(values.jgdw)} value={values.qdjg} onChange={(qdjg) => change({ qdjg })} />
            <ChoiceField label="价格单位" choices={choicesOf(data, 'JGDW', { ...PRICE_UNITS, '3': DEFAULT_PRICE_UNIT_LABEL })} value={values.jgdw} onChange={(jgdw) => change({ jgdw })} />
            {Object.keys(cqly).length > 0 ? (
              <ChoiceField label="产权来源" choices={cqly} value={values.cqly} onChange={(value) => change({ cqly: value })} />
            ) : (
              <TextField id="yg-cqly" label="产权来源" value={values.cqly} onChange={(value) => change({ cqly: value })} />
            )}
            <ChoiceField label="是否合并证书" choices={choicesOf(data, 'SFHBZS', YES_NO)} value={values.sfhbzs} onChange={(sfhbzs) => change({ sfhbzs })} />
            <NoteField id="yg-djyy" label="登记原因" value={values.djyy} onChange={(djyy) => change({ djyy })} />
            <NoteField id="yg-fj" label="附记" value={values.fj} onChange={(fj) => change({ fj })} />
          </>
        );
      }}
    </RightsScreen>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { PreNoticePage as Component };
