import type { RatingState } from '@hall/api/browser';
import { FOLLOW_UP_STATES, RATING_ENTRY_LABELS, isLowRating, type RatedServiceKind } from '@hall/domain';
import { Link } from 'react-router';
import { href, paths } from '../config/paths';
import './rating-entry.css';

/**
 * 好差评 where a finished service is shown: 去评价 while the server says it may be rated and it never
 * was; once rated, 已评价 with the grade and the follow-up's deadline or answer, and 再次评价 when the
 * answer invites it. Nothing for a service not finished (or a state not known).
 */
export function RatingEntry({ kind, serviceId, state, className }: { kind: RatedServiceKind; serviceId: string; state: RatingState | undefined; className?: string }) {
  if (!state || (!state.canRate && !state.latest)) return null;
  const latest = state.latest;
  const followUp = latest?.followUp;
  const action = state.canRate ? (latest ? RATING_ENTRY_LABELS.rateAgain : RATING_ENTRY_LABELS.rate) : RATING_ENTRY_LABELS.view;
  return (
    <div className={`hall-rating-entry${className ? ` ${className}` : ''}`} role="group" aria-label="服务评价">
      <div className="hall-rating-entry__state">
        {latest ? (
          <p className="hall-rating-entry__rated">
            {RATING_ENTRY_LABELS.rated}
            <span className={isLowRating(latest.grade) ? 'hall-rating-entry__grade is-low' : 'hall-rating-entry__grade'}>{latest.gradeLabel}</span>
          </p>
        ) : (
          <p className="hall-rating-entry__invite">服务已办结，欢迎评价</p>
        )}
        {followUp ? <p className="hall-rating-entry__follow-up">{followUp.answer ? `整改答复：${followUp.answer}` : `${FOLLOW_UP_STATES.open}，工作人员将于${followUp.dueOn}前答复`}</p> : null}
      </div>
      <Link className={`hall-rating-entry__action${state.canRate ? ' is-primary' : ''}`} to={href(paths.rate, { kind, id: serviceId })}>
        {action}
      </Link>
    </div>
  );
}
