import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage } from '../../components/hall-page';
import { RemoteBody } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { BookingChange } from '../../components/booking-change';
import { api } from '../../lib/api';
import { useSession } from '../../stores/session';
import { BookingFields } from './booking-fields';
import { useCounterBookings } from './use-counter-bookings';
import './counter-booking.css';

/**
 * /apmorder?id (预约详情): the booking just made, or one opened from the records: the citizen has
 * booked, should come to the hall during the slot and show this page (spec part 3 §2.5); until the
 * deadline before the slot it can be moved to another slot or cancelled.
 */
export function CounterOrderPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const bookings = useCounterBookings();
  // Without an id the newest booking is shown.
  const booking = bookings.data ? (id ? bookings.data.find((row) => row.id === id) : bookings.data[0]) : undefined;

  return (
    <HallPage title="预约详情" backTo={paths.apmrecord} className="hall-counter-booking">
      <RemoteBody remote={bookings}>
        {() =>
          !booking ? (
            <ErrorState message="未找到该预约，请在预约记录中查看" onRetry={() => void bookings.reload()} />
          ) : (
            <>
              <section className="hall-counter-booking__slip" aria-label="预约结果">
                <CheckCircleFill className="hall-counter-booking__slip-icon" aria-hidden />
                <h2>您已预约成功</h2>
                <p>
                  请于 <strong>{booking.yysj}</strong> 时间段内到 <strong>{booking.areaName}</strong> 办理，并向窗口工作人员出示本页面。
                </p>
              </section>
              <BookingFields booking={booking} label="预约信息" />
              <BookingChange
                changeable={booking.changeable}
                changeDeadline={booking.changeDeadline}
                onMove={() => navigate(href(paths.appointment, { move: booking.id }))}
                cancel={() => api.cancelApmCount({ id: booking.id, openId: user?.openid })}
                onCancelled={() => navigate(paths.apmrecord, { replace: true })}
              />
              <div className="hall-counter-booking__actions">
                <Button block color="primary" onClick={() => navigate(paths.apmrecord)}>
                  查看预约记录
                </Button>
                <Button block onClick={() => navigate(paths.home)}>
                  返回首页
                </Button>
              </div>
            </>
          )
        }
      </RemoteBody>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { CounterOrderPage as Component };
