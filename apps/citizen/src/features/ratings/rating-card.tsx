import type { RatingView } from '@hall/api/browser';
import { FOLLOW_UP_STATES } from '@hall/domain';

/** One rating as its citizen reads it: the grade, what was said, and the follow-up's deadline or answer. */
export function RatingCard({ rating, showService = false }: { rating: RatingView; showService?: boolean }) {
  const followUp = rating.followUp;
  return (
    <section className="hall-card hall-rating" aria-label={`${rating.round === 1 ? '评价' : '再次评价'}：${rating.gradeLabel}`}>
      {showService ? <h2 className="hall-card__title">{rating.serviceTitle}</h2> : null}
      <div className="hall-rating__head">
        <span className={rating.grade <= 2 ? 'hall-rating__grade is-low' : 'hall-rating__grade'}>{rating.gradeLabel}</span>
        <span className="hall-rating__time">
          {rating.round === 2 ? '再次评价 · ' : ''}
          {rating.ratedAt}
        </span>
      </div>
      {rating.reasons.length ? <p className="hall-rating__reasons">原因：{rating.reasons.join('、')}</p> : null}
      {rating.comment ? <p className="hall-rating__comment">{rating.comment}</p> : null}
      {followUp ? (
        <div className="hall-rating__follow-up" role="group" aria-label="整改答复">
          <p className="hall-rating__follow-up-state">{followUp.answer ? FOLLOW_UP_STATES.answered : `${FOLLOW_UP_STATES.open}，工作人员将于${followUp.dueOn}前答复`}</p>
          {followUp.answer ? (
            <>
              <p className="hall-rating__answer">{followUp.answer}</p>
              <p className="hall-rating__time">答复时间：{followUp.answeredAt}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
