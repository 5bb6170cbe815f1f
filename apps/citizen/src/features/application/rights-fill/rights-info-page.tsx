import type { RightsRecord } from '@hall/api/browser';
import { CERTIFICATE_COUNTS, DEFAULT_PRICE_UNIT_LABEL, HOLDING_METHODS, PRICE_UNITS, SAVE_TYPES, SAVE_TYPE_RIGHTS_INFO, priceUnitLabel, validateTransferRights } from '@hall/domain';
import { ChoiceField, RightsScreen, TextField, choicesOf } from './rights-form';

/** The transfer rights-info form's values (QTDJ). */
type RightsInfoValues = { czfs: string; sfhbzs: string; qdjg: string; jgdw: string };

function initial(record: RightsRecord | undefined): RightsInfoValues {
  return { czfs: record?.czfs ?? '', sfhbzs: record?.sfhbzs ?? '', qdjg: record?.qdjg ?? '', jgdw: record?.jgdw || '3' };
}

function validate(values: RightsInfoValues): string | null {
  return validateTransferRights({ holdingMethod: values.czfs, certificateCount: values.sfhbzs, transactionAmount: values.qdjg });
}

/**
 * /info/qlxxinfo: a transfer's rights info (savetype 99): holding method, certificate count and the
 * transaction amount with its unit, all three required (validateTransferRights).
 */
export function RightsInfoPage() {
  return (
    <RightsScreen title={SAVE_TYPES[SAVE_TYPE_RIGHTS_INFO]} savetype={SAVE_TYPE_RIGHTS_INFO} dictionaries={['CZFS', 'JGDW']} initial={initial} validate={validate} toSave={(values) => ({ ...values })}>
      {({ data, values, change }) => (
        <>
          <ChoiceField label="持证方式" required choices={choicesOf(data, 'CZFS', HOLDING_METHODS)} value={values.czfs} onChange={(czfs) => change({ czfs })} />
          <ChoiceField label="发证方式" required choices={CERTIFICATE_COUNTS} value={values.sfhbzs} onChange={(sfhbzs) => change({ sfhbzs })} />
          <TextField id="ql-qdjg" label="交易金额" required numeric suffix={priceUnitLabel(values.jgdw)} value={values.qdjg} onChange={(qdjg) => change({ qdjg })} />
          <ChoiceField label="金额单位" choices={choicesOf(data, 'JGDW', { ...PRICE_UNITS, '3': DEFAULT_PRICE_UNIT_LABEL })} value={values.jgdw} onChange={(jgdw) => change({ jgdw })} />
        </>
      )}
    </RightsScreen>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { RightsInfoPage as Component };
