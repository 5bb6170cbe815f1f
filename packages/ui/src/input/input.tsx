import { Input as AntdInput, type InputProps, type InputRef } from 'antd-mobile';
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';

/** The field's own states, which belong on the text box and which antd-mobile's Input puts on its wrapper. */
const FIELD_STATES = ['aria-required', 'aria-invalid', 'aria-describedby'] as const;

/**
 * antd-mobile's Input as screen readers need it: aria-required, aria-invalid and aria-describedby land on
 * the text box itself (on the wrapper they are not allowed and not announced), and the clear icon, which
 * antd-mobile names 清除 on a bare div, is announced as a button.
 */
export const Input = forwardRef<InputRef, InputProps>(function Input(props, ref) {
  const { 'aria-required': required, 'aria-invalid': invalid, 'aria-describedby': describedBy, ...inputProps } = props;
  const inner = useRef<InputRef>(null);
  useImperativeHandle(ref, () => inner.current as InputRef, []);

  useLayoutEffect(() => {
    const box = inner.current?.nativeElement;
    if (!box) return;
    const values = { 'aria-required': required, 'aria-invalid': invalid, 'aria-describedby': describedBy };
    for (const name of FIELD_STATES) {
      const value = values[name];
      if (value === undefined || value === false || value === 'false') box.removeAttribute(name);
      else box.setAttribute(name, String(value));
    }
  }, [required, invalid, describedBy]);

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
