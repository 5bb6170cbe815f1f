import { errcodeOk, stateOk, SessionLostError, type CallOutput } from '@hall/api/browser';
import { BOOKING_MOVED, bookingMoveConfirm, isSlotFull, maskIdNumber, maskMobileNumber, remainingSlots, slotBookingMessage, validateAppointment, weekdayName } from '@hall/domain';
import { showAlert, showConfirm, showSuccess } from '@hall/ui';
import { Button, List } from 'antd-mobile';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../components/form-card';
import { HallPage } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { submitWithFeedback } from '@hall/app';
import { useSession } from '../../stores/session';
import { RecordsLink } from './records-link';
import './appointments.css';

export const CONFIRM_TITLE = '在线预约';
export const CONFIRM_TEXT = '确定要申请吗?';

type Area = NonNullable<CallOutput<'appointmentAreas'>['data']>[number];
type Process = CallOutput<'appointmentProcesses'>[number];
type Day = CallOutput<'appointmentCalendars'>[number];
type Slot = CallOutput<'appointmentSlots'>[number];

/** Every list answers empty when its call fails (part 3 §8: other list calls leave their lists empty). */
async function listOrEmpty<T>(load: () => Promise<T[] | undefined>): Promise<T[]> {
  try {
    return (await load()) ?? [];
  } catch (error) {
    if (error instanceof SessionLostError) throw error;
    return [];
  }
}

/**
 * /yuyueForm?proinstid&prolsh (预约单): books a counter slot for a submitted case. Four cascading
 * selectors, each read-only until the one above is chosen; changing one clears those below and
 * reloads the next list (spec part 3 §2.1, §5, §8).
 */
