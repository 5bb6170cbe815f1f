import type { ReactElement, ReactNode } from 'react';
import { classPrefixOf } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './field-list.css';

const classPrefix = classPrefixOf('field-list');

/** A line of a record: its label and value (the domain's record builders make string ones; a screen may show a tag). */
export type FieldListLine = readonly [label: string, value: ReactNode];

export type FieldListProps = WithNativeProps<{
  /** The record's lines, label and value, as the domain's record builders make them. */
  fields: readonly FieldListLine[];
  /** Leaves out the lines with no value, for a view that shows only what was filled in. */
  hideBlank?: boolean;
  /** What a line with no value shows. */
  blank?: ReactNode;
  /** What shows in place of the list when no line is left. */
  empty?: ReactNode;
  /**
   * grid: the labels in one column as wide as the widest (a record of many lines). rows: each line on
   * its own with a label 5 characters wide (a few lines on a card or in a popup); a screen tunes rows
   * through the --hall-field-list-* variables.
   */
  layout?: 'grid' | 'rows';
}>;

const isBlank = (value: ReactNode) => value === null || value === undefined || value === false || (typeof value === 'string' && value.trim() === '');

/** A read-only record: its labels and values as a description list. */
export function FieldList(props: FieldListProps): ReactElement {
  const { fields, hideBlank = false, blank = '—', empty = null, layout = 'grid' } = props;
  const shown = fields.filter(([label, value]) => label !== '' && (!hideBlank || !isBlank(value)));
  if (shown.length === 0 && empty !== null) return withNativeProps(props, <p className={`${classPrefix}-empty`}>{empty}</p>);
  return withNativeProps(
    props,
    <dl className={layout === 'rows' ? `${classPrefix} ${classPrefix}--rows` : classPrefix}>
      {/* Two fields may share a label (zqqssj and zqlxqx_start are both 债务履行起始时间), so the key takes the place too. */}
      {shown.map(([label, value], index) => (
        <div key={`${index}:${label}`} className={`${classPrefix}-row`}>
          <dt>{label}</dt>
          <dd>{isBlank(value) ? blank : value}</dd>
        </div>
      ))}
    </dl>,
  );
}
