import { cloneElement, type AriaAttributes, type CSSProperties, type ReactElement } from 'react';
import { cx } from './class-prefix';

/**
 * The native props every component of the kit passes through to its root element:
 * className, style, and any data-* or aria-* attribute.
 */
export interface NativeProps {
  className?: string;
  style?: CSSProperties;
  [dataOrAria: `data-${string}`]: string | number | boolean | undefined;
}

export type WithNativeProps<P> = P & NativeProps & AriaAttributes;

function isPassedThrough(key: string): boolean {
  return key.startsWith('data-') || key.startsWith('aria-');
}

/** Merges the caller's native props into a component's root element. */
export function withNativeProps(props: NativeProps & AriaAttributes, element: ReactElement): ReactElement {
  const own = element.props as { className?: string; style?: CSSProperties };
  const merged: Record<string, unknown> = {};
  if (props.className) merged.className = cx(own.className, props.className);
  if (props.style) merged.style = { ...own.style, ...props.style };
  for (const [key, value] of Object.entries(props)) {
    if (isPassedThrough(key)) merged[key] = value;
  }
  return cloneElement(element, merged);
}
