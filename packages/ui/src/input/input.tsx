import { Input as AntdInput, type InputProps, type InputRef } from 'antd-mobile';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';

/** The field's own states, which belong on the text box and which antd-mobile's Input puts on its wrapper. */
const FIELD_STATES = ['aria-required', 'aria-invalid', 'aria-describedby'] as const;

/**
 * antd-mobile's Input as screen readers need it: aria-required, aria-invalid and aria-describedby land on
 * the text box itself (on the wrapper they are not allowed and not announced), aria-label stays on the
 * text box only, and the clear icon, which antd-mobile names 清除 on a bare div, is announced as a button.
 */
export const Input = forwardRef<InputRef, InputProps>(function Input(props, ref) {
  const { 'aria-required': required, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...inputProps } = props;
  const name = props['aria-label'];
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current as InputRef, []);

  useLayoutEffect(() => {
    const box = inner.current?.nativeElement;
    if (!box) return;
    const values = { 'aria-required': required, 'aria-invalid': invalid, 'aria-describedby': describedBy };
    for (const attribute of FIELD_STATES) {
      const value = values[attribute];
      if (value === undefined || value === false || value === 'false') box.removeAttribute(attribute);
      else box.setAttribute(attribute, String(value));
    }
    // The name belongs to the text box alone; on the wrapper div it is not allowed.
    box.parentElement?.removeAttribute('aria-label');
  }, [required, invalid, describedBy, name]);

  useLayoutEffect(() => {
    const wrapper = inner.current?.nativeElement?.parentElement;
    if (!wrapper) return;
    const announceClear = () => wrapper.querySelector('.adm-input-clear:not([role])')?.setAttribute('role', 'button');
    announceClear();
    const observer = new MutationObserver(announceClear);
    observer.observe(wrapper, { childList: true });
    return () => observer.disconnect();
  }, []);

  return <AntdInput ref={inner} {...inputProps} />;
});

export type { InputProps, InputRef };
