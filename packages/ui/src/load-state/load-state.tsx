import { Button, DotLoading } from 'antd-mobile';
import type { ReactElement, ReactNode } from 'react';
import { EmptyState } from '../empty-state/empty-state';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './load-state.css';

const classPrefix = classPrefixOf('load-state');

export type LoadingStateProps = WithNativeProps<{
  /** 加载中 by default. */
  text?: ReactNode;
  /** Below the text, e.g. a download's progress bar. */
  children?: ReactNode;
}>;

/** A screen waiting for the server: the dots and 加载中, announced politely. */
export function LoadingState(props: LoadingStateProps): ReactElement {
  const messages = useMessages().loadState;
  const { text = messages.loading, children } = props;
  return withNativeProps(
    props,
    <div className={classPrefix} role="status" aria-live="polite">
      <DotLoading color="primary" />
      <p className={`${classPrefix}-text`}>{text}</p>
      {children}
    </div>,
  );
}

export type ErrorStateProps = WithNativeProps<{
  /** Why the load failed: the server's or the network's message. */
  message: ReactNode;
  /** A heading above the message (e.g. 加载失败); without one the message is the heading. */
  title?: ReactNode;
  /** Loads again. */
  onRetry: () => void;
  /** Fills the page height, for a screen with nothing else on it. */
  fullPage?: boolean;
}>;

/** A failed load, announced: why, and 重新加载. */
export function ErrorState(props: ErrorStateProps): ReactElement {
  const messages = useMessages().loadState;
  const { message, title, onRetry, fullPage = false } = props;
  return withNativeProps(
    props,
    <div className={`${classPrefix}-error`} role="alert">
      <EmptyState description={title ?? message} hint={title === undefined ? null : message} fullPage={fullPage}>
        <Button color="primary" size="small" onClick={onRetry}>
          {messages.retry}
        </Button>
      </EmptyState>
    </div>,
  );
}
