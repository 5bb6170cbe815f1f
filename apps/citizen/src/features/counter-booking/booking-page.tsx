import { errcodeOk, stateOk } from '@hall/api/browser';
import type { CallOutput } from '@hall/api/browser';
import { BOOKING_MOVED, COUNTER_BOOKING_CONFIRM, bookingMoveConfirm, counterBookingTime, isSlotFull, slotBookingMessage } from '@hall/domain';
import { EmptyState, showAlert, showConfirm, showSuccess } from '@hall/ui';
import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ErrorState, HallPage } from '../../components/hall-page';
import { RemoteBody } from '../../components/remote-view';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback, useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import './counter-booking.css';

type Day = NonNullable<CallOutput<'getCalendar'>['data']>[number];
type DaySlots = NonNullable<CallOutput<'queryApmCount'>['data']>;

/** A failed booking without a message of the server's. */
const BOOKING_FAILED = '预约失败，请稍后重试';

/**
 * /appointment?proinstid (窗口预约): the coming days of the citizen's hall on the left (date and
 * weekday), the selected day's time slots as booked/max on the right; a full slot cannot be
 * chosen; a tap asks 确定要申请吗? and books it, then shows the booking (spec part 3 §2.5, §4, §5, §8).
 */
export function CounterBookingPage() {
  const [params] = useSearchParams();
  const proinstid = params.get('proinstid') ?? '';
  // A booking being moved (from its slip): the chosen slot takes its place.
  const moving = params.get('move') ?? '';
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const openId = user?.openid ?? '';

  const calendar = useRemote(async () => {
    const reply = await api.getCalendar({});
    const failure = reply as { msg?: string; errmsg?: string };
    if (!stateOk(reply)) throw new Error(failure.msg || failure.errmsg || '预约日期加载失败，请稍后重试');
    return reply.data ?? [];
  }, []);
  // The case the booking is for, when the application list sent the citizen here.
  const booking = useRemote(async () => {
    if (!proinstid) return null;
    const reply = await api.getApply({ openid: openId, slsqId: proinstid });
    return errcodeOk(reply) && reply.data ? reply.data.proinst : null;
  }, [proinstid, openId]);
  const [chosen, setChosen] = useState<string>('');
  // The first open day is chosen once the days are in.
  useEffect(() => {
    const loaded = calendar.data ?? [];
    if (!chosen && loaded.length > 0) setChosen((loaded.find((row) => row.holiday === 0) ?? loaded[0]!).calendarId);
  }, [calendar.data, chosen]);
  const days = calendar.data ?? [];
  const day = days.find((row) => row.calendarId === chosen);

  const slots = useRemote(async (): Promise<DaySlots & { calendarId: string | undefined }> => {
    if (!day || day.holiday !== 0) return { calendarId: day?.calendarId, booked: false, counts: [] };
    const reply = await api.queryApmCount({ calendarId: day.calendarId, phone: user?.PHONE, openId });
    const failure = reply as { msg?: string; errmsg?: string };
    if (!stateOk(reply) || !reply.data) throw new Error(failure.msg || failure.errmsg || '预约时段加载失败，请稍后重试');
    return { ...reply.data, calendarId: day.calendarId };
  }, [day?.calendarId, day?.holiday, openId]);
  // The chosen day's slots only: while another day's are still on their way, a tap must not book
  // the chosen day with the slots (or the booked flag) of the day before.
  const daySlots = slots.data && slots.data.calendarId === day?.calendarId ? slots.data : null;

  const [busy, setBusy] = useState(false);

  async function book(slot: DaySlots['counts'][number]) {
    if (!day || busy) return;
    // A move may land on the date the booking already holds: the server decides, as for another date.
    const refusal = slotBookingMessage(slot, !moving && (daySlots?.booked ?? false));
    if (refusal) {
      await showAlert(refusal);
      return;
    }
    if (moving) {
      await move(slot);
      return;
    }
    if (!(await showConfirm(COUNTER_BOOKING_CONFIRM))) return;
    setBusy(true);
    let booked = '';
    const sent = await submitWithFeedback(
      async () => {
        const reply = await api.addApmCount({
          name: user?.name,
          phone: user?.PHONE,
          zjh: user?.CARDNUM,
          yysj: `${day.calendar} ${slot.timeName}`,
          calendarId: day.calendarId,
          countId: slot.countId,
          openId,
          ...(proinstid ? { proinstid } : {}),
        });
        if (stateOk(reply) && reply.data) {
          booked = reply.data.id;
          return null;
        }
        const failure = reply as { msg?: string; errmsg?: string };
        return failure.msg || failure.errmsg || BOOKING_FAILED;
      },
      // The slot may have filled meanwhile: show the counts as they are now.
      { onSettled: () => setBusy(false), onFailure: () => void slots.reload() },
    );
    if (sent && booked) navigate(href(paths.apmorder, { id: booked }));
  }

  /** Moves the booking to the slot after a confirmation naming it, then shows the booking. */
  async function move(slot: DaySlots['counts'][number]) {
    if (!day || !(await showConfirm(bookingMoveConfirm(counterBookingTime(day.calendar, slot.timeName)), { title: '改约' }))) return;
    setBusy(true);
    const moved = await submitWithFeedback(
      async () => {
        const reply = await api.moveApmCount({ id: moving, calendarId: day.calendarId, countId: slot.countId, openId });
        const failure = reply as { msg?: string; errmsg?: string };
        return stateOk(reply) ? null : failure.msg || failure.errmsg || '改约失败，请稍后重试';
      },
      { onSettled: () => setBusy(false), onFailure: () => void slots.reload() },
    );
    if (!moved) return;
    showSuccess(BOOKING_MOVED);
    navigate(href(paths.apmorder, { id: moving }), { replace: true });
  }

  return (
    <HallPage title={moving ? '改约' : '窗口预约'} backTo={moving ? href(paths.apmorder, { id: moving }) : paths.home} className="hall-counter-booking">
      <RemoteBody remote={calendar}>
        {() =>
          days.length === 0 ? (
            <EmptyState description="暂无可预约的日期，请稍后再来" fullPage />
          ) : (
            <>
              <div className="hall-counter-booking__hall">
                <span>
                  预约大厅：<span className="hall-counter-booking__hall-name">{days[0]!.areaName}</span>
                </span>
                <Link to={paths.apmrecord}>我的预约记录</Link>
              </div>
              {moving ? <p className="hall-counter-booking__case">请选择新的预约时段，原时段的名额将被释放</p> : null}
              {booking.data ? (
                <p className="hall-counter-booking__case">
                  {`预约业务：${booking.data.name}`}
                  {booking.data.prolsh ? <span>{`申请编号：${booking.data.prolsh}`}</span> : null}
                </p>
              ) : null}
              <div className="hall-counter-booking__body">
                <ul className="hall-counter-booking__days" aria-label="预约日期">
                  {days.map((row) => (
                    <li key={row.calendarId}>
                      <DayButton day={row} selected={row.calendarId === chosen} onSelect={() => setChosen(row.calendarId)} />
                    </li>
                  ))}
                </ul>
                <section className="hall-counter-booking__slots" aria-label={day ? `${day.calendar} ${day.weekday}的预约时段` : '预约时段'}>
                  {day ? <h2 className="hall-counter-booking__day-title">{`${day.calendar} ${day.weekday}`}</h2> : null}
                  {day && day.holiday !== 0 ? (
                    <EmptyState description="当日休息，不可预约，请选择其他日期" />
                  ) : !daySlots && !slots.error ? (
                    <div className="hall-counter-booking__loading" role="status">
                      <DotLoading color="primary" />
                      <span>加载中</span>
                    </div>
                  ) : slots.error ? (
                    <ErrorState message={slots.error} onRetry={() => void slots.reload()} />
                  ) : (daySlots?.counts.length ?? 0) === 0 ? (
                    <EmptyState description="当日暂无可预约的时段" />
                  ) : (
                    <>
                      {daySlots?.booked && !moving ? <p className="hall-counter-booking__notice">您已预约当日，可在预约记录中查看</p> : null}
                      <ul className="hall-counter-booking__slot-list">
                        {daySlots!.counts.map((slot) => (
                          <li key={slot.countId}>
                            <button
                              type="button"
                              className="hall-counter-booking__slot"
                              disabled={isSlotFull(slot) || busy}
                              aria-label={`${slot.timeName} ${slotCount(slot)}`}
                              onClick={() => void book(slot)}
                            >
                              {/* The name holds the words the button shows, in their order (WCAG 2.5.3). */}
                              <span className="hall-counter-booking__slot-time">{slot.timeName}</span>
                              <span className="hall-counter-booking__slot-count">{slotCount(slot)}</span>
                            </button>
                          </li>
                        ))}
                      </ul>
                      <p className="hall-counter-booking__hint">数字为已预约人数/可预约人数，点击时段即可预约</p>
                    </>
                  )}
                </section>
              </div>
            </>
          )
        }
      </RemoteBody>
    </HallPage>
  );
}

/** What a slot's button says under its time: 已预约 booked/capacity, or 已约满. */
function slotCount(slot: Parameters<typeof isSlotFull>[0]): string {
  return isSlotFull(slot) ? '已约满' : `已预约${slot.countNum}/${slot.maxNum}`;
}

function DayButton({ day, selected, onSelect }: { day: Day; selected: boolean; onSelect: () => void }) {
  const closed = day.holiday !== 0;
  return (
    <button type="button" className={['hall-counter-booking__day', selected ? 'is-selected' : '', closed ? 'is-closed' : ''].join(' ')} aria-pressed={selected} onClick={onSelect}>
      <span className="hall-counter-booking__day-date">{day.calendar.slice(5)}</span>
      <span className="hall-counter-booking__day-weekday">
        {/* Each word whole on its line: 星期六 above 休息 rather than 休/息 split. */}
        <span className="hall-counter-booking__word">{day.weekday}</span>
        {closed ? (
          <>
            {' '}
            <span className="hall-counter-booking__word">休息</span>
          </>
        ) : null}
      </span>
    </button>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { CounterBookingPage as Component };
