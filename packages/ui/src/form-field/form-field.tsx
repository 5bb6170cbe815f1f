import type { ReactElement } from 'react';
import { Form, type FormItemProps, type FormProps } from 'antd-mobile';
import { VALIDATION_MESSAGES, validateGenericInput } from '@hall/domain/validation';
import { showErrorToast } from '../feedback/feedback';
import { classPrefixOf, cx } from '../utils/class-prefix';
import './form-field.css';

const classPrefix = classPrefixOf('form-field');

type ValidateMessages = NonNullable<FormProps['validateMessages']>;
type Rule = NonNullable<FormItemProps['rules']>[number];
type RuleRender = Extract<Rule, (...args: never[]) => unknown>;

/**
 * The generic messages (spec part 3 §5) as rc-field-form templates, for plain antd-mobile rules:
 * 必填哦, 至少输入${min}个字符, 最多输入${max}个字符. The words are the domain's.
 */
export const hallValidateMessages: ValidateMessages = {
  required: VALIDATION_MESSAGES.required,
  whitespace: VALIDATION_MESSAGES.required,
  string: {
    min: VALIDATION_MESSAGES.minLength('${min}' as unknown as number),
    max: VALIDATION_MESSAGES.maxLength('${max}' as unknown as number),
  },
};

export interface GenericInputRules {
  required?: boolean;
  /** At least this many characters. */
  minLength?: number;
  /** At most this many characters. */
  maxLength?: number;
  /** The name of the field this one must equal, e.g. the first entry of a new password. */
  sameAs?: string;
}

/** The rule of a generic input: the domain's check, one message at a time. */
export function genericInputRule({ required, minLength, maxLength, sameAs }: GenericInputRules): RuleRender {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const text = value === undefined || value === null ? '' : String(value);
      const equalTo = sameAs === undefined ? undefined : String(getFieldValue(sameAs) ?? '');
      const message = validateGenericInput(text, { required, minLength, maxLength, equalTo });
      if (message) throw new Error(message);
    },
  });
}

export type FormFieldProps = Omit<FormItemProps, 'rules' | 'required'> &
  GenericInputRules & {
    /** Further rules, checked after the generic ones. */
    rules?: FormItemProps['rules'];
  };

/**
 * A form row: antd-mobile's Form.Item with the generic input rules (spec part 3 §5) and their
 * messages: 必填哦; 至少输入N个字符; 最多输入N个字符; 输入不一致.
 */
export function FormField(props: FormFieldProps): ReactElement {
  const { required, minLength, maxLength, sameAs, rules = [], className, dependencies, ...itemProps } = props;
  return (
    <Form.Item
      {...itemProps}
      className={cx(classPrefix, className)}
      required={required}
      dependencies={sameAs ? [...(dependencies ?? []), sameAs] : dependencies}
      rules={[genericInputRule({ required, minLength, maxLength, sameAs }), ...rules]}
    />
  );
}

export type HallFormProps = FormProps & {
  /** Also shows the first error in a 600 ms toast when a submit fails (spec part 3 §5). */
  errorToast?: boolean;
};

/** antd-mobile's Form with the hall's messages and the error toast. */
export function HallForm(props: HallFormProps): ReactElement {
  const { errorToast = true, onFinishFailed, validateMessages, layout = 'horizontal', ...formProps } = props;
  return (
    <Form
      {...formProps}
      layout={layout}
      validateMessages={{ ...hallValidateMessages, ...validateMessages }}
      onFinishFailed={(info) => {
        const first = info.errorFields.find((field) => field.errors.length > 0)?.errors[0];
        if (errorToast && first) showErrorToast(first);
        onFinishFailed?.(info);
      }}
    />
  );
}
