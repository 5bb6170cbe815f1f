import { z } from 'zod';
import { post } from '../define-call';
import { stateReply } from '../envelopes';
import { text, plainText } from '../common';
import { bareRequest } from './shared/requests';
import { textId } from './shared/ids';
import { bookingChangeTerms } from './shared/records';

/**
 * Counter booking, the date and slot booking of /appointment (spec part 3 §2.5, §3 "Counter
 * booking record", §7 "Counter booking"): the hall's coming days, the slots of a day, booking one,
 * and the citizen's own records. openId (with a capital I, as the spec spells it) must be the session's.
 */

const openId = plainText(128).optional();
const idText = textId(40);

/** A calendar day of the citizen's hall: date (YYYY-MM-DD), weekday (星期一…), holiday 1 when closed. */
export const counterBookingDay = z.object({
  calendarId: z.string(),
  calendar: z.string(),
  weekday: z.string(),
  holiday: z.number(),
  areaName: z.string(),
});
export type CounterBookingDay = z.infer<typeof counterBookingDay>;

/** A slot of a day: booked count (countNum) and places (maxNum). */
export const counterBookingSlot = z.object({ countId: z.string(), timeName: z.string(), countNum: z.number(), maxNum: z.number() });
export type CounterBookingSlot = z.infer<typeof counterBookingSlot>;

/** A counter booking record (part 3 §3): createdate YYYY-MM-DD HH:mm:ss, yysj the date and slot. */
export const counterBookingRecord = z.object({
  id: z.string(),
  ...bookingChangeTerms,
  createdate: z.string(),
  yysj: z.string(),
  name: z.string(),
  phone: z.string(),
  zjh: z.string(),
  areaName: z.string(),
  address: z.string(),
  /** The case number (prolsh) when the booking was made for a case, else ''. */
  wlsh: z.string(),
});
export type CounterBookingRecord = z.infer<typeof counterBookingRecord>;

const APPOINT = '/online/wx/appoint';

export const counterBookingCalls = {
  /** The coming days of the citizen's hall, in date order, closed days included with holiday 1. */
  getCalendar: post(`${APPOINT}/getCalendar`, bareRequest, stateReply(z.array(counterBookingDay))),
  /** The slots of a day; booked tells whether the citizen already holds a booking that date. */
  queryApmCount: post(
    `${APPOINT}/queryApmCount`,
    bareRequest.extend({ phone: text(40).optional(), calendarId: idText, openId }),
    stateReply(z.object({ booked: z.boolean(), counts: z.array(counterBookingSlot) })),
  ),
  /** Books a slot: state 1 and the record's id, or the spec's refusal in msg. proinstid ties it to one of the citizen's cases. */
  addApmCount: post(
    `${APPOINT}/addApmCount`,
    bareRequest.extend({
      name: text(100).optional(),
      phone: text(40).optional(),
      zjh: text(40).optional(),
      yysj: text(60).optional(),
      calendarId: idText,
      countId: idText,
      openId,
      proinstid: idText.optional(),
    }),
    stateReply(z.object({ id: z.string() })),
  ),
  /** Cancels one of the citizen's own bookings until the deadline before its slot; the place goes back to the slot. */
  cancelApmCount: post(`${APPOINT}/cancelApmCount`, bareRequest.extend({ id: idText, openId }), stateReply(z.object({ id: z.string() }))),
  /** Moves one of the citizen's own bookings to another free slot of their hall, until the deadline. */
  moveApmCount: post(`${APPOINT}/moveApmCount`, bareRequest.extend({ id: idText, calendarId: idText, countId: idText, openId }), stateReply(z.object({ id: z.string() }))),
  /** The citizen's own records, newest first. */
  getApmRecord: post(`${APPOINT}/getApmRecord`, bareRequest.extend({ openId }), stateReply(z.array(counterBookingRecord))),
} as const;
