import type { ReactElement } from 'react';
import {
  QUERY_STATE_NOT_FOUND,
  archiveRecordStatusText,
  isArchiveRecordReturned,
  isQueryRecordClickable,
  isQueryRecordHighlighted,
  queryRecordStateText,
  type QueryRecordKind,
  type QueryRecordState,
} from '@hall/domain/query-records';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './record-state.css';

const classPrefix = classPrefixOf('record-state');

/** The record lists: certificate, licence and verification queries, and archive-query requests. */
export type RecordStateVariant = QueryRecordKind | 'archive';

export type RecordStateTone = 'pending' | 'highlight' | 'muted' | 'success';

export interface RecordStateView {
  label: string;
  tone: RecordStateTone;
  /** Whether the record opens from this label. */
  clickable: boolean;
}

/**
 * What a record's state shows (spec part 1 §4, part 3 §4), by the domain's rules:
 * 0 or 10 查询中, 20 查看 (highlighted, opens the document), 21 未查到;
 * archive requests 已返回 for 20 and 21, else 未返回.
 */
export function recordStateView(variant: RecordStateVariant, state: QueryRecordState | null | undefined): RecordStateView {
  if (variant === 'archive') {
    const returned = isArchiveRecordReturned(state);
    return { label: archiveRecordStatusText(state), tone: returned ? 'success' : 'pending', clickable: returned };
  }
  const highlighted = isQueryRecordHighlighted(state);
  const notFound = String(state ?? '').trim() === QUERY_STATE_NOT_FOUND;
  return {
    label: queryRecordStateText(state),
    tone: highlighted ? 'highlight' : notFound ? 'muted' : 'pending',
    clickable: isQueryRecordClickable(variant, state),
  };
}

export type RecordStateProps = WithNativeProps<{
  state: QueryRecordState | null | undefined;
  /** Which list the record belongs to; the certificate query list by default. */
  variant?: RecordStateVariant;
  /** Opens the record; offered only in a state that allows it. */
  onView?: () => void;
}>;

/** The state label of a query record. */
export function RecordState(props: RecordStateProps): ReactElement {
  const { state, variant = 'certificate', onView } = props;
  const view = recordStateView(variant, state);
  const className = cx(classPrefix, `${classPrefix}-${view.tone}`);
  return withNativeProps(
    props,
    view.clickable && onView ? (
      <button type="button" className={cx(className, `${classPrefix}-action`)} onClick={onView}>
        {view.label}
      </button>
    ) : (
      <span className={className}>{view.label}</span>
    ),
  );
}