export function AppointmentFormPage() {
  const [params] = useSearchParams();
  const prolsh = params.get('prolsh') ?? '';
  const proinstid = params.get('proinstid') ?? '';
  // An order being moved: the form books its new slot in its place.
  const moving = params.get('orderid') ?? '';
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  // The sites are those of the case's district; the profile's district stands in until it is read.
  const [caseDistrict, setCaseDistrict] = useState<string | null>(null);
  const xzqdm = caseDistrict ?? '';

  const [areas, setAreas] = useState<Area[]>([]);
  const [processes, setProcesses] = useState<Process[]>([]);
  const [days, setDays] = useState<Day[]>([]);
  const [slots, setSlots] = useState<Slot[]>([]);
  const [area, setArea] = useState('');
  const [process, setProcess] = useState('');
  const [calendar, setCalendar] = useState('');
  const [time, setTime] = useState('');
  const [booked, setBooked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      let district = user?.XZQDM ?? '';
      if (proinstid) {
        try {
          const reply = await api.getApply({ openid: user?.openid, slsqId: proinstid });
          if (errcodeOk(reply) && reply.data?.xzqdm) district = reply.data.xzqdm;
        } catch (error) {
          if (error instanceof SessionLostError) return;
        }
      }
      if (live) setCaseDistrict(district);
    })();
    return () => {
      live = false;
    };
  }, [proinstid, user?.openid, user?.XZQDM]);

  useEffect(() => {
    if (caseDistrict === null) return;
    let live = true;
    void listOrEmpty(async () => {
      const reply = await api.appointmentAreas({ xzqdm });
      return stateOk(reply) ? reply.data : [];
    }).then((rows) => live && setAreas(rows));
    return () => {
      live = false;
    };
  }, [caseDistrict, xzqdm]);

  // The latest choice of site and of date: an answer that comes back after the citizen chose again
  // belongs to the old choice and is dropped, so a quick change never shows another site's days.
  const areaChoice = useRef(0);
  const calendarChoice = useRef(0);

  async function chooseArea(next: string) {
    const choice = ++areaChoice.current;
    calendarChoice.current++;
    setArea(next);
    setProcess('');
    setCalendar('');
    setTime('');
    setProcesses([]);
    setDays([]);
    setSlots([]);
    if (!next) return;
    // Days belong to the area, but the date stays read-only until a business is chosen.
    const [processRows, dayRows] = await Promise.all([listOrEmpty(() => api.appointmentProcesses({ areaId: next })), listOrEmpty(() => api.appointmentCalendars({ areaId: next }))]);
    if (choice !== areaChoice.current) return;
    setProcesses(processRows);
    setDays(dayRows.filter((day) => day.holiday === 0));
  }

  function chooseProcess(next: string) {
    calendarChoice.current++;
    setProcess(next);
    setCalendar('');
    setTime('');
    setSlots([]);
  }

  async function chooseCalendar(next: string) {
    const choice = ++calendarChoice.current;
    setCalendar(next);
    setTime('');
    setSlots([]);
    const day = days.find((row) => row.calendarId === next);
    if (!day) return;
    const rows = await listOrEmpty(() => api.appointmentSlots({ calendarId: day.calendarId, timeClass: day.timeClass, processId: process }));
    if (choice === calendarChoice.current) setSlots(rows);
  }

  async function submit() {
    const missing = validateAppointment({ area, process, calendar, time });
    if (missing) {
      await showAlert(missing);
      return;
    }
    const slot = slots.find((row) => row.timeId === time);
    const full = slot ? slotBookingMessage(slot, false) : null;
    if (full) {
      await showAlert(full);
      return;
    }
    if (moving) {
      await move(slot);
      return;
    }
    if (!(await showConfirm(CONFIRM_TEXT, { title: CONFIRM_TITLE }))) return;
    setBusy(true);
    let message = '';
    const booked = await submitWithFeedback(
      async () => {
        const reply = await api.addAppointment({
          openid: user?.openid,
          area,
          process,
          calendar,
          time,
          name: user?.name,
          code: user?.CARDNUM,
          phone: user?.PHONE,
          bdcdjzh: '',
          wlsh: prolsh,
          xzqdm,
        });
        const said = reply as { msg?: string; errmsg?: string };
        if (stateOk(reply)) {
          message = said.msg || said.errmsg || '';
          return null;
        }
        // The slot may have filled meanwhile: show its count as it is now.
        const day = days.find((row) => row.calendarId === calendar);
        if (day) setSlots(await listOrEmpty(() => api.appointmentSlots({ calendarId: day.calendarId, timeClass: day.timeClass, processId: process })));
        return said.msg || said.errmsg || '预约失败，请稍后重试';
      },
      { onSettled: () => setBusy(false) },
    );
    if (!booked) return;
    setBooked(true);
    await showAlert(message);
  }

  /** Moves the order to the chosen slot after a confirmation naming it, then shows the order. */
  async function move(slot: Slot | undefined) {
    const day = days.find((row) => row.calendarId === calendar);
    if (!(await showConfirm(bookingMoveConfirm(`${day?.calendar ?? ''} ${slot?.timeName ?? ''}`.trim()), { title: '改约' }))) return;
    setBusy(true);
    const moved = await submitWithFeedback(
      async () => {
        const reply = await api.moveAppointment({ openid: user?.openid, id: moving, area, process, calendar, time });
        const said = reply as { msg?: string; errmsg?: string };
        return stateOk(reply) ? null : said.msg || said.errmsg || '改约失败，请稍后重试';
      },
      { onSettled: () => setBusy(false) },
    );
    if (!moved) return;
    showSuccess(BOOKING_MOVED);
    navigate(href(paths.yuyueDetail, { orderid: moving }), { replace: true });
  }

  return (
    <HallPage title={moving ? '改约' : '预约单'} backTo={moving ? href(paths.yuyueDetail, { orderid: moving }) : paths.yuyue} className="hall-appointment-form">
      <FormCard header="申请人信息">
        <List.Item extra={user?.name}>姓名</List.Item>
        <List.Item extra={user?.CARDNUM ? maskIdNumber(user.CARDNUM) : ''}>身份证号</List.Item>
        <List.Item extra={user?.PHONE ? maskMobileNumber(user.PHONE) : ''}>手机号</List.Item>
        <List.Item extra={prolsh}>申请编号</List.Item>
      </FormCard>
      <FormCard header="预约信息">
        <Selector label="办理地点" value={area} disabled={booked} onChange={(value) => void chooseArea(value)}>
          {areas.map((row) => (
            <option key={row.areaId} value={row.areaId}>
              {row.areaName}
            </option>
          ))}
        </Selector>
        <Selector label="办理业务" value={process} disabled={booked || !area} onChange={chooseProcess}>
          {processes.map((row) => (
            <option key={row.processId} value={row.processId}>
              {row.processName}
            </option>
          ))}
        </Selector>
        <Selector label="办理日期" value={calendar} disabled={booked || !process} onChange={(value) => void chooseCalendar(value)}>
          {days.map((row) => (
            <option key={row.calendarId} value={row.calendarId}>
              {`${row.calendar} ${weekdayName(row.calendar) ?? ''}`.trim()}
            </option>
          ))}
        </Selector>
        <Selector label="办理时间" value={time} disabled={booked || !calendar} onChange={setTime}>
          {slots.map((row) => (
            <option key={row.timeId} value={row.timeId} disabled={isSlotFull(row)}>
              {`${row.timeName} 剩余${remainingSlots(row)}`}
            </option>
          ))}
        </Selector>
      </FormCard>
      {booked ? (
        <RecordsLink />
      ) : (
        <div className="hall-appointment__submit">
          <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={() => void submit()}>
            {moving ? '确认改约' : '预约'}
          </Button>
        </div>
      )}
    </HallPage>
  );
}

function Selector({ label, value, disabled, onChange, children }: { label: string; value: string; disabled: boolean; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <List.Item prefix={<label htmlFor={`yuyue-${label}`}>{label}</label>}>
      <select id={`yuyue-${label}`} className="hall-appointment__select" value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <option value="">{disabled && !value ? '请先选择上一项' : `请选择${label}`}</option>
        {children}
      </select>
    </List.Item>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { AppointmentFormPage as Component };
