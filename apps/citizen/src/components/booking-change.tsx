import { stateOk } from '@hall/api/browser';
import { BOOKING_CANCEL_CONFIRM, BOOKING_CANCELLED } from '@hall/domain';
import { showConfirm, showSuccess } from '@hall/ui';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { submitWithFeedback } from '@hall/app';
import './booking-change.css';

/** A failed cancel without a message of the server's. */
const CANCEL_FAILED = '取消失败，请稍后重试';

interface BookingChangeProps {
  /** Whether the deadline before the slot is still ahead, and the deadline (YYYY-MM-DD HH:mm). */
  changeable: boolean;
  changeDeadline: string;
  /** Opens the booking page to choose the new slot. */
  onMove: () => void;
  /** Sends the cancel; its reply says whether the server took it. */
  cancel: () => Promise<{ state: number | boolean }>;
  onCancelled: () => void;
}

/**
 * 改约 and 取消预约 for one of the citizen's bookings (either booking page), with the deadline they hold
 * until; past it, what is left to do. Cancelling asks first and says it is done.
 */
export function BookingChange({ changeable, changeDeadline, onMove, cancel, onCancelled }: BookingChangeProps) {
  const [busy, setBusy] = useState(false);

  async function confirmCancel() {
    if (busy || !(await showConfirm(BOOKING_CANCEL_CONFIRM, { title: '取消预约' }))) return;
    setBusy(true);
    const done = await submitWithFeedback(
      async () => {
        const reply = await cancel();
        const failure = reply as { msg?: string; errmsg?: string };
        return stateOk(reply) ? null : failure.msg || failure.errmsg || CANCEL_FAILED;
      },
      { onSettled: () => setBusy(false) },
    );
    if (!done) return;
    showSuccess(BOOKING_CANCELLED);
    onCancelled();
  }

  if (!changeable)
    return (
      <p className="hall-booking-change__note" role="note">
        {`已过取消和改约截止时间（${changeDeadline}），如需调整请联系办理大厅`}
      </p>
    );
  return (
    <section className="hall-booking-change" aria-label="取消或改约">
      <p className="hall-booking-change__note">{`${changeDeadline} 前可取消或改约`}</p>
      <div className="hall-booking-change__actions">
        <Button block color="primary" fill="outline" disabled={busy} onClick={onMove}>
          改约
        </Button>
        <Button block color="danger" fill="outline" loading={busy} disabled={busy} onClick={() => void confirmCancel()}>
          取消预约
        </Button>
      </div>
    </section>
  );
}
