import { ARTICLE_TYPES, errcodeOk, NO_DATA_MESSAGE, type ArticleType } from '@hall/api/browser';
import { EmptyState, OPAQUE_VIEWER_MASK } from '@hall/ui';
import { ImageViewer } from 'antd-mobile';
import { useEffect, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { api } from '../../lib/api';
import { useAlertOnce } from '../../lib/use-alert-once';
import { useRemote, NotFoundError } from '@hall/app';
import { articleListOfType } from './article-lists';
import './articles.css';

function articleTypeOf(value: string | null): ArticleType | undefined {
  return (ARTICLE_TYPES as readonly string[]).includes(value ?? '') ? (value as ArticleType) : undefined;
}

/** /articlecontent?id=&type=: one article; its pictures open full screen on a tap. */
export function ArticlePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const type = articleTypeOf(params.get('type'));
  const list = type ? articleListOfType(type) : null;
  const navigate = useNavigate();
  const article = useRemote(async () => {
    if (!id) throw new NotFoundError(NO_DATA_MESSAGE);
    // Whatever the hall answers instead of the article is said as "not there" (查询无数据 in the spec).
    const reply = await api.getArticle({ id, type });
    if (!errcodeOk(reply) || reply.data === undefined) throw new NotFoundError(reply.errmsg || NO_DATA_MESSAGE);
    return reply.data;
  }, [id, type]);

  const noData = article.failure?.kind === 'not-found';
  useAlertOnce(noData ? article.error : null);
  // A picture left open goes with the page.
  useEffect(() => () => ImageViewer.clear(), []);

  function handleContentClick(event: MouseEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const image = target.closest('img');
    if (image) {
      const images = Array.from(event.currentTarget.querySelectorAll('img'));
      ImageViewer.Multi.show({ images: images.map((img) => img.currentSrc || img.src), defaultIndex: Math.max(0, images.indexOf(image)), classNames: { mask: OPAQUE_VIEWER_MASK } });
      return;
    }
    // A link to another page of the hall stays in the app.
    const link = target.closest('a');
    const url = link?.href ? new URL(link.href, window.location.href) : null;
    if (url && url.origin === window.location.origin && !link?.target) {
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    }
  }

  const data = article.data;
  return (
    <HallPage title={list?.title ?? '文章详情'} backTo={list?.path} className="hall-articles">
      {article.loading && !data ? (
        <LoadingState />
      ) : noData ? (
        <EmptyState description={article.error} fullPage />
      ) : article.error ? (
        <ErrorState message={article.error} onRetry={() => void article.reload()} />
      ) : data ? (
        <article className="hall-card hall-article">
          <h2 className="hall-article__title">{data.title}</h2>
          <p className="hall-article__meta">
            <span>发布日期：</span>
            <time dateTime={data.time}>{data.time}</time>
          </p>
          {/*
            Article HTML is sanitised by the server, when it is written and again whenever it is
            read (tags, attributes and URL schemes allow-listed), which is the only reason it may
            be rendered as HTML here.
          */}
          <div className="hall-article__content" onClick={handleContentClick} dangerouslySetInnerHTML={{ __html: data.content }} />
        </article>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ArticlePage as Component };
