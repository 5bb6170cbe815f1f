import type { ReactElement, ReactNode } from 'react';
import { ErrorBlock } from 'antd-mobile';
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

/** An empty list or page: antd-mobile's ErrorBlock in its empty state, with the hall's texts. */
export function EmptyState(props: EmptyStateProps): ReactElement {
  const messages = useMessages().emptyState;
  const { description = messages.description, hint = null, image, fullPage = false, children } = props;
  return withNativeProps(
    props,
    <ErrorBlock
      className={cx(classPrefix, fullPage && `${classPrefix}-full-page`)}
      status="empty"
      title={description}
      description={hint}
      image={image}
      fullPage={fullPage}
    >
      {children}
    </ErrorBlock>,
  );
}
