import { errcodeOk, errcodeEmpty, EMPTY_LIST_MESSAGE, articleHref, type ArticleType } from '@hall/api/browser';
import { PAGER_PAGE_SIZE } from '@hall/domain';
import { BannerCarousel, EmptyState, Pager } from '@hall/ui';
import { Button, SearchBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import '../../components/item-card.css';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import { articleListAt, type ArticleList } from './article-lists';
import './articles.css';

/**
 * Every article list: /news, /guide, /gsgg, /laws and /gov/:type. Which list is read off the
 * path; one screen serves them all.
 */
export function ArticleListPage() {
  const { type } = useParams();
  const { pathname } = useLocation();
  const list = articleListAt(pathname, type);
  if (!list) return <Navigate to={paths.notFound} replace />;
  return <ArticleListScreen key={list.path} list={list} />;
}

interface Loaded {
  items: { id: string; title: string; time: string }[];
  /** The server's message for the empty row (暂无相关数据), or null when there are items. */
  empty: string | null;
  /** A failure other than "nothing found": offer to load again. */
  retry: boolean;
}

async function loadList(type: ArticleType, searchVal: string): Promise<Loaded> {
  const reply = await api.getServiceGuids({ type, page: 'all', searchVal: searchVal || undefined });
  if (errcodeOk(reply) && reply.data && reply.data.length > 0) return { items: reply.data, empty: null, retry: false };
  return { items: [], empty: reply.errmsg || EMPTY_LIST_MESSAGE, retry: !errcodeEmpty(reply) };
}

/** The hall's banners above the list; the list works without them. */
function useBanners() {
  const appid = useSession((s) => s.appInfo?.appid);
  const banners = useRemote(async () => {
    const reply = await api.getWxMenu({ AppRootDomain: window.location.origin, AppID: appid });
    return (reply.data?.banners ?? []).map((b) => ({ id: b.id, image: b.url, title: b.title }));
  }, [appid]);
  return banners.data ?? [];
}

function ArticleListScreen({ list }: { list: ArticleList }) {
  // The search and the page live in the address, so back from an article returns to the same page.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [input, setInput] = useState(search);
  const banners = useBanners();
  const result = useRemote(() => loadList(list.type, search), [list.type, search]);

  const items = result.data?.items ?? [];
  const pages = Math.max(1, Math.ceil(items.length / PAGER_PAGE_SIZE));
  const page = Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1), pages);
  const shown = items.slice((page - 1) * PAGER_PAGE_SIZE, page * PAGER_PAGE_SIZE);

  function applySearch(value: string) {
    const q = value.trim();
    setInput(q);
    setParams(q ? { q } : {}, { replace: true });
  }

  function goToPage(next: number) {
    setParams({ ...(search ? { q: search } : {}), ...(next > 1 ? { page: String(next) } : {}) }, { replace: true });
    document.getElementById('article-list')?.scrollIntoView({ block: 'start' });
  }

  return (
    <HallPage title={list.title} className="hall-articles">
      <BannerCarousel items={banners} />
      <form
        className="hall-articles__search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          applySearch(input);
        }}
      >
        <SearchBar
          className="hall-articles__search-bar"
          placeholder="请输入标题关键字"
          value={input}
          onChange={setInput}
          onSearch={applySearch}
          onClear={() => applySearch('')}
          aria-label={`搜索${list.title}`}
        />
        <Button type="submit" color="primary" size="small" className="hall-articles__search-button">
          搜索
        </Button>
      </form>

      <section id="article-list" className="hall-articles__list" aria-label={`${list.title}列表`}>
        {result.loading && !result.data ? (
          <LoadingState />
        ) : result.error ? (
          <ErrorState message={result.error} onRetry={() => void result.reload()} />
        ) : result.data?.empty ? (
          <EmptyState description={result.data.empty}>
            {result.data.retry ? (
              <Button color="primary" size="small" onClick={() => void result.reload()}>
                重新加载
              </Button>
            ) : search ? (
              <Button size="small" onClick={() => applySearch('')}>
                查看全部
              </Button>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <p className="hall-articles__count">{search ? `“${search}”的搜索结果，共 ${items.length} 条` : `共 ${items.length} 条`}</p>
            <ul className="hall-articles__items">
              {shown.map((item) => (
                <li key={item.id}>
                  <Link className="hall-articles__item" to={articleHref(item.id, list.type)}>
                    <span className="hall-articles__item-body">
                      <span className="hall-item-title hall-articles__item-title">{item.title}</span>
                      <time className="hall-articles__item-time" dateTime={item.time}>
                        {item.time}
                      </time>
                    </span>
                    <RightOutline className="hall-articles__item-arrow" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
            <Pager total={items.length} current={page} onChange={goToPage} />
          </>
        )}
      </section>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ArticleListPage as Component };
