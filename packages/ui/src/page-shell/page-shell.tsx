import { useId, type ReactElement, type ReactNode } from 'react';
import { LeftOutline, LoopOutline } from 'antd-mobile-icons';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './page-shell.css';

const classPrefix = classPrefixOf('page-shell');

export interface PageShellAction {
  /** What the button does, read out by screen readers. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

export type PageShellProps = WithNativeProps<{
  title: ReactNode;
  /** Shows the back arrow; the app decides where back goes. */
  onBack?: () => void;
  /** Shows a refresh icon on the right. */
  onRefresh?: () => void;
  /** Any other icon button on the right, in place of refresh. */
  action?: PageShellAction;
  /** Under the header, not scrolled with the page: e.g. tabs or the progress bar. */
  subheader?: ReactNode;
  /** Fixed at the bottom: e.g. a submit button or the tab bar. */
  footer?: ReactNode;
  children?: ReactNode;
}>;

/**
 * A page of the hall: a header with the title, an optional back arrow and an optional icon on
 * the right (such as refresh), then the page itself, and an optional footer.
 */
export function PageShell(props: PageShellProps): ReactElement {
  const { title, onBack, onRefresh, action, subheader, footer, children } = props;
  const messages = useMessages().pageShell;
  const titleId = useId();
  const right: PageShellAction | undefined = action ?? (onRefresh ? { label: messages.refresh, icon: <LoopOutline />, onClick: onRefresh } : undefined);
  return withNativeProps(
    props,
    <div className={cx(classPrefix, footer !== undefined && `${classPrefix}-with-footer`)}>
      <header className={`${classPrefix}-header`}>
        <div className={`${classPrefix}-bar`}>
          <div className={`${classPrefix}-side`}>
            {onBack ? (
              <button type="button" className={`${classPrefix}-icon`} aria-label={messages.back} onClick={onBack}>
                <LeftOutline aria-hidden />
              </button>
            ) : null}
          </div>
          <h1 id={titleId} className={`${classPrefix}-title`}>
            {title}
          </h1>
          <div className={cx(`${classPrefix}-side`, `${classPrefix}-side-right`)}>
            {right ? (
              <button type="button" className={`${classPrefix}-icon`} aria-label={right.label} onClick={right.onClick}>
                <span aria-hidden>{right.icon}</span>
              </button>
            ) : null}
          </div>
        </div>
        {subheader}
      </header>
      <main className={`${classPrefix}-body`} aria-labelledby={titleId}>
        {children}
      </main>
      {footer !== undefined ? <footer className={`${classPrefix}-footer`}>{footer}</footer> : null}
    </div>,
  );
}
