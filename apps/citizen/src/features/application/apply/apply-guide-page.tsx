import { applyCodeDecision, applyNextTarget, isAppointmentApplication, routeHref } from '@hall/domain/internal';
import { ApplySteps, EmptyState, showAlert, showConfirm } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../../components/hall-page';
import { api } from '../../../lib/api';
import { useRemote, submitWithFeedback } from '@hall/app';
import { NO_GUIDE, applyGuide } from '../../../lib/apply-guide';
import { useSession } from '../../../stores/session';
import './apply.css';

export const CONFIRM_APPLY = '确定要申请办理该业务吗？';
const APPLY_FAILED = '申请失败，请稍后重试';

/**
 * The application guide /apply?id&name&djlx&qllx&code&appointment: the business's guide (业务须知,
 * step 1 of the progress bar) and 我要申请, which starts the application and goes to its next screen.
 */
export function ApplyGuidePage() {
  const [params] = useSearchParams();
  const prodefid = params.get('id') ?? '';
  const name = params.get('name') ?? '';
  const djlx = params.get('djlx') ?? '';
  const qllx = params.get('qllx') ?? '';
  const code = params.get('code') ?? undefined;
  // The place chosen at /seladd, kept as the application's 申请地点.
  const xzqdm = params.get('xzqdm') || undefined;
  const appointment = isAppointmentApplication(params.get('appointment')) ? '1' : '0';
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const [applying, setApplying] = useState(false);

  const guide = useRemote(() => applyGuide(prodefid), [prodefid]);

  async function apply() {
    if (!(await showConfirm(CONFIRM_APPLY))) return;
    setApplying(true);
    // The reply is read below whatever it says: the domain decides between going on, an alert and a redirect.
    const answer: { reply?: Awaited<ReturnType<typeof api.getApplyCode>> } = {};
    await submitWithFeedback(
      async () => {
        answer.reply = await api.getApplyCode({ openid, prodefid, name, appointment, xzqdm });
        return null;
      },
      { loading: '提交中', onSettled: () => setApplying(false) },
    );
    const { reply } = answer;
    if (!reply) return;
    const decision = applyCodeDecision(reply.errcode, reply.errmsg);
    if (decision.kind === 'proceed' && reply.data) {
      navigate(routeHref(applyNextTarget({ applicationId: reply.data.proinstid, djlx, qllx, code, appointment })));
      return;
    }
    if (decision.kind === 'alertThenRedirect') {
      await showAlert(decision.message);
      navigate(decision.to);
      return;
    }
    await showAlert((decision.kind === 'alert' && decision.message) || APPLY_FAILED);
  }

  const data = guide.data;
  return (
    <HallPage
      title={name || data?.title || '业务须知'}
      className="hall-apply"
      footer={
        data ? (
          <div className="hall-apply__footer">
            <Button block color="primary" size="large" loading={applying} disabled={applying} onClick={() => void apply()}>
              我要申请
            </Button>
          </div>
        ) : undefined
      }
    >
      <div className="hall-apply__steps">
        <ApplySteps current={1} withRightsInfo={appointment !== '1'} />
      </div>
      {guide.loading && !data ? (
        <LoadingState />
      ) : guide.failure?.kind === 'not-found' ? (
        <EmptyState description={NO_GUIDE} fullPage />
      ) : guide.error ? (
        <ErrorState message={guide.error} onRetry={() => void guide.reload()} />
      ) : data ? (
        <>
          <article className="hall-card hall-apply__guide" aria-labelledby="apply-guide-title">
            <h2 id="apply-guide-title" className="hall-apply__title">
              {data.title}
            </h2>
            {/* Guide HTML is sanitised by the server (allow-listed tags, attributes and URL schemes). */}
            <div className="hall-apply__content" dangerouslySetInnerHTML={{ __html: data.content }} />
          </article>
          {data.cdzmyhxzContent ? (
            <section className="hall-card hall-apply__notice" aria-label="申请须知">
              <div className="hall-apply__content" dangerouslySetInnerHTML={{ __html: data.cdzmyhxzContent }} />
            </section>
          ) : null}
        </>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { ApplyGuidePage as Component };
