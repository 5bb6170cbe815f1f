import { queueCallStateText, statOk } from '@hall/api/browser';
import { showConfirm, showToast } from '@hall/ui';
import { Button } from 'antd-mobile';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { EmptyWithStep } from '../../components/empty-with-step';
import { RatingEntry } from '../../components/rating-entry';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback, useRemote } from '@hall/app';
import { useRatingStates } from '../../lib/use-rating-states';
import { useOwnQueueUpdates } from './queue-live';
import { statData, type QueueOrder } from './queue-data';
import { QueueOrderFields } from './queue-order-fields';
import './queue.css';

export const CANCEL_CONFIRM_TEXT = '确定取消该号码吗？取消后需重新取号。';

/** /queue/orders (我的取号): the citizen's numbers, a waiting one cancellable until its deadline (spec part 3 §2.6, §7). */
/** A queue order in state 1 is a valid booking; any other state is cancelled. */
const ORDER_VALID = 1;

export function QueueOrdersPage() {
  const orders = useRemote(async () => statData(await api.queueOrders({})), []);
  // A number not yet served follows the calls live (a skipped one can still be recalled); a quiet reload keeps the list on screen.
  const live = (orders.data ?? []).some((order) => order.state === ORDER_VALID && order.callState !== 'done');
  useOwnQueueUpdates(live, orders.reload);
  // Asked again with each reload, so 去评价 comes when the number is served.
  const ratings = useRatingStates('queue', orders.data, (order) => order.id);

  async function cancel(order: QueueOrder) {
    if (!(await showConfirm(CANCEL_CONFIRM_TEXT, { title: '取消取号' }))) return;
    const done = await submitWithFeedback(async () => {
      const reply = await api.cancelQueueOrder({ id: order.id });
      return statOk(reply) ? null : reply.msg || '取消失败，请稍后重试';
    });
    if (done) showToast('已取消');
    await orders.reload();
  }

  return (
    <HallPage title="我的取号" backTo={paths.queue} className="hall-queue">
      <RemoteList remote={orders} empty={<EmptyWithStep description="暂无取号记录" step="去取号" to={paths.queue} />}>
        {(items) => (
          <ul className="hall-queue__list" aria-label="我的取号">
            {items.map((order) => (
              <li key={order.id} className={`hall-card hall-queue__order${order.state === ORDER_VALID ? '' : ' is-cancelled'}`}>
                <div className="hall-queue__order-head">
                  <span className="hall-queue__order-number">{order.number}</span>
                  <span className={`hall-queue__state${order.state === ORDER_VALID ? ' is-valid' : ''}`}>{order.stateName}</span>
                </div>
                {order.state === ORDER_VALID ? (
                  <p className={`hall-queue__call is-${order.callState}`} role="status" aria-label={`${order.number}的叫号状态`}>
                    {queueCallStateText(order.callState, order.callWindow)}
                  </p>
                ) : null}
                <QueueOrderFields order={order} />
                {/* Only a number still waiting can be given back: once called it is the counter's. */}
                {order.callState === 'waiting' && order.cancellable ? (
                  <div className="hall-queue__order-actions">
                    <Button size="small" color="danger" fill="outline" onClick={() => void cancel(order)}>
                      取消取号
                    </Button>
                  </div>
                ) : null}
                <RatingEntry kind="queue" serviceId={order.id} state={ratings.get(order.id)} className="is-inset" />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { QueueOrdersPage as Component };
