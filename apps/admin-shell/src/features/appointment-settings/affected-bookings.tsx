import type { AffectedBooking, MoveTarget, MoveTargetOption } from '@hall/api/browser';
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

/** The bookings a change just cancelled, or moved to `movedTo`: each citizen has been told, with the reason. */
export function CancelledBookings({ bookings, movedTo }: { bookings: AffectedBooking[]; movedTo?: MoveTarget | undefined }) {
  if (bookings.length === 0) return null;
  if (movedTo)
    return (
      <section className="console-section settings-affected" role="status" aria-label="已改约的预约">
        <h2>
          已将{bookings.length}个预约改至{movedTo.date} {movedTo.timeName}
        </h2>
        <p className="console-muted">原时段名额已释放，预约市民已收到改约通知（站内消息及其选择的短信、微信），通知中写明了原因和新时间；市民仍可自行改约或取消。</p>
        <BookingTable bookings={bookings} label="已改约的预约（原时段）" />
      </section>
    );
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
  /** The dates and slots every affected booking could be moved to, with the places left. */
  moveTargets: MoveTargetOption[];
}

/** The operator's choice for the listed bookings: cancel them, or move them all to one date and slot. */
type Choice = 'cancel' | 'move';

/** The date and slot pickers of a move: the slots of the chosen date, each with its places left; too few places cannot be chosen. */
function MoveTargetPicker({ options, needed, value, onChange }: { options: MoveTargetOption[]; needed: number; value: MoveTarget | null; onChange: (target: MoveTarget | null) => void }) {
  const dates = [...new Set(options.map((option) => option.date))];
  const date = value?.date ?? '';
  const slots = options.filter((option) => option.date === date);
  if (dates.length === 0) return <p className="console-muted">近期没有可改约的日期和时段，请取消这些预约或放弃此次修改。</p>;
  return (
    <div className="settings-move-target">
      <label>
        改约日期
        <select value={date} onChange={(event) => onChange(event.target.value ? { date: event.target.value, timeName: '' } : null)}>
          <option value="">请选择日期</option>
          {dates.map((day) => (
            <option key={day} value={day}>
              {day}
            </option>
          ))}
        </select>
      </label>
      <label>
        改约时段
        <select value={value?.timeName ?? ''} disabled={!date} onChange={(event) => onChange({ date, timeName: event.target.value })}>
          <option value="">请选择时段</option>
          {slots.map((slot) => (
            <option key={slot.timeName} value={slot.timeName} disabled={slot.places < needed}>
              {slot.timeName}（余{slot.places}个{slot.places < needed ? '，不够' : ''}）
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/**
 * A change that would cancel bookings, not saved yet: the operator checks the list, chooses to cancel
 * them or move them all to one date and slot, writes the reason the citizens will read, and confirms
 * that many; or gives the change up.
 */
export function CancelConfirmation({
  pending,
  onConfirm,
  onAbandon,
}: {
  pending: PendingCancellation;
  onConfirm: (reason: string, moveTo?: MoveTarget) => Promise<string | null>;
  onAbandon: () => void;
}) {
  const [reason, setReason] = useState(pending.suggestedReason);
  const [choice, setChoice] = useState<Choice>('cancel');
  const [target, setTarget] = useState<MoveTarget | null>(null);
  const moving = choice === 'move';
  const confirm = useFormSubmit(async () => {
    if (moving && !target?.timeName) return '请选择改约的日期和时段';
    if (!reason.trim()) return moving ? '请填写改约的原因，市民会在通知中看到' : '请填写取消预约的原因，市民会在通知中看到';
    return onConfirm(reason.trim(), moving ? target! : undefined);
  });
  const count = pending.bookings.length;
  const section = useRef<HTMLElement>(null);
  // The save was pressed lower on the page: the list to confirm comes into view.
  // Braces: the effect must answer nothing, and a browser's scrollIntoView may answer a promise.
  useEffect(() => {
    void section.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return (
    <section ref={section} className="console-section settings-affected settings-confirm" role="alertdialog" aria-label="确认取消预约">
      <h2>{moving ? `此次调整将改约${count}个已有预约` : `此次调整将取消${count}个已有预约`}</h2>
      <p className="console-muted">尚未保存。可取消这些预约，或将它们统一改约至同一地点、同一业务的其他日期或时段；确认后按原因通知每位预约市民（站内消息及其选择的短信、微信）。</p>
      <BookingTable bookings={pending.bookings} label="将取消的预约" />
      <div className="settings-choice" role="radiogroup" aria-label="处理方式">
        <label>
          <input type="radio" name="settle" checked={!moving} onChange={() => setChoice('cancel')} />
          取消这些预约
        </label>
        <label>
          <input type="radio" name="settle" checked={moving} onChange={() => setChoice('move')} />
          改约至
        </label>
      </div>
      {moving && <MoveTargetPicker options={pending.moveTargets} needed={count} value={target} onChange={setTarget} />}
      <label className="settings-reason">
        {moving ? '改约原因（市民将看到“因……，您的预约已由大厅改至……”）' : '取消原因（市民将看到“因……，您的预约已取消”）'}
        <input value={reason} maxLength={100} placeholder={moving ? '例如 下午窗口调整' : '例如 国庆节放假'} onChange={(event) => setReason(event.target.value)} />
      </label>
      <FormError message={confirm.error} />
      <div className="console-actions settings-actions">
        <Button color={moving ? 'primary' : 'danger'} size="small" loading={confirm.busy} disabled={confirm.busy} onClick={() => void confirm.run(undefined)}>
          {moving ? `确认改约${count}个预约并保存` : `确认取消${count}个预约并保存`}
        </Button>
        <Button size="small" fill="outline" disabled={confirm.busy} onClick={onAbandon}>
          放弃此次修改
        </Button>
      </div>
    </section>
  );
}
