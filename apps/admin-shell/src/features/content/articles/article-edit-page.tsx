import {
  ARTICLE_PICTURE_MAX_BYTES,
  ARTICLE_TYPE_NAMES,
  ARTICLE_TYPES,
  CONSOLE_ARTICLE_TITLE_MAX_LENGTH,
  CONSOLE_ARTICLE_TITLE_REQUIRED,
  type ArticleType,
  type ConsoleArticle,
} from '@hall/api/browser';
import { submitWithFeedback } from '@hall/app';
import { LoadingState } from '@hall/ui/load-state';
import { Button, Selector, Tag } from 'antd-mobile';
import { ArticlePreview } from './article-preview';
import { Input, showConfirm, showSuccess } from '@hall/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { deleteArticle, loadArticle, publishArticle, saveArticle, uploadArticlePicture, type ArticleOutcome } from './articles-api';
import { RichTextEditor } from './rich-text-editor';
import { LoadFailure } from '../../../components/load-failure';
import './articles.css';
import { ConsolePage } from '../../../components/console-page';
import { useConsoleRemote } from '../../../lib/use-console-remote';
import { href, paths } from '../../../config/paths';

const TYPE_OPTIONS = ARTICLE_TYPES.map((type) => ({ label: ARTICLE_TYPE_NAMES[type], value: type }));

/**
 * The article form. What the operator typed stays in the fields whatever goes wrong: a refusal shows
 * above the buttons and nothing is reset. Publishing saves the fields first, so what is published is
 * what is on the screen.
 */
