import { stateOk } from '@hall/api/browser';
import { EmptyState } from '@hall/ui';
import { Link } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RatingEntry } from '../../components/rating-entry';
import { RemoteList } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useRemote } from '@hall/app';
import { useRatingStates } from '../../lib/use-rating-states';
import { useSession } from '../../stores/session';
import { NO_APPOINTMENTS } from './appointment-list-page';
import './appointments.css';

/** An online appointment as 好差评 names it (an attended one may be rated). */
const bookingServiceId = (id: string) => `order-${id}`;

/** /yuyueRecord: the citizen's orders with application and appointment time; one opens its detail (spec part 3 §2.3). */
export function AppointmentRecordPage() {
  const openid = useSession((s) => s.user?.openid) ?? '';
  const orders = useRemote(async () => {
    const reply = await api.appointmentOrders({ openid });
    // A failed list stays empty (part 3 §8).
    return stateOk(reply) ? (reply.data ?? []) : [];
  }, [openid]);
  const ratings = useRatingStates('booking', orders.data, (order) => bookingServiceId(order.id));

  return (
    <HallPage title="预约记录">
      <RemoteList remote={orders} empty={<EmptyState description={NO_APPOINTMENTS} fullPage />}>
        {(items) => (
          <ul className="hall-applications__list" aria-label="预约记录">
            {items.map((order) => (
              <li key={order.id}>
                <Link className="hall-card hall-application hall-appointment__record" to={href(paths.yuyueDetail, { orderid: order.id })}>
                  <div className="hall-application__row">
                    <span className="hall-application__label">申请编号：</span>
                    <span className="hall-application__value">{order.extendData.wlsh}</span>
                  </div>
                  <div className="hall-application__row">
                    <span className="hall-application__label">申请时间：</span>
                    <span className="hall-application__value">{order.createTime}</span>
                  </div>
                  <div className="hall-application__row">
                    <span className="hall-application__label">预约时间：</span>
                    <span className="hall-application__value">{`${order.extendData.calendar} ${order.extendData.timeName}`.trim()}</span>
                  </div>
                </Link>
                <RatingEntry kind="booking" serviceId={bookingServiceId(order.id)} state={ratings.get(bookingServiceId(order.id))} className="is-under-card" />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { AppointmentRecordPage as Component };
