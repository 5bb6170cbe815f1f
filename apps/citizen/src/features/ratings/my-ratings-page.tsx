import { errcodeOk, replyMessage } from '@hall/api/browser';
import { useRemote } from '@hall/app';
import { EmptyState } from '@hall/ui';
import { Link } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useSession } from '../../stores/session';
import { RatingCard } from './rating-card';
import './ratings.css';

/** /myRatings (我的评价): every rating of the citizen, newest first, with the follow-ups' answers. */
export function MyRatingsPage() {
  const openid = useSession((s) => s.user?.openid ?? '');
  const remote = useRemote(async () => {
    const reply = await api.getMyRatings({ openid });
    if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, '我的评价加载失败，请稍后再试'));
    return reply.data.ratings;
  }, [openid]);

  return (
    <HallPage title="我的评价" backTo={paths.my} className="hall-rate">
      <RemoteList remote={remote} empty={<EmptyState description="暂无评价。事项办结后，可在“我的申请”、“意见反馈”等处评价。" fullPage />}>
        {(items) => (
          <ul className="hall-rate__list" aria-label="我的评价">
            {items.map((rating) => (
              <li key={rating.id}>
                <Link className="hall-rate__link" to={href(paths.rate, { kind: rating.kind, id: rating.serviceId })}>
                  <RatingCard rating={rating} showService />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { MyRatingsPage as Component };
