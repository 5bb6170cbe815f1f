import { useState, type ReactElement } from 'react';
import { LeftOutline, RightOutline } from 'antd-mobile-icons';
import { defaults } from '../defaults';
import { formatMessage } from '../locale/format';
import { useMessages } from '../locale/locale-context';
import { classPrefixOf, cx } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import { clampPage, pageCount, pagerItems } from './pager-items';
import '../utils/a11y.css';
import './pager.css';

const classPrefix = classPrefixOf('pager');

export type PagerProps = WithNativeProps<{
  /** Number of items in the whole list. */
  total: number;
  /** The page shown, from 1 (controlled). */
  current?: number;
  /** The first page shown when `current` is not given. */
  defaultCurrent?: number;
  /** Items per page. */
  pageSize?: number;
  /** Page buttons shown before the rest collapse into ellipses. */
  maxPageButtons?: number;
  onChange?: (page: number) => void;
}>;

/**
 * The list pager (spec part 1 §9): 5 items a page, shown only when there are more than 5
 * items, page buttons collapsing into ellipses beyond 5 pages.
 */
export function Pager(props: PagerProps): ReactElement | null {
  const { total, pageSize = defaults.pager.pageSize, maxPageButtons = defaults.pager.maxPageButtons, defaultCurrent = 1, onChange } = props;
  const messages = useMessages().pager;
  const [innerCurrent, setInnerCurrent] = useState(defaultCurrent);
  const pages = pageCount(total, pageSize);
  const current = clampPage(props.current ?? innerCurrent, pages);

  if (total <= pageSize) return null;

  function go(page: number) {
    const next = clampPage(page, pages);
    if (next === current) return;
    setInnerCurrent(next);
    onChange?.(next);
  }

  return withNativeProps(
    props,
    <nav className={classPrefix} aria-label={messages.label}>
      <button type="button" className={cx(`${classPrefix}-button`, `${classPrefix}-step`)} aria-label={messages.previous} disabled={current === 1} onClick={() => go(current - 1)}>
        <LeftOutline aria-hidden />
      </button>
      <ul className={`${classPrefix}-pages`}>
        {pagerItems(current, pages, maxPageButtons).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`ellipsis-${item.key}`} className={`${classPrefix}-ellipsis`}>
              <span aria-hidden>…</span>
              <span className="hall-visually-hidden">{messages.ellipsis}</span>
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className={cx(`${classPrefix}-button`, item.page === current && `${classPrefix}-button-active`)}
                aria-label={formatMessage(messages.page, { page: item.page })}
                aria-current={item.page === current ? 'page' : undefined}
                onClick={() => go(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
      <button type="button" className={cx(`${classPrefix}-button`, `${classPrefix}-step`)} aria-label={messages.next} disabled={current === pages} onClick={() => go(current + 1)}>
        <RightOutline aria-hidden />
      </button>
      <span className="hall-visually-hidden" aria-live="polite">
        {formatMessage(messages.summary, { page: current, pages })}
      </span>
    </nav>,
  );
}
