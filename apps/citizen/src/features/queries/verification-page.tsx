import { SIGNATURE_UPLOAD_SUCCESS, SessionLostError, replyMessage, stateOk } from '@hall/api/browser';
import { VALIDATION_MESSAGES, validateSignatureUpload } from '@hall/domain';
import { showAlert, showConfirm } from '@hall/ui';
import { Button } from 'antd-mobile';
import { CloseCircleFill, FileOutline, UploadOutline } from 'antd-mobile-icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormIntro } from '../../components/form-card';
import { HallPage } from '../../components/hall-page';
import { HistoryLink } from '../../components/history-link';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';
import './queries.css';

export const CONFIRM_UPLOAD = '确定提交文件?';
const NO_FILE = '请选择要上传的pdf文件';
const UPLOAD_FAILED = '上传失败，请稍后重试';

/** The name of the citizen's city among the hall's query cities; the upload goes without it when unknown. */
async function cityName(openid: string, xzqdm: string): Promise<string | undefined> {
  try {
    const reply = await api.certificateCity({ openid });
    return reply.data?.xzqs.find((city) => city.xzqBm === xzqdm)?.xzqMc;
  } catch (error) {
    if (error instanceof SessionLostError) throw error;
    return undefined;
  }
}

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** /dzzzverification: upload a PDF to verify its electronic signature; the outcome is listed in the records. */
export function VerificationPage() {
  const user = useSession((s) => s.user);
  const hallRegion = useSession((s) => s.appInfo?.xzqdm ?? '');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);

  function clear() {
    setFile(null);
    if (input.current) input.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    const problem = validateSignatureUpload({ fileName: chosen.name, size: chosen.size });
    if (problem) {
      clear();
      void showAlert(problem);
      return;
    }
    setFile(chosen);
  }

  async function submit() {
    if (!file) {
      await showAlert(NO_FILE);
      return;
    }
    const problem = validateSignatureUpload({ fileName: file.name, size: file.size });
    if (problem) {
      await showAlert(problem);
      return;
    }
    if (!(await showConfirm(CONFIRM_UPLOAD))) return;
    setSending(true);
    const xzqdm = user?.XZQDM || hallRegion;
    let message = SIGNATURE_UPLOAD_SUCCESS;
    const sent = await submitWithFeedback(
      async () => {
        const xzqmc = xzqdm ? await cityName(user?.openid ?? '', xzqdm) : undefined;
        const reply = await api.getDzzzyqUpload({ openid: user?.openid, xzqdm: xzqdm || undefined, xzqmc, Filedata: file });
        if (!stateOk(reply)) return replyMessage(reply, UPLOAD_FAILED);
        message = reply.msg || SIGNATURE_UPLOAD_SUCCESS;
        return null;
      },
      { loading: '上传中', onSettled: () => setSending(false) },
    );
    if (!sent) return;
    clear();
    await showAlert(message);
    navigate(paths.dzzzverificationrecord);
  }

  return (
    <HallPage title="电子证照验签" className="hall-query hall-verification">
      <FormIntro>上传电子证照PDF文件，系统将校验文件中的电子签章是否有效，验签结果可在“验签记录”中查看。</FormIntro>
      <section className="hall-card" aria-labelledby="verification-file-title">
        <h2 id="verification-file-title" className="hall-card__title">
          选择文件
        </h2>
        <input
          ref={input}
          id="verification-file"
          className="hall-visually-hidden"
          type="file"
          aria-labelledby="verification-file-title"
          accept=".pdf,application/pdf"
          onChange={choose}
          disabled={sending}
        />
        {file ? (
          <div className="hall-verification__file">
            <FileOutline className="hall-verification__file-icon" aria-hidden />
            <div className="hall-verification__file-body">
              <span className="hall-verification__file-name">{file.name}</span>
              <span className="hall-verification__file-size">{fileSize(file.size)}</span>
            </div>
            <button type="button" className="hall-verification__remove" aria-label="移除文件" onClick={clear} disabled={sending}>
              <CloseCircleFill aria-hidden />
            </button>
          </div>
        ) : (
          <label htmlFor="verification-file" className="hall-verification__picker">
            <UploadOutline className="hall-verification__picker-icon" aria-hidden />
            <span className="hall-verification__picker-text">点击选择PDF文件</span>
            <span className="hall-verification__picker-hint">仅支持pdf格式，{VALIDATION_MESSAGES.uploadTooLarge}</span>
          </label>
        )}
      </section>
      <div className="hall-query__actions">
        <Button block color="primary" size="large" loading={sending} disabled={sending} onClick={() => void submit()}>
          提交验签
        </Button>
      </div>
      <HistoryLink to={paths.dzzzverificationrecord} label="验签记录" className="hall-query__history" />
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { VerificationPage as Component };
