import { stateOk } from '@hall/api/browser';
import { maskIdNumber, maskMobileNumber } from '@hall/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { BookingChange } from '../../components/booking-change';
import { ErrorState, HallPage, LoadingState } from '../../components/hall-page';
import { href, paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useRemote } from '@hall/app';
import { useSession } from '../../stores/session';
import './appointments.css';

/**
 * /yuyueDetail?orderid&djlx: one of the citizen's orders, the business type from the query else the order (spec part 3 §2.2);
 * until the deadline before its slot it can be moved (back to the form) or cancelled.
 */
export function AppointmentDetailPage() {
  const [params] = useSearchParams();
  const orderid = params.get('orderid') ?? '';
  const djlx = params.get('djlx') ?? '';
  const navigate = useNavigate();
  const openid = useSession((s) => s.user?.openid);
  const order = useRemote(async () => {
    const reply = await api.appointmentOrder({ id: orderid });
    const failure = reply as { msg?: string; errmsg?: string };
    if (!stateOk(reply) || !reply.data) throw new Error(failure.msg || failure.errmsg || '查询无数据');
    return reply.data;
  }, [orderid]);

  const data = order.data;
  return (
    <HallPage title="预约单详情" backTo={paths.yuyueRecord}>
      {order.loading && !data ? (
        <LoadingState />
      ) : order.error || !data ? (
        <ErrorState message={order.error ?? '查询无数据'} onRetry={() => void order.reload()} />
      ) : (
        <>
          <dl className="hall-appointment__fields" aria-label="预约单">
            <Field label="姓名">{data.name}</Field>
            <Field label="手机号">{maskMobileNumber(data.phone)}</Field>
            <Field label="身份证号">{maskIdNumber(data.code)}</Field>
            <Field label="申请编号">{data.extendData.wlsh}</Field>
            <Field label="预约时间">{`${data.extendData.calendar} ${data.extendData.timeName}`.trim()}</Field>
            <Field label="办理窗口">{data.extendData.processName}</Field>
            <Field label="预约地点">{data.extendData.areaName}</Field>
            <Field label="业务类型">{djlx || data.extendData.djlx}</Field>
          </dl>
          <BookingChange
            changeable={data.changeable}
            changeDeadline={data.changeDeadline}
            onMove={() => navigate(href(paths.yuyueForm, { proinstid: data.proinstid, prolsh: data.extendData.wlsh, orderid: data.id }))}
            cancel={() => api.cancelAppointment({ id: data.id, openid })}
            onCancelled={() => navigate(paths.yuyueRecord, { replace: true })}
          />
        </>
      )}
    </HallPage>
  );
}

function Field({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The route's lazy screen (lazyScreen reads `Component`). */
export { AppointmentDetailPage as Component };
