import { showAlert } from '@hall/ui';
import { isWechatBrowser } from './landing';

/** Downloads are blocked inside WeChat: the file must be opened in the phone's own browser (docs/architecture.md §14). */
export const WECHAT_DOWNLOAD_HINT = '请点击右上角，选择"在浏览器打开"以下载';

/** Starts a download of an address the server answers as an attachment; inside WeChat shows the hint instead. */
export async function startDownload(url: string): Promise<void> {
  if (isWechatBrowser()) {
    await showAlert(WECHAT_DOWNLOAD_HINT);
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
