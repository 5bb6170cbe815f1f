export { FieldList, type FieldListLine, type FieldListProps } from './field-list';
