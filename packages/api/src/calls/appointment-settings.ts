import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText } from '../common';
import { bareRequest, calendarDate } from './shared/requests';
import { bookingLine } from './shared/records';
import { textId } from './shared/ids';

/**
 * The console's appointment calendar settings (docs/architecture.md §6), for the 系统管理员: each site's
 * working days, holidays and make-up working days (调休), and each business's time slots and
 * places. A change never drops a booking unseen: a capacity below what is booked is refused with the
 * count; a day closed or a slot removed while citizens hold places in it is first answered unsaved
 * with those bookings, and saved only when the operator confirms that many with a reason: then the
 * hall cancels them (or moves them to the date and slot the operator chose), gives the places back
 * and tells each citizen why.
 */

const areaId = textId(64);

export const consoleSite = z.object({ areaId: z.string(), areaName: z.string(), xzqdm: z.string() });
export type ConsoleSite = z.infer<typeof consoleSite>;

export const slotSetting = z.object({
  timeName: plainText(40),
  maxNum: z.number().int().min(0, { error: '容量不能小于0' }).max(999, { error: '容量不能超过999' }),
  /** ISO weekday digits, '12345' Monday to Friday. */
  weekdays: plainText(20),
});
export type SlotSettingInput = z.infer<typeof slotSetting>;

export const businessSlots = z.object({
  processId: z.string(),
  processName: z.string(),
  /** true while the business has never been set and keeps the defaults. */
  defaults: z.boolean(),
  slots: z.array(slotSetting),
});
export type BusinessSlots = z.infer<typeof businessSlots>;

export const specialDay = z.object({ day: z.string(), kind: z.enum(['holiday', 'workday']), note: z.string() });
export type SpecialDay = z.infer<typeof specialDay>;

/** A booking a change cancels: listed for the operator to confirm, then cancelled with its citizen told. */
export const affectedBooking = z.object({
  date: z.string(),
  ...bookingLine,
  /** 网上预约 (appointment_orders) or 窗口预约 (counter_bookings). */
  source: z.string(),
});
export type AffectedBooking = z.infer<typeof affectedBooking>;

export const siteSettings = z.object({
  sites: z.array(consoleSite),
  areaId: z.string(),
  workingWeekdays: z.string(),
  /** From today on, in date order. */
  specialDays: z.array(specialDay),
  businesses: z.array(businessSlots),
});
export type SiteSettings = z.infer<typeof siteSettings>;

/** A date and slot name of the same site to which the hall moves the bookings, each to its own business's slot of that name. */
export const moveTarget = z.object({ date: calendarDate, timeName: plainText(40) });
export type MoveTarget = z.infer<typeof moveTarget>;
/** A target the console offers: a date and slot name every affected business has, with the places left. */
export const moveTargetOption = moveTarget.extend({ timeName: z.string(), date: z.string(), places: z.number() });
export type MoveTargetOption = z.infer<typeof moveTargetOption>;

/**
 * saved false: nothing changed, and affectedBookings are the bookings the change would cancel or move
 * (send again with cancelBookings, their count, a reason, and moveBookingsTo, one of moveTargets, to move them). saved true:
 * the change is made, and affectedBookings are the bookings it cancelled, or moved to movedTo, each
 * citizen told.
 */
const changeReply = errcodeReply(
  z.object({ saved: z.boolean(), settings: siteSettings, affectedBookings: z.array(affectedBooking), movedTo: moveTarget.optional(), moveTargets: z.array(moveTargetOption).optional() }),
);

/** The operator's confirmation of a change that cancels or moves bookings: how many they saw, where to (a move), and the reason the citizens read. */
const cancelConfirmation = {
  cancelBookings: z.number().int().min(0).max(100_000).optional(),
  reason: plainText(100).optional(),
  moveBookingsTo: moveTarget.optional(),
};

export const appointmentSettingsCalls = {
  /** The sites, and the settings of one (the first when areaId is left out); an unknown site answers 查询无数据. */
  getAppointmentSettings: post('/online/admin/api/appointment-settings/get', bareRequest.extend({ areaId: areaId.optional() }), errcodeReply(siteSettings)),
  /** A site's working days of the week; the coming days follow at once, and the bookings of days it closes are cancelled once confirmed. */
  saveAppointmentWeekdays: post('/online/admin/api/appointment-settings/weekdays', bareRequest.extend({ areaId, workingWeekdays: plainText(20), ...cancelConfirmation }), changeReply),
  /** A date closed (holiday), opened as a make-up working day (workday), or back to the rule (none); a holiday's note is the reason unless another is given. */
  saveAppointmentSpecialDay: post(
    '/online/admin/api/appointment-settings/day',
    bareRequest.extend({ areaId, day: calendarDate, kind: z.enum(['holiday', 'workday', 'none']), note: plainText(100).default(''), ...cancelConfirmation }),
    changeReply,
  ),
  /** A business's time slots; the coming open days take them at once. Fewer places than booked is refused with the count; a removed slot's bookings are cancelled once confirmed. */
  saveAppointmentSlots: post(
    '/online/admin/api/appointment-settings/slots',
    bareRequest.extend({ areaId, processId: textId(64), slots: z.array(slotSetting).max(12, { error: '每项业务最多12个时段' }), ...cancelConfirmation }),
    changeReply,
  ),
} as const;
