import { stateOk } from '@hall/api/browser';
import { SIGNATURE_MESSAGES, isSigned, validateSigning } from '@hall/domain';
import { EmptyState, showAlert } from '@hall/ui';
import { SignaturePad, type SignaturePadHandle } from '@hall/ui/signature-pad';
import { Button } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../../components/hall-page';
import { href, paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useRemote, submitWithFeedback, NotFoundError, recordOf, APPLICATION_NOT_FOUND, APPLICANT_NOT_FOUND } from '@hall/app';
import { useSession } from '../../../stores/session';
import './signing.css';

const ALERT_TITLE = '提示';

/**
 * /userSign?userid&slsqId&djlx&qllx: the applicant signs by hand on a 350×400 pad (spec part 3
 * §2.11). Save stores the PNG against the saved applicant, then 保存成功 and back to the person
 * screen, which shows 已签字 from the server's qzzt. An applicant not saved yet cannot sign.
 */
export function SignPage() {
  const [params] = useSearchParams();
  const applicantId = params.get('userid') ?? '';
  const applicationId = params.get('slsqId') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');

  const remote = useRemote(async () => {
    if (validateSigning({ applicantId })) return null;
    if (!applicationId) throw new NotFoundError(APPLICATION_NOT_FOUND);
    const reply = await api.getApply({ openid, slsqId: applicationId });
    const detail = recordOf(reply, APPLICATION_NOT_FOUND);
    const person = detail.sqrs.find((row) => row.sqr_id === applicantId);
    if (!person) throw new NotFoundError(APPLICANT_NOT_FOUND);
    return { detail, person };
  }, [applicantId, applicationId, openid]);

  return (
    <HallPage title="手写签名" className="hall-sign">
      {remote.loading && remote.data === undefined ? (
        <LoadingState />
      ) : remote.data === null ? (
        <EmptyState description={validateSigning({ applicantId }) ?? ''} fullPage />
      ) : remote.failure?.kind === 'not-found' ? (
        <EmptyState description={remote.error} fullPage />
      ) : remote.error ? (
        <ErrorState message={remote.error} onRetry={() => void remote.reload()} />
      ) : remote.data ? (
        <SignForm
          applicantId={applicantId}
          applicationId={applicationId}
          name={remote.data.person.sqr_name}
          kind={remote.data.person.sqr_lx}
          signed={isSigned(remote.data.person.qzzt)}
          djlx={params.get('djlx') ?? remote.data.detail.proinst.djlx}
          qllx={params.get('qllx') ?? remote.data.detail.proinst.qllx}
        />
      ) : null}
    </HallPage>
  );
}

interface SignFormProps {
  applicantId: string;
  applicationId: string;
  name: string;
  kind: string;
  signed: boolean;
  djlx: string;
  qllx: string;
}

function SignForm({ applicantId, applicationId, name, kind, signed, djlx, qllx }: SignFormProps) {
  const pad = useRef<SignaturePadHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [busy, setBusy] = useState(false);
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();

  async function save() {
    const unsaved = validateSigning({ applicantId });
    if (unsaved) {
      await showAlert(unsaved, { title: ALERT_TITLE });
      return;
    }
    if (!pad.current || pad.current.isEmpty()) {
      await showAlert(SIGNATURE_MESSAGES.empty, { title: ALERT_TITLE });
      return;
    }
    setBusy(true);
    const signature = pad.current.toDataURL();
    const saved = await submitWithFeedback(
      async () => {
        const reply = await api.saveQzxxWx({ openid, id: applicantId, decodeInfo: signature });
        return stateOk(reply) ? null : reply.msg || reply.errmsg || '保存失败';
      },
      { loading: '保存中', onSettled: () => setBusy(false) },
    );
    if (!saved) return;
    await showAlert(SIGNATURE_MESSAGES.saved, { title: ALERT_TITLE });
    navigate(href(paths.infoPerson, { userid: applicantId, slsqId: applicationId, isSign: 'true', iswxjc: 'true', djlx, qllx, shouSignInput: 'true', type: kind }), { replace: true });
  }

  return (
    <div className="hall-sign__body">
      <p className="hall-sign__who">
        签字人：<strong>{name}</strong>
        {signed ? <span className="hall-sign__signed">（已签字，重新签字将替换原签名）</span> : null}
      </p>
      <SignaturePad ref={pad} hint="请在下方区域内签写您的姓名" onEmptyChange={setEmpty} />
      <div className="hall-sign__actions">
        <Button block size="large" disabled={busy || empty} onClick={() => pad.current?.clear()}>
          清除
        </Button>
        <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void save()}>
          保存
        </Button>
      </div>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { SignPage as Component };
