import { webstateOk } from '@hall/api/browser';
import { LIST_PAGE_SIZE, feedbackStatus } from '@hall/domain';
import { EmptyState } from '@hall/ui';
import { AddOutline, CheckCircleFill, ClockCircleFill, RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import '../../components/item-card.css';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { LOAD_FAILED_TRY_LATER, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import type { FeedbackFormState } from './feedback-page';
import './feedback.css';

/** /feedBackList: the citizen's feedback, newest first; the add button opens the form. */
export function FeedbackListPage() {
  const openid = useSession((s) => s.user?.openid ?? '');
  const navigate = useNavigate();
  const list = useRemote(async () => {
    // The list declares page 1 and 15 rows, as the spec says; the server answers the whole list.
    const reply = await api.getFeedBackListPage({ openid, page: 1, rows: LIST_PAGE_SIZE });
    if (!webstateOk(reply) || !reply.data) throw new Error(reply.errmsg || reply.msg || LOAD_FAILED_TRY_LATER);
    return reply.data;
  }, [openid]);

  const add = () => navigate(paths.feedBack, { state: { fromList: true } satisfies FeedbackFormState });

  return (
    <HallPage title="意见反馈" backTo={paths.my} className="hall-feedback">
      <RemoteList remote={list} empty={<EmptyState description="暂无反馈，点击右下角图标添加" fullPage />}>
        {(items) => (
          <ul className="hall-feedback-list" aria-label="我的反馈">
            {items.map((item) => {
              const waiting = feedbackStatus(item.status) === 'waiting';
              return (
                <li key={item.id}>
                  <button type="button" className="hall-item-card hall-feedback-item" onClick={() => navigate(href(paths.feedBackDetail, { id: item.id }))}>
                    <span className={waiting ? 'hall-feedback-item__icon is-waiting' : 'hall-feedback-item__icon is-replied'} aria-hidden>
                      {waiting ? <ClockCircleFill /> : <CheckCircleFill />}
                    </span>
                    <span className="hall-feedback-item__body">
                      <span className="hall-item-title hall-feedback-item__text">{item.yjnrstr}</span>
                      <span className="hall-feedback-item__meta">
                        <span>{item.tjsj}</span>
                        <span className={waiting ? 'hall-feedback-status is-waiting' : 'hall-feedback-status is-replied'}>{waiting ? '待回复' : '已回复'}</span>
                      </span>
                    </span>
                    <RightOutline className="hall-feedback-item__arrow" aria-hidden />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </RemoteList>
      <button type="button" className="hall-feedback-add" aria-label="添加反馈" onClick={add}>
        <AddOutline aria-hidden />
      </button>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { FeedbackListPage as Component };
