import { NO_DATA_MESSAGE, webstateOk } from '@hall/api/browser';
import { feedbackStatus } from '@hall/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { EmptyWithStep } from '../../components/empty-with-step';
import { RatingEntry } from '../../components/rating-entry';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useAlertOnce } from '../../lib/use-alert-once';
import { useRatingStates } from '../../lib/use-rating-states';
import { useRemote, NotFoundError } from '@hall/app';
import { useSession } from '../../stores/session';
import './feedback.css';

/** /feedBackDetail?id: the citizen's text and the hall's reply. */
export function FeedbackDetailPage() {
  const id = useSearchParams()[0].get('id') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const item = useRemote(async () => {
    if (!id) throw new NotFoundError(NO_DATA_MESSAGE);
    const reply = await api.getFeedBack({ openid, id });
    if (!webstateOk(reply) || !reply.data) throw new NotFoundError(reply.errmsg || reply.msg || NO_DATA_MESSAGE);
    return reply.data;
  }, [id, openid]);

  // No such item (or not the citizen's): the spec's alert 查询无数据.
  const noData = item.failure?.kind === 'not-found';
  useAlertOnce(noData ? item.error : null);

  const data = item.data;
  const waiting = data ? feedbackStatus(data.status) === 'waiting' : false;
  const reply = data ? data.replycontent || data.fknrstr : '';
  // Asked once the feedback is read: the server says whether it is answered and may be rated.
  const asked = useMemo(() => (data ? [id] : undefined), [data, id]);
  const rating = useRatingStates('feedback', asked, (serviceId) => serviceId).get(id);

  return (
    <HallPage title="反馈详情" backTo={paths.feedBackList} className="hall-feedback">
      {item.loading && !data ? (
        <LoadingState />
      ) : noData ? (
        <EmptyWithStep description={item.error} step="返回反馈列表" to={paths.feedBackList} replace />
      ) : item.error ? (
        <ErrorState message={item.error} onRetry={() => void item.reload()} />
      ) : data ? (
        <>
          <section className="hall-card" aria-labelledby="feedback-mine">
            <div className="hall-feedback-detail__head">
              <h2 id="feedback-mine" className="hall-card__title">
                反馈内容
              </h2>
              <span className={waiting ? 'hall-feedback-status is-waiting' : 'hall-feedback-status is-replied'}>{waiting ? '待回复' : '已回复'}</span>
            </div>
            <p className="hall-feedback-detail__text">{data.yjnrstr}</p>
            <dl className="hall-feedback-detail__meta">
              <dt>提交时间</dt>
              <dd>{data.tjsj}</dd>
            </dl>
          </section>
          <section className="hall-card" aria-labelledby="feedback-reply">
            <h2 id="feedback-reply" className="hall-card__title">
              回复内容
            </h2>
            {reply ? <p className="hall-feedback-detail__text">{reply}</p> : <p className="hall-feedback-detail__text is-empty">暂无回复</p>}
            <dl className="hall-feedback-detail__meta">
              <dt>回复时间</dt>
              <dd>{data.fksj || '—'}</dd>
            </dl>
          </section>
          {/* 好差评: an answered feedback is a finished service its citizen may rate; the server says whether it may be rated now. */}
          <RatingEntry kind="feedback" serviceId={id} state={rating} />
        </>
      ) : null}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { FeedbackDetailPage as Component };
