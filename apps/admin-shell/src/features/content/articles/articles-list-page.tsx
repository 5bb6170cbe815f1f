import { ARTICLE_TYPE_NAMES, ARTICLE_TYPES, CONSOLE_ARTICLE_SORTS, type ArticleType, type ConsoleArticleItem } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Pager } from '@hall/ui/pager';
import { Button, SearchBar, Selector, Tabs, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { DataTable, type Column } from '../../../components/data-table';
import { PAGE_SIZES } from '../../../lib/table-state';
import { useDesktop } from '../../../lib/use-desktop';
import { useTableAddress } from '../../../lib/use-list-address';
import { loadArticles } from './articles-api';
import './articles.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';
import { href, paths } from '../../../config/paths';

const STATUS_OPTIONS = [
  { label: '全部状态', value: '' },
  { label: '草稿', value: 'draft' },
  { label: '已发布', value: 'published' },
];

const statusTag = (item: ConsoleArticleItem) => (
  <Tag color={item.status === 'draft' ? 'warning' : 'success'} fill="outline">
    {item.status === 'draft' ? '草稿' : '已发布'}
  </Tag>
);

/** The articles' table on the desktop; the sorting columns are the ones listConsoleArticles sorts by. */
const COLUMNS: Column<ConsoleArticleItem>[] = [
  { key: 'title', title: '标题', primary: true, sortable: true, render: (item) => item.title },
  { key: 'type', title: '栏目', render: (item) => ARTICLE_TYPE_NAMES[item.type] },
  { key: 'status', title: '状态', render: statusTag },
  { key: 'publishedAt', title: '发布/创建时间', sortable: true, render: (item) => item.publishedAt },
  { key: 'updatedAt', title: '最后修改', sortable: true, render: (item) => `${item.updatedAt}${item.updatedBy ? `（${item.updatedBy}）` : ''}` },
];

function ArticleRow({ item, onOpen }: { item: ConsoleArticleItem; onOpen: () => void }) {
  const draft = item.status === 'draft';
  return (
    <li className="console-item">
      <button type="button" className="console-item__open" onClick={onOpen}>
        <span className="console-item__head">
          {statusTag(item)}
          <Tag color="primary" fill="outline">
            {ARTICLE_TYPE_NAMES[item.type]}
          </Tag>
        </span>
        <span className="console-item__title">{item.title}</span>
        <span className="console-item__line console-item__time">
          {draft ? '创建' : '发布'}时间：{item.publishedAt}
        </span>
        <span className="console-item__line console-item__time">
          最后修改：{item.updatedAt}
          {item.updatedBy ? `（${item.updatedBy}）` : ''}
        </span>
      </button>
    </li>
  );
}

/** 文章管理: every article of the five types, drafts included, newest change first (docs/architecture.md §6). */
export function ArticlesListPage() {
  const navigate = useNavigate();
  const desktop = useDesktop();
  const { state, text, setState, filter } = useTableAddress(CONSOLE_ARTICLE_SORTS);
  // The phone's list keeps the newest change first, a page of the first size at a time.
  const table = desktop ? state : { ...state, sortKey: null, pageSize: PAGE_SIZES[0] };
  const change = (next: Record<string, string>) => filter(next);
  const search = text('q');
  const type = (ARTICLE_TYPES as readonly string[]).includes(text('type')) ? (text('type') as ArticleType) : undefined;
  const status = text('status') === 'draft' || text('status') === 'published' ? (text('status') as 'draft' | 'published') : undefined;
  const loaded = useConsoleRemote(() => loadArticles(table, { type, status, search }), [table.page, table.pageSize, table.sortKey, table.direction, type, status, search]);
  const data = loaded.data ?? null;
  const open = (item: ConsoleArticleItem) => navigate(href(paths.content.article, { id: item.id }));

  return (
    <ConsolePage
      className="articles-page"
      title="文章管理"
      loaded={loaded}
      subheader={
        <>
          <Tabs activeKey={type ?? 'all'} onChange={(key) => change({ type: key === 'all' ? '' : key })}>
            <Tabs.Tab key="all" title="全部" />
            {ARTICLE_TYPES.map((key) => (
              <Tabs.Tab key={key} title={ARTICLE_TYPE_NAMES[key]} />
            ))}
          </Tabs>
          <div className="articles-filters">
            <Selector options={STATUS_OPTIONS} value={[status ?? '']} onChange={(value) => value.length > 0 && change({ status: value[0] ?? '' })} aria-label="状态" />
            <SearchBar placeholder="搜索标题" defaultValue={search} onSearch={(value) => change({ q: value.trim() })} onClear={() => change({ q: '' })} />
            <Button color="primary" size="small" onClick={() => navigate(href(paths.content.article, { id: 'new' }, { type }))}>
              新建文章
            </Button>
          </div>
        </>
      }
    >
      {data && data.items.length === 0 && (
        <EmptyState
          className="console-empty"
          description={search ? `没有找到标题包含“${search}”的文章` : '暂无文章'}
          hint={search ? '换个关键词试试，或清空搜索查看全部' : '点击“新建文章”撰写，保存为草稿后可发布给市民'}
        />
      )}
      {data && data.items.length > 0 && desktop && (
        <DataTable label="文章" columns={COLUMNS} rows={data.items} rowKey={(item) => item.id} hall={{ state, total: data.total, onChange: setState }} onOpen={open} />
      )}
      {data && data.items.length > 0 && !desktop && (
        <>
          <ul className="console-list" aria-label="文章">
            {data.items.map((item) => (
              <ArticleRow key={item.id} item={item} onOpen={() => open(item)} />
            ))}
          </ul>
          <Pager className="articles-pager" total={data.total} pageSize={data.pageSize} current={table.page} onChange={(page) => setState({ ...table, page })} />
        </>
      )}
    </ConsolePage>
  );
}
export { ArticlesListPage as Component };
