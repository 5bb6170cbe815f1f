import type { ReactElement, ReactNode } from 'react';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './empty-state.css';

const classPrefix = classPrefixOf('empty-state');

export type EmptyStateProps = WithNativeProps<{
  /** What is missing, e.g. the server's empty message; 暂无数据 by default. */
  description?: ReactNode;
  /** A second, quieter line: what the user can do. */
  hint?: ReactNode;
  /** An image address or node in place of the default picture. */
  image?: string | ReactElement;
  /** Fills the page height, for a page with nothing else on it. */
  fullPage?: boolean;
  /** An action, e.g. a button to add the first item. */
  children?: ReactNode;
}>;

/** The default picture: the outline of an empty tray, drawn in the text's weak colour. */
function EmptyTray(): ReactElement {
  return (
    <svg className={`${classPrefix}-tray`} viewBox="0 0 96 72" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable="false">
      <path d="M14 40 24 16h48l10 24" />
      <path d="M14 40v18a4 4 0 0 0 4 4h60a4 4 0 0 0 4-4V40H62a6 6 0 0 1-6 6H40a6 6 0 0 1-6-6Z" />
      <path d="M48 3v6M33 6l3 5M63 6l-3 5" />
    </svg>
  );
}

/** An empty list or page: a quiet picture, what is missing, what to do, and an action. */
export function EmptyState(props: EmptyStateProps): ReactElement {
  const messages = useMessages().emptyState;
  const { description = messages.description, hint = null, image, fullPage = false, children } = props;
  const picture = image === undefined ? <EmptyTray /> : typeof image === 'string' ? <img src={image} alt="" /> : image;
  return withNativeProps(
    props,
    <div className={cx(classPrefix, fullPage && `${classPrefix}-full-page`)}>
      <div className={`${classPrefix}-image`}>{picture}</div>
      {description !== null && description !== undefined ? <div className={`${classPrefix}-description`}>{description}</div> : null}
      {hint !== null && hint !== undefined ? <div className={`${classPrefix}-hint`}>{hint}</div> : null}
      {children !== null && children !== undefined && children !== false ? <div className={`${classPrefix}-content`}>{children}</div> : null}
    </div>,
  );
}
