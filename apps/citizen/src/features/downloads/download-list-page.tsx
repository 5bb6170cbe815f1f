import { errcodeOk, errcodeEmpty, EMPTY_LIST_MESSAGE } from '@hall/api/browser';
import { ListPage } from '@hall/ui';
import { Button } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, useRemote } from '@hall/app';
import { startDownload, WECHAT_DOWNLOAD_HINT } from '../../lib/wechat-download';
import { isWechatBrowser } from '../../lib/landing';
import { useSession } from '../../stores/session';
import './downloads.css';

interface Loaded {
  items: { id: string; title: string; description: string; url: string }[];
  /** The server's errmsg for the empty row (暂无相关数据); null when there are files. */
  empty: string | null;
}

/**
 * /zlxz (资料下载): a search box, the files of the citizen's district five a page (the pager only
 * above 5), a tap downloads the file; inside WeChat a hint says to open the browser (spec part 3 §2.19).
 */
export function DownloadListPage() {
  const xzqdm = useSession((s) => s.user?.XZQDM) ?? '';
  // The search lives in the address, so back from a download keeps it.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const files = useRemote(async (): Promise<Loaded> => {
    const reply = await api.getZlxzList({ xzqdm: xzqdm || undefined, searchValue: search || undefined });
    if (errcodeOk(reply) && reply.data && reply.data.length > 0) {
      return { items: reply.data.map((file) => ({ id: file.fileName, title: file.fileAlias, description: file.fileName, url: file.url })), empty: null };
    }
    if (errcodeEmpty(reply)) return { items: [], empty: reply.errmsg || EMPTY_LIST_MESSAGE };
    throw new Error(reply.errmsg || LOAD_FAILED_TRY_LATER);
  }, [xzqdm, search]);

  return (
    <HallPage title="资料下载" className="hall-downloads">
      {isWechatBrowser() ? <p className="hall-downloads__hint">{WECHAT_DOWNLOAD_HINT}</p> : null}
      {files.loading && !files.data ? (
        <LoadingState />
      ) : files.error ? (
        <ErrorState message={files.error} onRetry={() => void files.reload()} />
      ) : (
        <ListPage
          key={search}
          title="资料下载"
          items={files.data?.items ?? []}
          defaultSearchValue={search}
          searchPlaceholder="请输入文件名称"
          onSearch={(value) => setParams(value ? { q: value } : {}, { replace: true })}
          onItemClick={(item) => void startDownload(item.url)}
          emptyText={
            <span className="hall-downloads__empty">
              {files.data?.empty ?? EMPTY_LIST_MESSAGE}
              {search ? (
                <Button size="small" onClick={() => setParams({}, { replace: true })}>
                  查看全部
                </Button>
              ) : null}
            </span>
          }
        />
      )}
      {files.data && files.data.items.length > 0 ? (
        <p className="hall-downloads__note">
          <DownlandOutline aria-hidden /> 点击文件即可下载，共 {files.data.items.length} 个文件
        </p>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { DownloadListPage as Component };
