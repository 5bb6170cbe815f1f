import { DOWNLOAD_ALIAS_MAX_LENGTH, DOWNLOAD_FILE_MAX_BYTES, DOWNLOAD_FILE_TOO_LARGE, type ConsoleDownload } from '@hall/api/browser';
import { submitWithFeedback } from '@hall/app';
import { Button } from 'antd-mobile';
import { Input } from '@hall/ui';
import { useState } from 'react';
import { FormError } from '../../../components/form-submit';
import { api } from '../../../lib/hall';
import { dataOrThrow, refusalOf } from '../shared/content-api';
import { FilePicker } from '../shared/file-picker';
import { useContentList } from '../shared/use-list-actions';
import { LoadStatus } from '../../../components/load-status';
import '../shared/content-forms.css';
import '../banners/banners.css';
import { ConsolePage } from '../../../components/console-page';

const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx';

/** Sends one file; a file over the cap is refused before it is sent. Answers null when done, else what to do. */
async function sendFile(file: File, fileAlias: string, id?: string): Promise<string | null> {
  if (file.size > DOWNLOAD_FILE_MAX_BYTES) return DOWNLOAD_FILE_TOO_LARGE;
  return refusalOf(await api.uploadConsoleDownload({ ...(id ? { id } : {}), fileAlias, Filedata: file }), '上传失败，请稍后重试');
}

/** 新增文件: a title and a file; the title stays typed whatever goes wrong. */
function NewDownload({ onAdded }: { onAdded: () => Promise<unknown> }) {
  const [alias, setAlias] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function upload(file: File) {
    if (!alias.trim()) return setProblem('请先填写文件标题，再选择文件');
    setBusy(true);
    setProblem(null);
    if (await submitWithFeedback(() => sendFile(file, alias), { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem })) {
      setAlias('');
      await onAdded();
    }
  }
  return (
    <section className="console-section" aria-label="新增文件">
      <h2>
        <label htmlFor="download-alias">新增文件</label>
      </h2>
      <Input id="download-alias" className="content-field" placeholder="文件标题，如：不动产登记申请书" value={alias} onChange={setAlias} maxLength={DOWNLOAD_ALIAS_MAX_LENGTH} />
      <p className="console-muted">PDF、Word或Excel文件，不超过{DOWNLOAD_FILE_MAX_BYTES / 1024 / 1024}MB；市民看到的文件名即所选文件的名称。</p>
      <FormError message={problem} />
      <div className="console-actions">
        <FilePicker busy={busy} label="选择文件并上传" accept={ACCEPT} ariaLabel="选择要上传的文件" onFile={(file) => void upload(file)} />
      </div>
    </section>
  );
}

/** 资料下载: the forms citizens download; upload, replace a file, remove (docs/architecture.md §6). */
export function DownloadsPage() {
  const { loaded, items, busy, act, remove } = useContentList(async () => dataOrThrow(await api.listConsoleDownloads({})).items);
  const replace = (item: ConsoleDownload, file: File) => void act(() => sendFile(file, item.fileAlias, item.id), '文件已替换');
  return (
    <ConsolePage className="content-page" title="资料下载" onRefresh={loaded.reload}>
      <NewDownload onAdded={loaded.reload} />
      <LoadStatus loaded={loaded} />
      {items && (
        <ul className="console-list" aria-label="下载文件">
          {items.map((item) => (
            <li key={item.id} className="content-card">
              <div className="content-card__body">
                <span className="console-item__title">{item.fileAlias}</span>
                <span className="content-card__line">
                  文件：{item.fileName}（{Math.max(1, Math.round(item.size / 1024))} KB）
                </span>
                <div className="content-card__actions">
                  <a className="adm-button adm-button-mini adm-button-default" href={item.url} download>
                    下载查看
                  </a>
                  <label className="banner-upload">
                    替换文件
                    <input
                      type="file"
                      accept={ACCEPT}
                      aria-label={`替换${item.fileAlias}的文件`}
                      disabled={busy}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        event.target.value = '';
                        if (file) replace(item, file);
                      }}
                    />
                  </label>
                  <Button size="mini" color="danger" fill="outline" disabled={busy} onClick={() => void remove(item.fileAlias, () => api.deleteConsoleDownload({ id: item.id }))}>
                    删除
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}
export { DownloadsPage as Component };
