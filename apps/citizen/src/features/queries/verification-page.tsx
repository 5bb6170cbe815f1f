import { SIGNATURE_UPLOAD_SUCCESS, SessionLostError, replyMessage, stateOk, type QueryRecordDetail } from '@hall/api/browser';
import { QUERY_STATE_FOUND, QUERY_STATE_NOT_FOUND, VALIDATION_MESSAGES, isSignatureVerdict, validateSignatureUpload } from '@hall/domain';
import { showAlert, showConfirm } from '@hall/ui';
import { Button } from 'antd-mobile';
import { CloseCircleFill, FileOutline, UploadOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FormIntro } from '../../components/form-card';
import { HallPage } from '../../components/hall-page';
import { HistoryLink } from '../../components/history-link';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';
import { VerdictBadge } from './verdict-badge';
import './queries.css';

export const CONFIRM_UPLOAD = '确定提交文件?';
const NO_FILE = '请选择要上传的pdf文件';
const UPLOAD_FAILED = '上传失败，请稍后重试';
const CHECKING = '正在验签，请稍候…';
const STILL_CHECKING = '验签仍在进行中，结果稍后可在验签记录中查看';
/** The check runs in the background: the page asks this often, this many times, for its outcome. */
const RESULT_POLL_MS = 1000;
const RESULT_POLL_TIMES = 30;
const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** What the page shows of the file just sent: its upload message while checking, then the verdict and what it means. */
type CheckState = { phase: 'checking'; message: string } | { phase: 'done'; record: QueryRecordDetail } | { phase: 'waiting'; message: string };

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
  // A hall that verifies OFD e-licences says so in its app info; the server checks the file all the same.
  const allowOfd = useSession((s) => s.appInfo?.verifyOfd === true);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [check, setCheck] = useState<CheckState | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  /** Asks for the record until the check has ended, so its outcome shows here and not only in the records. */
  async function awaitOutcome(id: string, uploaded: string) {
    setCheck({ phase: 'checking', message: uploaded });
    for (let attempt = 0; attempt < RESULT_POLL_TIMES && mounted.current; attempt += 1) {
      await wait(RESULT_POLL_MS);
      try {
        const reply = await api.verifyQuery({ code: id });
        const state = String(reply.data?.state ?? '');
        if (stateOk(reply) && reply.data && (state === QUERY_STATE_FOUND || state === QUERY_STATE_NOT_FOUND)) {
          if (mounted.current) setCheck({ phase: 'done', record: reply.data });
          return;
        }
      } catch (error) {
        if (error instanceof SessionLostError) throw error;
        // A passing network fault: ask again.
      }
    }
    if (mounted.current) setCheck({ phase: 'waiting', message: STILL_CHECKING });
  }

  function clear() {
    setFile(null);
    if (input.current) input.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return;
    const problem = validateSignatureUpload({ fileName: chosen.name, size: chosen.size, allowOfd });
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
    const problem = validateSignatureUpload({ fileName: file.name, size: file.size, allowOfd });
    if (problem) {
      await showAlert(problem);
      return;
    }
    if (!(await showConfirm(CONFIRM_UPLOAD))) return;
    setSending(true);
    setCheck(null);
    const xzqdm = user?.XZQDM || hallRegion;
    let message = SIGNATURE_UPLOAD_SUCCESS;
    let recordId = '';
    const sent = await submitWithFeedback(
      async () => {
        const xzqmc = xzqdm ? await cityName(user?.openid ?? '', xzqdm) : undefined;
        const reply = await api.getDzzzyqUpload({ openid: user?.openid, xzqdm: xzqdm || undefined, xzqmc, Filedata: file });
        if (!stateOk(reply)) return replyMessage(reply, UPLOAD_FAILED);
        message = reply.msg || SIGNATURE_UPLOAD_SUCCESS;
        recordId = reply.data?.ID ?? '';
        return null;
      },
      { loading: '上传中', onSettled: () => setSending(false) },
    );
    if (!sent) return;
    clear();
    if (recordId) await awaitOutcome(recordId, message);
    else await showAlert(message);
  }

  return (
    <HallPage title="电子证照验签" className="hall-query hall-verification">
      <FormIntro>上传电子证照{allowOfd ? 'PDF或OFD' : 'PDF'}文件，系统将校验文件中的电子签章是否有效，验签结果可在“验签记录”中查看。</FormIntro>
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
          accept={allowOfd ? '.pdf,.ofd,application/pdf,application/ofd' : '.pdf,application/pdf'}
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
            <span className="hall-verification__picker-text">{allowOfd ? '点击选择PDF或OFD文件' : '点击选择PDF文件'}</span>
            <span className="hall-verification__picker-hint">
              {allowOfd ? '仅支持pdf、ofd格式' : '仅支持pdf格式'}，{VALIDATION_MESSAGES.uploadTooLarge}
            </span>
          </label>
        )}
      </section>
      {check ? <CheckResult check={check} /> : null}
      <div className="hall-query__actions">
        <Button block color="primary" size="large" loading={sending} disabled={sending || check?.phase === 'checking'} onClick={() => void submit()}>
          提交验签
        </Button>
      </div>
      <HistoryLink to={paths.dzzzverificationrecord} label="验签记录" className="hall-query__history" />
    </HallPage>
  );
}

/** An OFD e-licence's own description (its pages are not drawn here): title, author, date, pages. */
function DocumentFacts({ document }: { document: unknown }) {
  if (!document || typeof document !== 'object') return null;
  const facts = document as { title?: unknown; author?: unknown; createdOn?: unknown; pages?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value ? value : '未注明');
  return (
    <p className="hall-verification__result-text">
      文档标题：{text(facts.title)}；作者：{text(facts.author)}；创建日期：{text(facts.createdOn)}；共{typeof facts.pages === 'number' ? facts.pages : 0}页
    </p>
  );
}

function CheckResult({ check }: { check: CheckState }) {
  const record = check.phase === 'done' ? check.record : null;
  const verdict = record?.result?.verdict;
  const explanation = typeof record?.result?.message === 'string' ? record.result.message : '';
  return (
    <section className="hall-card hall-verification__result" aria-labelledby="verification-result-title" aria-live="polite">
      <h2 id="verification-result-title" className="hall-card__title">
        验签结果
      </h2>
      {record ? (
        <>
          <p className="hall-verification__result-title">
            {String(record.state) === QUERY_STATE_FOUND ? (
              <VerdictBadge verdict={isSignatureVerdict(verdict) ? verdict : undefined} text={record.state_msg} />
            ) : (
              <VerdictBadge verdict={undefined} text="无法验签" />
            )}
          </p>
          <p className="hall-verification__result-text">{explanation || record.state_msg}</p>
          {record.filename ? <p className="hall-verification__result-text">文件名称：{record.filename}</p> : null}
          <DocumentFacts document={record.result?.document} />
        </>
      ) : check.phase === 'done' ? null : (
        <p className="hall-verification__result-text" role="status">
          {check.phase === 'checking' ? `${check.message}。${CHECKING}` : check.message}
        </p>
      )}
    </section>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { VerificationPage as Component };
