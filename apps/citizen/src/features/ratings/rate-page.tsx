import { errcodeOk, replyMessage, type ServiceRatings } from '@hall/api/browser';
import { RATED_SERVICES, RATING_COMMENT_MAX_LENGTH, RATING_GRADES, RATING_MESSAGES, RATING_REASONS, isLowRating, type RatedServiceKind } from '@hall/domain';
import { NotFoundError, submitWithFeedback, useRemote } from '@hall/app';
import { showToast, showWarning } from '@hall/ui';
import { Button, Checkbox, Radio, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteView } from '../../components/remote-view';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useSession } from '../../stores/session';
import { RatingCard } from './rating-card';
import './ratings.css';

const SAVE_FAILED = '评价提交失败，请稍后再试';

function kindOf(value: string | null): RatedServiceKind | null {
  return value && value in RATED_SERVICES ? (value as RatedServiceKind) : null;
}

/**
 * /rate?kind=&id=: 好差评 of one finished service of the citizen: the ratings given, the follow-up's
 * deadline or answer, and the form while the service may be rated (first, or again after the answer).
 */
export function RatePage() {
  const [params] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const serviceId = params.get('id') ?? '';
  const openid = useSession((s) => s.user?.openid ?? '');
  const remote = useRemote(async () => {
    if (!kind || !serviceId) throw new NotFoundError(RATING_MESSAGES.notYours);
    const reply = await api.getServiceRatings({ openid, kind, serviceId });
    if (!errcodeOk(reply) || !reply.data) throw new NotFoundError(replyMessage(reply, RATING_MESSAGES.notYours));
    return reply.data;
  }, [kind, serviceId, openid]);

  return (
    <HallPage title="服务评价" backTo={paths.myRatings} className="hall-rate">
      <RemoteView remote={remote}>
        {(data) => (
          <>
            {data.ratings.map((rating) => (
              <RatingCard key={rating.id} rating={rating} />
            ))}
            {data.canRate && kind ? (
              <RatingForm kind={kind} serviceId={serviceId} again={data.ratings.length > 0} onSaved={() => void remote.reload()} />
            ) : data.ratings.length === 0 ? (
              <p className="hall-note hall-rate__note">{RATING_MESSAGES.notFinished}</p>
            ) : null}
          </>
        )}
      </RemoteView>
    </HallPage>
  );
}

function RatingForm({ kind, serviceId, again, onSaved }: { kind: RatedServiceKind; serviceId: string; again: boolean; onSaved: (data: ServiceRatings) => void }) {
  const openid = useSession((s) => s.user?.openid ?? '');
  const [grade, setGrade] = useState<number | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const low = grade !== null && isLowRating(grade);

  async function submit() {
    if (grade === null) return void (await showWarning(RATING_MESSAGES.gradeRequired));
    if (low && reasons.length === 0) return void (await showWarning(RATING_MESSAGES.reasonsRequired));
    setSending(true);
    let saved: ServiceRatings | null = null;
    const ok = await submitWithFeedback(
      async () => {
        const reply = await api.rateService({ openid, kind, serviceId, grade, comment: comment.trim(), reasons: low ? (reasons as (typeof RATING_REASONS)[number][]) : [] });
        if (!errcodeOk(reply) || !reply.data) return replyMessage(reply, SAVE_FAILED);
        saved = reply.data;
        return null;
      },
      { loading: '提交中', networkFailure: SAVE_FAILED, onSettled: () => setSending(false) },
    );
    if (!ok || !saved) return;
    showToast(RATING_MESSAGES.saved);
    onSaved(saved);
  }

  return (
    <section className="hall-card hall-rate__form" aria-labelledby="rate-title">
      <h2 id="rate-title" className="hall-card__title">
        {again ? '请再次评价本次服务' : '请评价本次服务'}
      </h2>
      <Radio.Group value={grade ?? undefined} onChange={(value) => setGrade(Number(value))}>
        <div className="hall-rate__grades" role="radiogroup" aria-label="评价等级">
          {RATING_GRADES.map((g) => (
            <Radio key={g.grade} value={g.grade} className="hall-rate__grade">
              {g.label}
            </Radio>
          ))}
        </div>
      </Radio.Group>
      {low ? (
        <fieldset className="hall-rate__reasons">
          <legend className="hall-rate__legend">请勾选不满意的原因（可多选）</legend>
          <Checkbox.Group value={reasons} onChange={(values) => setReasons(values as string[])}>
            {RATING_REASONS.map((reason) => (
              <Checkbox key={reason} value={reason} className="hall-rate__reason">
                {reason}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </fieldset>
      ) : null}
      <label htmlFor="rate-comment" className="hall-rate__legend">
        评价内容（选填）
      </label>
      <TextArea id="rate-comment" className="hall-rate__comment" placeholder="请输入您的意见或建议" value={comment} onChange={setComment} maxLength={RATING_COMMENT_MAX_LENGTH} rows={4} showCount />
      <Button block color="primary" size="large" loading={sending} onClick={() => void submit()}>
        提交评价
      </Button>
    </section>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { RatePage as Component };
