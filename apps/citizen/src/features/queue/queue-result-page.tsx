import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { RatingEntry } from '../../components/rating-entry';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useRemote } from '@hall/app';
import { useMemo } from 'react';
import { useRatingStates } from '../../lib/use-rating-states';
import { statData } from './queue-data';
import { QueueOrderFields } from './queue-order-fields';
import './queue.css';

/** /queue/result?id: the number just taken, with where and when to come (spec part 3 §2.6, §8). */
export function QueueResultPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const order = useRemote(async () => {
    const found = statData(await api.queueOrders({})).find((o) => o.id === id);
    if (!found) throw new Error('未找到该取号记录');
    return found;
  }, [id]);
  const ticket = useMemo(() => (order.data ? [order.data] : undefined), [order.data]);
  const rating = useRatingStates('queue', ticket, (taken) => taken.id).get(id);

  return (
    <HallPage title="取号结果" backTo={paths.queueOrders} className="hall-queue">
      {order.loading && !order.data ? (
        <LoadingState />
      ) : order.error || !order.data ? (
        <ErrorState message={order.error ?? '未找到该取号记录'} onRetry={() => void order.reload()} />
      ) : (
        <>
          <section className="hall-card hall-queue__ticket" aria-label="取号结果">
            <CheckCircleFill className="hall-queue__ticket-icon" aria-hidden />
            <p className="hall-queue__ticket-title">取号成功</p>
            <p className="hall-queue__ticket-label">您的号码</p>
            <p className="hall-queue__ticket-number" data-testid="queue-number">
              {order.data.number}
            </p>
            <p className="hall-queue__ticket-hint">请于预约时间段内到达办事大厅，凭此号码等候叫号；过号需重新取号。</p>
          </section>
          <section className="hall-card">
            <QueueOrderFields order={order.data} />
            {/* Once the number is served, its ticket is where the citizen rates the service. */}
            <RatingEntry kind="queue" serviceId={order.data.id} state={rating} className="is-inset" />
          </section>
          <div className="hall-queue__submit hall-queue__actions">
            <Button block color="primary" size="large" onClick={() => navigate(paths.queueOrders)}>
              我的取号
            </Button>
            <Button block size="large" onClick={() => navigate(paths.home)}>
              返回首页
            </Button>
          </div>
        </>
      )}
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { QueueResultPage as Component };
