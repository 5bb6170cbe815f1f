import type { RightsRecord } from '@hall/api/browser';
import { MORTGAGE_METHODS, PRICE_UNITS, DEFAULT_PRICE_UNIT_LABEL, SAVE_TYPES, SAVE_TYPE_MORTGAGE, priceUnitLabel, validateMortgage } from '@hall/domain';
import { ChoiceField, DateField, NoteField, RightsScreen, TextField, choicesOf } from './rights-form';

/** The mortgage form's values (DYQXX). */
type MortgageValues = {
  dyfs: string;
  bdbzzqse: string;
  zgzqse: string;
  zgzqqdss: string;
  zqqssj: string;
  zqjssj: string;
  dbfw: string;
  dypgjz: string;
  zwr: string;
  djyy: string;
  fj: string;
  zqdw: string;
};

const FIELDS: readonly (keyof MortgageValues)[] = ['dyfs', 'bdbzzqse', 'zgzqse', 'zgzqqdss', 'zqqssj', 'zqjssj', 'dbfw', 'dypgjz', 'zwr', 'djyy', 'fj', 'zqdw'];
/** The spec's defaults of a new record (part 2 §3): 一般抵押, amounts in 万元. */
const DEFAULTS: Partial<MortgageValues> = { dyfs: '1', zqdw: '3' };

function initial(record: RightsRecord | undefined): MortgageValues {
  const values = {} as MortgageValues;
  for (const field of FIELDS) values[field] = record?.[field] || (record ? '' : (DEFAULTS[field] ?? ''));
  if (record && !values.zqqssj) values.zqqssj = record.zqlxqx_start ?? '';
  if (record && !values.zqjssj) values.zqjssj = record.zqlxqx_end ?? '';
  if (!values.dyfs) values.dyfs = '1';
  return values;
}

/** Only the amount of the chosen method is kept: 1 the secured principal, 2 the maximum claim and its confirmation. */
function toSave(values: MortgageValues): Record<string, string> {
  const general = values.dyfs === '1';
  return { ...values, bdbzzqse: general ? values.bdbzzqse : '', zgzqse: general ? '' : values.zgzqse, zgzqqdss: general ? '' : values.zgzqqdss };
}

function validate(values: MortgageValues): string | null {
  return validateMortgage({ claimStart: values.zqqssj, claimEnd: values.zqjssj, method: values.dyfs, securedPrincipal: values.bdbzzqse, maximumClaim: values.zgzqse });
}

/**
 * /info/dyqinfo (also /info/Dyqinfo): the mortgage rights record (DYQXX, savetype 3). dyfs 1
 * (一般抵押) asks the secured principal, 2 (最高额抵押) the maximum claim and its confirmation
 * (part 2 §4); claim dates 1949–2099; checked by validateMortgage.
 */
export function MortgagePage() {
  return (
    <RightsScreen title={SAVE_TYPES[SAVE_TYPE_MORTGAGE]} savetype={SAVE_TYPE_MORTGAGE} dictionaries={['DYFS', 'JGDW']} initial={initial} validate={validate} toSave={toSave}>
      {({ data, values, change }) => {
        const unit = priceUnitLabel(values.zqdw);
        return (
          <>
            <ChoiceField label="抵押方式" required choices={choicesOf(data, 'DYFS', MORTGAGE_METHODS)} value={values.dyfs} onChange={(dyfs) => change({ dyfs })} />
            {values.dyfs === '1' ? (
              <TextField id="dyq-bdbzzqse" label="被担保主债权数额" required numeric suffix={unit} value={values.bdbzzqse} onChange={(bdbzzqse) => change({ bdbzzqse })} />
            ) : values.dyfs === '2' ? (
              <>
                <TextField id="dyq-zgzqse" label="最高债权数额" required numeric suffix={unit} value={values.zgzqse} onChange={(zgzqse) => change({ zgzqse })} />
                <NoteField id="dyq-zgzqqdss" label="最高债权确定事实" value={values.zgzqqdss} onChange={(zgzqqdss) => change({ zgzqqdss })} />
              </>
            ) : null}
            <DateField id="dyq-zqqssj" label="债权起始日期" required value={values.zqqssj} onChange={(zqqssj) => change({ zqqssj })} />
            <DateField id="dyq-zqjssj" label="债权结束日期" required value={values.zqjssj} onChange={(zqjssj) => change({ zqjssj })} />
            <TextField id="dyq-dbfw" label="担保范围" value={values.dbfw} onChange={(dbfw) => change({ dbfw })} />
            <TextField id="dyq-dypgjz" label="抵押物评估价值" numeric suffix={unit} value={values.dypgjz} onChange={(dypgjz) => change({ dypgjz })} />
            <TextField id="dyq-zwr" label="债务人" value={values.zwr} onChange={(zwr) => change({ zwr })} />
            <ChoiceField label="债权单位" choices={choicesOf(data, 'JGDW', { ...PRICE_UNITS, '3': DEFAULT_PRICE_UNIT_LABEL })} value={values.zqdw} onChange={(zqdw) => change({ zqdw })} />
            <NoteField id="dyq-djyy" label="登记原因" value={values.djyy} onChange={(djyy) => change({ djyy })} />
            <NoteField id="dyq-fj" label="附记" value={values.fj} onChange={(fj) => change({ fj })} />
          </>
        );
      }}
    </RightsScreen>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MortgagePage as Component };
