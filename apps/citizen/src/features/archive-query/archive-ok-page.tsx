import { errcodeOk, SessionLostError, replyMessage } from '@hall/api/browser';
import { ARCHIVE_QUERY_MESSAGES, ARCHIVE_QUERY_TITLES } from '@hall/domain';
import { Button, DotLoading, Result } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { NETWORK_ERROR } from '@hall/app';
import { useSession } from '../../stores/session';
import { startArchiveFaceCheck } from './archive-face-check';
import './archive-query.css';

type Outcome =
  | { kind: 'working' }
  | { kind: 'submitted'; sqdh?: string | undefined }
  /** retryBsm: the face check failed, and its checked code still opens a new one. */
  | { kind: 'failed'; title: string; message: string; retryBsm?: string };

const FACE_FAILED = '认证失败';
const REQUEST_FAILED = '提交失败';

/** Face-check returns this page has already settled, by business serial and token: each is used once. */
const settled = new Map<string, Promise<Outcome>>();

async function settle(bsm: string, bizToken: string | undefined, form: Record<string, string>): Promise<Outcome> {
  try {
    const face = await api.setDetectInfo({ bsm, BizToken: bizToken });
    if (!errcodeOk(face)) return { kind: 'failed', title: FACE_FAILED, message: face.errmsg || FACE_FAILED, retryBsm: bsm };
    const reply = await api.sentquerycert({ ...form, bsm });
    if (!errcodeOk(reply)) return { kind: 'failed', title: REQUEST_FAILED, message: replyMessage(reply) };
    return { kind: 'submitted', sqdh: reply.data?.sqdh };
  } catch (error) {
    if (error instanceof SessionLostError) return { kind: 'working' };
    return { kind: 'failed', title: REQUEST_FAILED, message: NETWORK_ERROR };
  }
}

/**
 * /ok (spec part 3 §2.8): where the archive query's face check returns (?bsm, BizToken). The check is
 * settled and the request recorded (the server refuses it without the checked code and a passed face
 * check), then 'result submitted, please wait' and the way to the records, /querycertrecord.
 */
export function ArchiveOkPage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [faceReturn] = useState(() => {
    const params = new URLSearchParams(search);
    return { bsm: params.get('bsm') ?? '', bizToken: params.get('BizToken') ?? undefined };
  });
  const [outcome, setOutcome] = useState<Outcome>(faceReturn.bsm ? { kind: 'working' } : { kind: 'submitted' });
  const openid = user?.openid ?? '';

  useEffect(() => {
    if (!faceReturn.bsm || !user) return;
    const form = { openid, qlrname: user.name, qlrcode: user.CARDNUM, qlrphone: user.PHONE, xzqdm: user.XZQDM, xzqmc: '' };
    const key = `${faceReturn.bsm}:${faceReturn.bizToken ?? ''}`;
    let pending = settled.get(key);
    if (!pending) {
      pending = settle(faceReturn.bsm, faceReturn.bizToken, form);
      settled.set(key, pending);
    }
    let live = true;
    void pending.then((result) => {
      if (live) setOutcome(result);
    });
    // The address keeps no token: a reload shows the records' way, not a second submit.
    navigate(paths.ok, { replace: true });
    return () => {
      live = false;
    };
    // Runs once, on the return from the face check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const records = href(paths.querycertrecord, { openid });

  return (
    <HallPage title={ARCHIVE_QUERY_TITLES.request} backTo={records} className="hall-archive">
      {outcome.kind === 'working' ? (
        <div className="hall-archive__working" role="status" aria-live="polite">
          <DotLoading color="primary" />
          <p>正在提交查档申请…</p>
        </div>
      ) : outcome.kind === 'submitted' ? (
        <Result
          status="success"
          title={ARCHIVE_QUERY_MESSAGES.submitted}
          description={outcome.sqdh ? `申请单号：${outcome.sqdh}。结果返回后可在“${ARCHIVE_QUERY_TITLES.records}”中查看证明。` : `结果返回后可在“${ARCHIVE_QUERY_TITLES.records}”中查看证明。`}
        />
      ) : (
        <Result status="warning" title={outcome.title} description={outcome.message} />
      )}
      {outcome.kind === 'working' ? null : (
        <div className="hall-archive__actions">
          {outcome.kind === 'failed' && outcome.retryBsm ? (
            <Button block color="primary" size="large" onClick={() => void startArchiveFaceCheck({ openid, bsm: outcome.retryBsm!, name: user?.name ?? '', idcard: user?.CARDNUM ?? '' })}>
              重新认证
            </Button>
          ) : outcome.kind === 'failed' ? (
            <Button block color="primary" size="large" onClick={() => navigate(paths.querycert)}>
              重新申请
            </Button>
          ) : (
            <Button block color="primary" size="large" onClick={() => navigate(records)}>
              查看申请记录
            </Button>
          )}
          <Button block fill="outline" size="large" className="hall-archive__secondary" onClick={() => navigate(paths.home)}>
            返回首页
          </Button>
        </div>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ArchiveOkPage as Component };
