export { RecordState, recordStateView, type RecordStateProps, type RecordStateTone, type RecordStateVariant, type RecordStateView } from './record-state';
