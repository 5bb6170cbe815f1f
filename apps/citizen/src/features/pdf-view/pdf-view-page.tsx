import { replyMessage, stateOk } from '@hall/api/browser';
import { submitWithFeedback } from '@hall/app';
import { EmptyState } from '@hall/ui';
import { Button, NoticeBar } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { isWechatBrowser } from '../../lib/landing';
import { WECHAT_DOWNLOAD_HINT } from '../../lib/wechat-download';
import { api } from '../../lib/api';

const DOWNLOAD_LINK_FAILED = '下载链接生成失败，请稍后再试';
import { PdfPages } from './pdf-pages';
import './pdf-view.css';

/** Downloads are blocked inside WeChat: the file must be opened in the phone's own browser. */

/** The file address when it is one of the hall's own (a path on this origin); null otherwise. */
function hallFileUrl(value: string | null): string | null {
  const text = (value ?? '').trim();
  if (!text.startsWith('/') || text.startsWith('//') || text.includes('\\')) return null;
  try {
    const url = new URL(text, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/**
 * Inside WeChat, which downloads nothing: a signed link to this one file (10 minutes, once) that the
 * phone's own browser opens without signing in. The page it shows says how: 右上角, 在浏览器打开.
 */
async function openDownloadLink(url: string): Promise<void> {
  let link: string | null = null;
  await submitWithFeedback(
    async () => {
      const reply = await api.downloadLink({ PDFurl: url });
      if (!stateOk(reply) || !reply.data) return replyMessage(reply, DOWNLOAD_LINK_FAILED);
      link = reply.data.url;
      return null;
    },
    { loading: '正在生成下载链接' },
  );
  if (link) window.location.assign(link);
}

/** /PDFview?PDFurl=: a PDF of the hall (a certificate proof, a licence, an uploaded file), page by page. */
export function PdfViewPage() {
  const [params] = useSearchParams();
  const url = hallFileUrl(params.get('PDFurl'));
  const inWechat = isWechatBrowser();

  const download = url ? (
    inWechat ? (
      <Button block color="primary" size="large" onClick={() => void openDownloadLink(url)}>
        <DownlandOutline /> 下载文件
      </Button>
    ) : (
      <a className="hall-pdf__download" href={url} download="">
        <DownlandOutline aria-hidden /> 下载文件
      </a>
    )
  ) : undefined;

  return (
    <HallPage title="文件预览" className="hall-pdf" footer={download ? <div className="hall-pdf__footer">{download}</div> : undefined}>
      {inWechat && url ? <NoticeBar className="hall-pdf__hint" content={WECHAT_DOWNLOAD_HINT} color="info" wrap /> : null}
      {url ? <PdfPages url={url} /> : <EmptyState description="未找到要预览的文件" fullPage />}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { PdfViewPage as Component };
