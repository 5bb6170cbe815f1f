import { errcodeOk, type HallSearchHit } from '@hall/api/browser';
import { EmptyState } from '@hall/ui/empty-state';
import { Button, SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRemote } from '@hall/app';
import { api } from '../../lib/api';
import './hall-search.css';

/** The home's search term lives in its address (/?q=…), so Back from a hit comes back to the hits. */
export function useHallSearchTerm(): [string, (term: string) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get('q') ?? '', (term) => setParams(term.trim() ? { q: term.trim() } : {}, { replace: false })];
}

/** Short enough to show whole at 320 px in 长辈模式; the search still covers every kind the results list. */
export const SEARCH_PLACEHOLDER = '搜索业务、指南等';

/** One search box on the home, across news, guides, laws, announcements, downloads, questions and businesses. */
export function HallSearchBox() {
  const [term, setTerm] = useHallSearchTerm();
  const [input, setInput] = useState(term);
  useEffect(() => setInput(term), [term]);
  return (
    <form
      className="hall-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        setTerm(input);
      }}
    >
      <SearchBar className="hall-search__bar" placeholder={SEARCH_PLACEHOLDER} value={input} onChange={setInput} onSearch={setTerm} onClear={() => setTerm('')} aria-label="搜索办事大厅" />
      <Button type="submit" color="primary" size="small" className="hall-search__button">
        搜索
      </Button>
    </form>
  );
}

/** The hits of the home's search, by kind, each opening its own page. */
export function HallSearchResults({ term }: { term: string }) {
  const hits = useRemote(async (): Promise<HallSearchHit[]> => {
    const reply = await api.searchHall({ searchVal: term });
    const failure = reply as { errmsg?: string };
    if (!errcodeOk(reply)) throw new Error(failure.errmsg || '搜索失败，请稍后重试');
    return reply.data ?? [];
  }, [term]);
  const groups = new Map<string, HallSearchHit[]>();
  for (const hit of hits.data ?? []) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit]);

  if (hits.loading && !hits.data)
    return (
      <p className="hall-search__status" role="status">
        加载中
      </p>
    );
  if (hits.error) return <EmptyState description={hits.error} />;
  if (groups.size === 0) return <EmptyState description={`没有找到与“${term}”相关的内容，请换个关键字试试`} />;
  return (
    <section className="hall-search__results" aria-label={`“${term}”的搜索结果`}>
      {[...groups].map(([kind, items]) => (
        <section key={kind} className="hall-search__group" aria-label={kind}>
          <h2 className="hall-search__kind">{kind}</h2>
          <ul>
            {items.map((hit) => (
              <li key={`${hit.href}|${hit.title}`}>
                <Link className="hall-search__hit" to={hit.href}>
                  {hit.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
