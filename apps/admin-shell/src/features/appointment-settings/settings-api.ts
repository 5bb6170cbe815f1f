import { errcodeOk, replyMessage, type AffectedBooking, type MoveTarget, type MoveTargetOption, type SiteSettings, type SlotSettingInput } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';
import { api } from '../../lib/hall';

/**
 * A change's answer: saved (with the bookings it cancelled, or moved to movedTo), unsaved until the
 * operator confirms the bookings it would cancel (with the targets they could be moved to), or
 * refused with the hall's message.
 */
export type Change =
  | { saved: boolean; message: string; settings: SiteSettings; affectedBookings: AffectedBooking[]; movedTo?: MoveTarget | undefined; moveTargets?: MoveTargetOption[] | undefined }
  | { problem: string };
/** The operator's confirmation of the bookings a change cancels or moves: how many they saw, where to (a move), and the reason the citizens read. */
export type Confirmation = { cancelBookings: number; reason: string; moveBookingsTo?: MoveTarget | undefined };
/** One save, sent again with the confirmation once the operator gave it. */
export type Save = (confirmation?: Confirmation) => Promise<Change>;
const SAVE_FAILED = '保存失败，请稍后重试';

/** The sites and one site's settings. Throws the server's message. */
export async function loadSettings(areaId: string | undefined): Promise<SiteSettings> {
  const reply = await api.getAppointmentSettings({ areaId });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

function changeOf(reply: Awaited<ReturnType<typeof api.saveAppointmentWeekdays>>): Change {
  return errcodeOk(reply) && reply.data ? { ...reply.data, message: replyMessage(reply, '已保存') } : { problem: replyMessage(reply, SAVE_FAILED) };
}

export const saveWeekdays =
  (areaId: string, workingWeekdays: string): Save =>
  async (confirmation) =>
    changeOf(await api.saveAppointmentWeekdays({ areaId, workingWeekdays, ...confirmation }));
export const saveDay =
  (areaId: string, day: string, kind: 'holiday' | 'workday' | 'none', note: string): Save =>
  async (confirmation) =>
    changeOf(await api.saveAppointmentSpecialDay({ areaId, day, kind, note, ...confirmation }));
export const saveSlots =
  (areaId: string, processId: string, slots: SlotSettingInput[]): Save =>
  async (confirmation) =>
    changeOf(await api.saveAppointmentSlots({ areaId, processId, slots, ...confirmation }));
