import { z } from 'zod';
import { get, post } from '../define-call';
import { stateReply } from '../envelopes';
import { text } from '../common';
import { bookingChangeTerms, siteDetails } from './shared/records';
import { bareRequest, userRequest } from './shared/requests';
import { textId } from './shared/ids';

/**
 * Counter appointments (spec part 3 §2.1–§2.4, §3, §7 "Appointment"): areas, businesses, calendar
 * days and time slots, booking a submitted case, and the citizen's own orders. Path parameters
 * (`:areaId` …) are filled in from the payload field of the same name.
 */

/** An id in a path or form: a string of at most 40 characters; a number from a form is accepted too. */
const idText = textId(40);

export const appointmentArea = z.object({ areaId: z.string(), areaName: z.string() });
export type AppointmentArea = z.infer<typeof appointmentArea>;

export const appointmentProcess = z.object({ processId: z.string(), processName: z.string() });
export type AppointmentProcess = z.infer<typeof appointmentProcess>;

/** A calendar day: calendar is the date only (YYYY-MM-DD); holiday 1 means closed. */
export const appointmentCalendar = z.object({ calendarId: z.string(), calendar: z.string(), timeClass: z.string(), holiday: z.number() });
export type AppointmentCalendar = z.infer<typeof appointmentCalendar>;

export const appointmentSlot = z.object({ timeId: z.string(), timeName: z.string(), maxNum: z.number(), countNum: z.number() });
export type AppointmentSlot = z.infer<typeof appointmentSlot>;

/** An order (part 3 §3); createTime is YYYY-MM-DD HH:mm:ss (Asia/Shanghai). */
export const appointmentOrder = z.object({
  id: z.string(),
  /** The case booked (slsqId), so a move offers the sites of its district. */
  proinstid: z.string(),
  ...bookingChangeTerms,
  name: z.string(),
  phone: z.string(),
  code: z.string(),
  createTime: z.string(),
  extendData: z.object({
    wlsh: z.string(),
    calendar: z.string(),
    timeName: z.string(),
    processName: z.string(),
    areaName: z.string(),
    djlx: z.string(),
  }),
});
export type AppointmentOrder = z.infer<typeof appointmentOrder>;

/** A service site (part 3 §2.18); address '' when unknown (the screen shows 暂无). */
export const serviceSite = z.object({
  areaId: z.string(),
  areaName: z.string(),
  ...siteDetails,
});
export type ServiceSite = z.infer<typeof serviceSite>;

const APPOINTMENT = '/online/public/appointment';

export const appointmentCalls = {
  /** Areas of a district: state 1 and data [{ areaId, areaName }]. */
  appointmentAreas: get(`${APPOINTMENT}/areabyxzq`, bareRequest.extend({ xzqdm: text(12).optional() }), stateReply(z.array(appointmentArea))),
  /** Businesses of an area: a bare list, empty for an unknown area. */
  appointmentProcesses: post(`${APPOINTMENT}/processes/:areaId`, z.object({ areaId: idText }), z.array(appointmentProcess)),
  /** Calendar days of an area: a bare list, in date order. */
  appointmentCalendars: get(`${APPOINTMENT}/calendars/:areaId`, z.object({ areaId: idText }), z.array(appointmentCalendar)),
  /** Time slots of a day and business: a bare list; remaining = maxNum − countNum. */
  appointmentSlots: get(`${APPOINTMENT}/counts/:calendarId/:timeClass/:processId`, z.object({ calendarId: idText, timeClass: idText, processId: idText }), z.array(appointmentSlot)),
  /** Books a slot for the citizen's own submitted case (wlsh = prolsh): state 1 and the success message. */
  addAppointment: post(
    `${APPOINTMENT}/addByWlsh/`,
    userRequest.extend({
      area: idText.optional(),
      process: idText.optional(),
      calendar: idText.optional(),
      time: idText.optional(),
      name: text(100).optional(),
      code: text(40).optional(),
      phone: text(40).optional(),
      bdcdjzh: text(100).optional(),
      wlsh: text(64).optional(),
      xzqdm: text(12).optional(),
    }),
    stateReply(z.object({ id: z.string() })),
    { form: true },
  ),
  /** One of the citizen's own orders. */
  appointmentOrder: get(`${APPOINTMENT}/apmorder/detail`, bareRequest.extend({ id: text(20) }), stateReply(appointmentOrder)),
  /** The citizen's orders, newest first. */
  appointmentOrders: get(`${APPOINTMENT}/apmorder/list`, userRequest, stateReply(z.array(appointmentOrder))),
  /** Cancels one of the citizen's own orders until the deadline before its slot; the place goes back to the slot. */
  cancelAppointment: post(`${APPOINTMENT}/apmorder/cancel`, userRequest.extend({ id: idText }), stateReply(z.object({ id: z.string() }))),
  /** Moves one of the citizen's own orders to another free slot (site, business, day and time as when booking), until the deadline. */
  moveAppointment: post(`${APPOINTMENT}/apmorder/move`, userRequest.extend({ id: idText, area: idText, process: idText, calendar: idText, time: idText }), stateReply(z.object({ id: z.string() }))),
  /** Service sites: state 1 and the list. */
  serviceSites: get(`${APPOINTMENT}/area/`, bareRequest, stateReply(z.array(serviceSite))),
} as const;
