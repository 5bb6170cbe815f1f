import { NO_COUNTER_BOOKINGS, formatBookingDate } from '@hall/domain';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { HallPage } from '../../components/hall-page';
import { RemoteList } from '../../components/remote-view';
import { EmptyWithStep } from '../../components/empty-with-step';
import { RatingEntry } from '../../components/rating-entry';
import { href, paths } from '../../config/paths';
import { useRatingStates } from '../../lib/use-rating-states';
import { BookingFields } from './booking-fields';
import { useCounterBookings, type CounterBooking } from './use-counter-bookings';
import './counter-booking.css';

/** A counter booking as 好差评 names it (an attended one may be rated). */
const bookingServiceId = (id: string) => `counter-${id}`;

/** /apmrecord (预约记录): the citizen's counter bookings with creation and booking time (year-month-day); one opens its details (spec part 3 §2.5, §8). */
export function CounterRecordPage() {
  const navigate = useNavigate();
  const bookings = useCounterBookings();
  const [open, setOpen] = useState<CounterBooking | null>(null);
  const ratings = useRatingStates('booking', bookings.data, (booking) => bookingServiceId(booking.id));

  return (
    <HallPage title="预约记录" backTo={paths.appointment} className="hall-counter-booking">
      <RemoteList remote={bookings} empty={<EmptyWithStep description={NO_COUNTER_BOOKINGS} step="去预约" to={paths.appointment} />}>
        {(items) => (
          <ul className="hall-counter-booking__records" aria-label="预约记录">
            {items.map((booking) => (
              <li key={booking.id}>
                <button type="button" className="hall-counter-booking__record" aria-haspopup="dialog" onClick={() => setOpen(booking)}>
                  <span className="hall-counter-booking__record-row">
                    <span className="hall-counter-booking__record-label">预约时间：</span>
                    <span>{formatBookingDate(booking.yysj)}</span>
                  </span>
                  <span className="hall-counter-booking__record-row">
                    <span className="hall-counter-booking__record-label">创建时间：</span>
                    <span>{booking.createdate}</span>
                  </span>
                  <span className="hall-counter-booking__record-more">详情</span>
                </button>
                <RatingEntry kind="booking" serviceId={bookingServiceId(booking.id)} state={ratings.get(bookingServiceId(booking.id))} className="hall-counter-booking__rating" />
              </li>
            ))}
          </ul>
        )}
      </RemoteList>
      <Popup visible={open !== null} onMaskClick={() => setOpen(null)} onClose={() => setOpen(null)} bodyClassName="hall-counter-booking__popup">
        {open ? (
          <div role="dialog" aria-label="预约详情">
            <h2 className="hall-counter-booking__popup-title">预约详情</h2>
            <BookingFields booking={open} label="预约详情" />
            <div className="hall-counter-booking__actions">
              <Button block color="primary" onClick={() => navigate(href(paths.apmorder, { id: open.id }))}>
                出示预约单
              </Button>
              <Button block onClick={() => setOpen(null)}>
                关闭
              </Button>
            </div>
          </div>
        ) : null}
      </Popup>
    </HallPage>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { CounterRecordPage as Component };
