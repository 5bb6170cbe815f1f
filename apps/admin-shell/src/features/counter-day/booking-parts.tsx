import type { DayBooking } from '@hall/api/browser';
import { ATTENDANCE_LABELS } from '@hall/domain';
import { submitWithFeedback } from '@hall/app';
import { showSuccess } from '@hall/ui';
import { Button, Tag } from 'antd-mobile';
import { useState } from 'react';
import type { Column } from '../../components/data-table';
import { mark } from './counter-day-api';

const STATE_COLORS = { arrived: 'success', no_show: 'danger' } as const;

/** A booking's key among the day's: an online appointment and a counter booking may share an id. */
export const bookingKey = (booking: Pick<DayBooking, 'kind' | 'id'>) => `${booking.kind}-${booking.id}`;

export function StateTag({ booking }: { booking: DayBooking }) {
  if (!booking.state) return <Tag fill="outline">待到场</Tag>;
  return (
    <Tag color={STATE_COLORS[booking.state]} fill="outline">
      {ATTENDANCE_LABELS[booking.state]}
    </Tag>
  );
}

/** 到场 and 未到 of one booking; a refusal (another operator recorded it first) shows beside it. */
export function AttendanceActions({ booking, onMarked }: { booking: DayBooking; onMarked: (next: DayBooking) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (booking.state) return <span className="console-muted">{`登记人 ${booking.recordedBy} · ${booking.recordedAt.slice(11, 16)}`}</span>;
  const run = async (state: 'arrived' | 'no_show') => {
    setBusy(true);
    setProblem(null);
    let marked: DayBooking | null = null;
    await submitWithFeedback(
      async () => {
        const outcome = await mark(booking, state);
        if ('problem' in outcome) return outcome.problem;
        marked = outcome.booking;
        return null;
      },
      { inPlace: true, onSettled: () => setBusy(false), onFailure: setProblem },
    );
    if (marked) {
      onMarked(marked);
      showSuccess(state === 'arrived' ? '已登记到场' : '已登记未到');
    }
  };
  return (
    <span className="counter-day__actions">
      <Button size="mini" color="primary" disabled={busy} onClick={() => void run('arrived')} aria-label={`${booking.name} 到场`}>
        到场
      </Button>
      <Button size="mini" fill="outline" disabled={busy} onClick={() => void run('no_show')} aria-label={`${booking.name} 未到`}>
        未到
      </Button>
      {problem && (
        <span className="shell-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}

/**
 * The bookings' columns, of whatever row holds the booking (`of`): the phone sorts the whole day by
 * sortValue; the desktop's table asks the hall, by the columns marked sortable (COUNTER_DAY_SORTS).
 */
export function bookingColumns<Row>(of: (row: Row) => DayBooking, onMarked: (next: DayBooking) => void): Column<Row>[] {
  return [
    { key: 'timeName', title: '时段', sortable: true, render: (row) => of(row).timeName, sortValue: (row) => of(row).timeName },
    { key: 'name', title: '姓名', sortable: true, primary: true, render: (row) => of(row).name, sortValue: (row) => of(row).name },
    { key: 'processName', title: '业务', sortable: true, render: (row) => of(row).processName, sortValue: (row) => of(row).processName },
    { key: 'number', title: '预约单号', render: (row) => of(row).bookingNumber },
    { key: 'phone', title: '手机号', render: (row) => of(row).maskedPhone },
    { key: 'state', title: '状态', sortable: true, render: (row) => <StateTag booking={of(row)} /> },
    { key: 'actions', title: '操作', render: (row) => <AttendanceActions booking={of(row)} onMarked={onMarked} /> },
  ];
}
