import { ARTICLE_TYPE_NAMES, type ArticleType } from '@hall/api/browser';
import { Button, Popup } from 'antd-mobile';

/** The citizen's article page in a phone's width: its look, so the preview reads as the citizen will read it. */
const PAGE_STYLE = `body{margin:0;padding:16px;font:16px/1.7 -apple-system,'PingFang SC','Noto Sans CJK SC',sans-serif;color:#1f2d3d;background:#fff}
h1{font-size:20px;line-height:1.4;margin:0 0 8px}.meta{color:#5c6470;font-size:13px;margin:0 0 16px}img{max-width:100%;height:auto}a{color:#1677ff}`;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * 预览: the article as the citizen will see it, before it is saved or published. It is drawn in a
 * sandboxed frame (no scripts, so nothing in it can reach the console), since the body is the editor's
 * HTML as typed. It keeps the console's origin only so the hall's pictures load (the hall serves files
 * to its own origin alone); without scripts that origin gives the body nothing.
 */
export function ArticlePreview({ visible, type, title, content, onClose }: { visible: boolean; type: ArticleType; title: string; content: string; onClose: () => void }) {
  const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>${PAGE_STYLE}</style></head><body><h1>${escapeText(title || '（未填写标题）')}</h1><p class="meta">${ARTICLE_TYPE_NAMES[type]}</p>${content}</body></html>`;
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="article-preview" destroyOnClose>
      <h2 className="article-preview__title">预览（市民看到的样子）</h2>
      <iframe className="article-preview__frame" title="文章预览" sandbox="allow-same-origin" srcDoc={page} />
      <div className="console-actions">
        <Button block onClick={onClose}>
          关闭预览
        </Button>
      </div>
    </Popup>
  );
}
