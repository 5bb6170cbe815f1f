import { errcodeOk, replyMessage, type AffectedBooking, type SiteSettings, type SlotSettingInput } from '@hall/api/browser';
import { LOAD_FAILED_TRY_LATER } from '@hall/app';
import { api } from '../../lib/hall';

export type Change = { settings: SiteSettings; affectedBookings: AffectedBooking[] } | { problem: string };
const SAVE_FAILED = '保存失败，请稍后重试';

/** The sites and one site's settings. Throws the server's message. */
export async function loadSettings(areaId: string | undefined): Promise<SiteSettings> {
  const reply = await api.getAppointmentSettings({ areaId });
  if (!errcodeOk(reply) || !reply.data) throw new Error(replyMessage(reply, LOAD_FAILED_TRY_LATER));
  return reply.data;
}

function changeOf(reply: Awaited<ReturnType<typeof api.saveAppointmentWeekdays>>): Change {
  return errcodeOk(reply) && reply.data ? reply.data : { problem: replyMessage(reply, SAVE_FAILED) };
}

export const saveWeekdays = async (areaId: string, workingWeekdays: string) => changeOf(await api.saveAppointmentWeekdays({ areaId, workingWeekdays }));
export const saveDay = async (areaId: string, day: string, kind: 'holiday' | 'workday' | 'none', note: string) => changeOf(await api.saveAppointmentSpecialDay({ areaId, day, kind, note }));
export const saveSlots = async (areaId: string, processId: string, slots: SlotSettingInput[]) => changeOf(await api.saveAppointmentSlots({ areaId, processId, slots }));
