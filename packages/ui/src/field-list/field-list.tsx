import type { RecordField } from '@hall/domain/record-fields';
import type { ReactElement, ReactNode } from 'react';
import { classPrefixOf } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './field-list.css';

const classPrefix = classPrefixOf('field-list');

export type FieldListProps = WithNativeProps<{
  /** The record's lines, label and value, as the domain's record builders make them. */
  fields: readonly RecordField[];
  /** Leaves out the lines with no value, for a view that shows only what was filled in. */
  hideBlank?: boolean;
  /** What a line with no value shows. */
  blank?: ReactNode;
  /** What shows in place of the list when no line is left. */
  empty?: ReactNode;
}>;

/** A read-only record: its labels and values as a description list. */
export function FieldList(props: FieldListProps): ReactElement {
  const { fields, hideBlank = false, blank = '—', empty = null } = props;
  const shown = fields.filter(([label, value]) => label !== '' && (!hideBlank || value.trim() !== ''));
  if (shown.length === 0 && empty !== null) return withNativeProps(props, <p className={`${classPrefix}-empty`}>{empty}</p>);
  return withNativeProps(
    props,
    <dl className={classPrefix}>
      {/* Two fields may share a label (zqqssj and zqlxqx_start are both 债务履行起始时间), so the key takes the place too. */}
      {shown.map(([label, value], index) => (
        <div key={`${index}:${label}`} className={`${classPrefix}-row`}>
          <dt>{label}</dt>
          <dd>{value.trim() === '' ? blank : value}</dd>
        </div>
      ))}
    </dl>,
  );
}
