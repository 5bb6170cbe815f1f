import type { AffectedBooking } from '@hall/api/browser';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { FormError, useFormSubmit } from '../../components/form-submit';

function BookingTable({ bookings, label }: { bookings: AffectedBooking[]; label: string }) {
  return (
    <DataTable
      label={label}
      rowKey={(row) => `${row.date}${row.timeName}${row.name}${row.maskedPhone}${row.source}`}
      rows={bookings}
      columns={[
        { key: 'name', title: '姓名', render: (row) => row.name, primary: true },
        { key: 'phone', title: '手机号', render: (row) => row.maskedPhone },
        { key: 'slot', title: '预约时段', render: (row) => `${row.date} ${row.timeName}` },
        { key: 'process', title: '业务', render: (row) => row.processName },
        { key: 'source', title: '来源', render: (row) => row.source },
      ]}
    />
  );
}

/** The bookings a change just cancelled: each citizen has been told, with the reason. */
export function CancelledBookings({ bookings }: { bookings: AffectedBooking[] }) {
  if (bookings.length === 0) return null;
  return (
    <section className="console-section settings-affected" role="status" aria-label="已取消的预约">
      <h2>已取消{bookings.length}个预约</h2>
      <p className="console-muted">名额已释放，预约市民已收到取消通知（站内消息及其选择的短信、微信），通知中写明了原因。</p>
      <BookingTable bookings={bookings} label="已取消的预约" />
    </section>
  );
}

export interface PendingCancellation {
  bookings: AffectedBooking[];
  /** What the reason box starts with: a holiday's note. */
  suggestedReason: string;
}

/**
 * A change that would cancel bookings, not saved yet: the operator checks the list, writes the reason
 * the citizens will read, and confirms that many; or gives the change up.
 */
export function CancelConfirmation({ pending, onConfirm, onAbandon }: { pending: PendingCancellation; onConfirm: (reason: string) => Promise<string | null>; onAbandon: () => void }) {
  const [reason, setReason] = useState(pending.suggestedReason);
  const confirm = useFormSubmit(async () => (reason.trim() ? onConfirm(reason.trim()) : '请填写取消预约的原因，市民会在通知中看到'));
  const count = pending.bookings.length;
  const section = useRef<HTMLElement>(null);
  // The save was pressed lower on the page: the list to confirm comes into view.
  // Braces: the effect must answer nothing, and a browser's scrollIntoView may answer a promise.
  useEffect(() => {
    void section.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <section ref={section} className="console-section settings-affected settings-confirm" role="alertdialog" aria-label="确认取消预约">
      <h2>此次调整将取消{count}个已有预约</h2>
      <p className="console-muted">尚未保存。确认后这些预约将被取消、名额释放，并按原因通知每位预约市民（站内消息及其选择的短信、微信）。</p>
      <BookingTable bookings={pending.bookings} label="将取消的预约" />
      <label className="settings-reason">
        取消原因（市民将看到“因……，您的预约已取消”）
        <input value={reason} maxLength={100} placeholder="例如 国庆节放假" onChange={(event) => setReason(event.target.value)} />
      </label>
      <FormError message={confirm.error} />
      <div className="console-actions settings-actions">
        <Button color="danger" size="small" loading={confirm.busy} disabled={confirm.busy} onClick={() => void confirm.run(undefined)}>
          确认取消{count}个预约并保存
        </Button>
        <Button size="small" fill="outline" disabled={confirm.busy} onClick={onAbandon}>
          放弃此次修改
        </Button>
      </div>
    </section>
  );
}
