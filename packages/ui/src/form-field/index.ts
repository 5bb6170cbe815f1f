export { FormField, HallForm, genericInputRule, hallValidateMessages, type FormFieldProps, type GenericInputRules, type HallFormProps } from './form-field';
