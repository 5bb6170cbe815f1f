import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { List, SearchBar } from 'antd-mobile';
import { BannerCarousel, type BannerItem } from '../banner-carousel/banner-carousel';
import { defaults } from '../defaults';
import { EmptyState } from '../empty-state/empty-state';
import { formatMessage } from '../locale/format';
import { useMessages } from '../locale/locale-context';
import { Pager } from '../pager/pager';
import { clampPage, pageCount, pageSlice } from '../pager/pager-items';
import { classPrefixOf } from '../utils/class-prefix';
import { withNativeProps, type WithNativeProps } from '../utils/native-props';
import './list-page.css';

const classPrefix = classPrefixOf('list-page');

export interface ListPageItem {
  id: string | number;
  title: string;
  /** A quieter line under the title, e.g. a date. */
  description?: ReactNode;
}

export type ListPageProps<T extends ListPageItem = ListPageItem> = WithNativeProps<{
  /** What the list holds, e.g. 办事指南; names the list for screen readers. */
  title: string;
  /** The items of the current search, all of them: the page pages them itself. */
  items: readonly T[];
  banners?: readonly BannerItem[];
  bannerHeight?: number;
  onBannerClick?: (item: BannerItem, index: number) => void;
  /** Runs a search; the app fetches and passes the new items. */
  onSearch?: (value: string) => void;
  searchPlaceholder?: string;
  defaultSearchValue?: string;
  onItemClick?: (item: T) => void;
  /** Shown when there are no items: the server's empty message, or 暂无数据. */
  emptyText?: ReactNode;
  pageSize?: number;
}>;

/**
 * A content list page (news, guides, announcements, laws; spec part 1 §2): banner, search box,
 * the list five items a page and the pager, or an empty state.
 */
export function ListPage<T extends ListPageItem>(props: ListPageProps<T>): ReactElement {
  const {
    title,
    items,
    banners,
    bannerHeight = defaults.banner.height,
    onBannerClick,
    onSearch,
    searchPlaceholder,
    defaultSearchValue = '',
    onItemClick,
    emptyText,
    pageSize = defaults.pager.pageSize,
  } = props;
  const messages = useMessages().listPage;
  const listId = useId();
  const [search, setSearch] = useState(defaultSearchValue);
  const [paging, setPaging] = useState({ items, page: 1 });
  // New items (a new search) start again at the first page.
  if (paging.items !== items) setPaging({ items, page: 1 });
  const page = clampPage(paging.items === items ? paging.page : 1, pageCount(items.length, pageSize));

  return withNativeProps(
    props,
    <div className={classPrefix}>
      {banners ? <BannerCarousel items={banners} height={bannerHeight} onItemClick={onBannerClick} /> : null}
      <div className={`${classPrefix}-search`} role="search" aria-label={messages.searchLabel}>
        <SearchBar value={search} onChange={setSearch} placeholder={searchPlaceholder ?? messages.searchPlaceholder} onSearch={(value) => onSearch?.(value.trim())} onClear={() => onSearch?.('')} />
      </div>
      {items.length === 0 ? (
        <EmptyState description={emptyText} />
      ) : (
        <>
          <section id={listId} aria-label={formatMessage(messages.listLabel, { title })}>
            <List className={`${classPrefix}-list`}>
              {pageSlice(items, page, pageSize).map((item) => (
                <List.Item key={item.id} description={item.description} arrowIcon clickable={Boolean(onItemClick)} onClick={onItemClick ? () => onItemClick(item) : undefined}>
                  {item.title}
                </List.Item>
              ))}
            </List>
          </section>
          <Pager total={items.length} pageSize={pageSize} current={page} onChange={(next) => setPaging({ items, page: next })} aria-controls={listId} />
        </>
      )}
    </div>,
  );
}
