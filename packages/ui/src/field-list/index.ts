export { FieldList, type FieldListProps } from './field-list';