function ArticleForm({ saved, initialType, onSaved }: { saved: ConsoleArticle | null; initialType: ArticleType; onSaved: (article: ConsoleArticle) => void }) {
  const navigate = useNavigate();
  const [type, setType] = useState<ArticleType>(saved?.type ?? initialType);
  const [title, setTitle] = useState(saved?.title ?? '');
  const [content, setContent] = useState(saved?.content ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const published = saved?.status === 'published';

  /** Runs a save or publish; answers the article as saved, or null after showing the refusal. */
  async function run(step: () => Promise<ArticleOutcome | string>, done: string): Promise<ConsoleArticle | null> {
    setBusy(true);
    setProblem(null);
    let article: ConsoleArticle | null = null;
    await submitWithFeedback(
      async () => {
        const outcome = await step();
        if (typeof outcome === 'string') return outcome;
        if ('problem' in outcome) return outcome.problem;
        article = outcome.article;
        return null;
      },
      { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem },
    );
    if (article) {
      showSuccess(done);
      onSaved(article);
    }
    return article;
  }

  const save = async (): Promise<ArticleOutcome | string> => {
    if (!title.trim()) return CONSOLE_ARTICLE_TITLE_REQUIRED;
    return saveArticle({ ...(saved ? { id: saved.id, version: saved.version } : {}), type, title, content });
  };

  /** 发布 asks first: once published, citizens read it at once. */
  async function confirmPublish() {
    if (!title.trim()) return setProblem(CONSOLE_ARTICLE_TITLE_REQUIRED);
    const confirmed = await showConfirm(`发布后市民即可在“${ARTICLE_TYPE_NAMES[type]}”中看到这篇文章。确定发布“${title.trim()}”吗？`, { title: '发布文章', confirmText: '确定发布' });
    if (confirmed) await run(saveAndPublish, '已发布');
  }

  const saveAndPublish = async (): Promise<ArticleOutcome | string> => {
    const first = await save();
    if (typeof first === 'string' || 'problem' in first) return first;
    onSaved(first.article);
    return publishArticle(first.article.id, true);
  };

  async function remove() {
    if (!saved) return;
    const confirmed = await showConfirm(`删除后不能恢复${published ? '，市民也将看不到这篇文章' : ''}。确定删除“${saved.title}”吗？`, { confirmText: '删除' });
    if (!confirmed) return;
    setBusy(true);
    setProblem(null);
    if (await submitWithFeedback(() => deleteArticle(saved.id), { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem })) {
      showSuccess('已删除');
      navigate(paths.content.articles, { replace: true });
    }
  }

  return (
    <section className="console-section article-form" aria-label="文章内容">
      <h2>{saved ? '编辑文章' : '新建文章'}</h2>
      {saved && (
        <p className="console-muted article-form__status">
          <Tag color={published ? 'success' : 'warning'} fill="outline">
            {published ? '已发布' : '草稿'}
          </Tag>{' '}
          {published ? '修改保存后市民立即看到新内容' : '草稿只有工作人员能看到，发布后市民才能看到'}
        </p>
      )}
      <div className="article-form__field">
        <span className="article-form__label" id="article-type-label">
          类型
        </span>
        <Selector aria-labelledby="article-type-label" columns={3} options={TYPE_OPTIONS} value={[type]} onChange={(value) => value[0] && setType(value[0])} />
      </div>
      <div className="article-form__field">
        <label className="article-form__label" htmlFor="article-title">
          标题
        </label>
        <Input id="article-title" className="article-form__title" placeholder="请输入标题" value={title} onChange={setTitle} maxLength={CONSOLE_ARTICLE_TITLE_MAX_LENGTH} clearable />
      </div>
      <div className="article-form__field">
        <span className="article-form__label">正文</span>
        <RichTextEditor key={saved?.id ?? 'new'} initial={content} onChange={setContent} label="正文" uploadPicture={uploadArticlePicture} />
        <p className="console-muted">
          可设置小标题、加粗、斜体、列表和链接，{`可插入PNG、JPG、GIF或WebP图片（每张不超过${ARTICLE_PICTURE_MAX_BYTES / 1024 / 1024}MB）；`}脚本、外站图片等不安全的内容保存时会被自动清除。
        </p>
      </div>
      {problem && (
        <p className="console-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="console-actions article-form__actions">
        <Button color="primary" fill={published ? 'solid' : 'outline'} loading={busy} disabled={busy} onClick={() => void run(save, '保存成功')}>
          {published ? '保存修改' : '保存草稿'}
        </Button>
        {!published && (
          <Button color="primary" loading={busy} disabled={busy} onClick={() => void confirmPublish()}>
            发布
          </Button>
        )}
        {published && saved && (
          <Button color="warning" fill="outline" disabled={busy} onClick={() => void run(() => publishArticle(saved.id, false), '已撤回为草稿')}>
            撤回为草稿
          </Button>
        )}
        <Button fill="outline" disabled={busy} onClick={() => setPreviewing(true)}>
          预览
        </Button>
        {saved && (
          <Button color="danger" fill="none" disabled={busy} onClick={() => void remove()}>
            删除
          </Button>
        )}
      </div>
      <ArticlePreview visible={previewing} type={type} title={title} content={content} onClose={() => setPreviewing(false)} />
    </section>
  );
}

/** 新建/编辑文章: one article of any of the five types, its draft, publishing and withdrawal. */
export function ArticleEditPage() {
  const { id = 'new' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isNew = id === 'new';
  const loaded = useConsoleRemote(() => (isNew ? Promise.resolve(null) : loadArticle(id)), [id]);
  const [latest, setLatest] = useState<ConsoleArticle | null>(null);
  const saved = latest && (isNew || latest.id === id) ? latest : (!loaded.loading && loaded.data) || null;
  // A new article once saved has an address of its own; later saves change it rather than make another.
  useEffect(() => {
    if (isNew && latest) navigate(href(paths.content.article, { id: latest.id }), { replace: true });
  }, [isNew, latest, navigate]);
  const queryType = params.get('type');
  const initialType = (ARTICLE_TYPES as readonly string[]).includes(queryType ?? '') ? (queryType as ArticleType) : 'article';
  const backToList = () => navigate(paths.content.articles);

  return (
    <ConsolePage className="articles-page" title={isNew ? '新建文章' : '编辑文章'} onBack={backToList}>
      {loaded.loading && <LoadingState />}
      <LoadFailure loaded={loaded} missing="未找到该文章，可能已被删除" onBack={backToList} />
      {(saved || (isNew && !loaded.loading)) && <ArticleForm saved={saved} initialType={initialType} onSaved={setLatest} />}
    </ConsolePage>
  );
}
export { ArticleEditPage as Component };
