import { z } from 'zod';
import { post } from '../define-call';
import { errcodeReply } from '../envelopes';
import { plainText } from '../common';
import { bareRequest, calendarDate } from './shared/requests';
import { siteSettings } from './appointment-settings';
import { queueSettingsHall } from './queue-calling';
import { textId } from './shared/ids';

/**
 * Setting up a hall from the console (docs/architecture.md §6), for the 系统管理员: appointment sites and the
 * businesses each handles, the businesses of a queue group and a hall's closed days, removing a
 * queue hall or group, the application catalogue's businesses, and the sites each operator serves.
 * Nothing here ever loses a booking or a number: removing what holds them is refused in words.
 */

const id = textId(64);
const sort = z.number().int().min(0).max(9999).default(0);
/** Checked on the server (DISTRICT_CODE_INVALID), so the refusal says what to write. */
const districtCode = plainText(12);
export const DISTRICT_CODE_INVALID = '行政区代码应为6位数字，例如130400';

/** One business of the application catalogue as the console lists it. */
export const catalogueBusiness = z.object({
  id: z.string(),
  prodefName: z.string(),
  /** The registration pair the business follows (djlx-qllx): its code, type, panels and unit fields. */
  pair: z.string(),
  typeName: z.string(),
  categoryName: z.string(),
  yhlx: z.string(),
  xzqdm: z.string(),
  areaname: z.string(),
  sort: z.number(),
  /** Applications made for it: a business with any cannot be removed. */
  applications: z.number(),
});
export type CatalogueBusiness = z.infer<typeof catalogueBusiness>;

/** A registration pair a new business can follow: 登记类型 + 权利类型 and what they give. */
export const cataloguePair = z.object({ pair: z.string(), label: z.string(), typeName: z.string() });
export type CataloguePair = z.infer<typeof cataloguePair>;

export const catalogueList = z.object({ items: z.array(catalogueBusiness), pairs: z.array(cataloguePair) });
export type CatalogueList = z.infer<typeof catalogueList>;

/** A site an operator can serve: an appointment site or a queue hall. */
export const servedSite = z.object({ id: z.string(), name: z.string(), kind: z.enum(['appointment', 'queue']) });
export type ServedSite = z.infer<typeof servedSite>;

const settingsReply = errcodeReply(siteSettings);
const queueReply = errcodeReply(z.array(queueSettingsHall));

export const hallSetupCalls = {
  /** A new appointment site (no areaId) or a site's name, district and order; its calendar opens at once. */
  saveAppointmentSite: post('/online/admin/api/appointment-settings/site/save', bareRequest.extend({ areaId: id.optional(), areaName: plainText(100), xzqdm: districtCode, sort }), settingsReply),
  /** Removes a site that never held a booking; one that did is refused with the count. */
  deleteAppointmentSite: post('/online/admin/api/appointment-settings/site/delete', bareRequest.extend({ areaId: id }), settingsReply),
  /** A new business of a site (no processId) or its name and order; its slots open on the coming days at once. */
  saveAppointmentBusiness: post('/online/admin/api/appointment-settings/business/save', bareRequest.extend({ areaId: id, processId: id.optional(), processName: plainText(100), sort }), settingsReply),
  /** Removes a business that never held a booking; one that did is refused with the count. */
  deleteAppointmentBusiness: post('/online/admin/api/appointment-settings/business/delete', bareRequest.extend({ areaId: id, processId: id }), settingsReply),

  /** A new business of a queue group (no id) or its name and order. */
  saveQueueBusiness: post('/online/admin/api/queue/business/save', bareRequest.extend({ groupId: id, id: id.optional(), name: plainText(100), sort }), queueReply),
  deleteQueueBusiness: post('/online/admin/api/queue/business/delete', bareRequest.extend({ id }), queueReply),
  /**
   * Closes a hall on a date (closed true) or opens it: a weekday closed before opens again; a weekend
   * day opens as a working day (调休上班) and closes again back to the weekend rule. A date with numbers
   * taken cannot be closed.
   */
  saveQueueClosedDay: post('/online/admin/api/queue/closed-day/save', bareRequest.extend({ comID: id, date: calendarDate, closed: z.boolean(), reason: plainText(100).default('') }), queueReply),
  /** Removes a hall none of whose groups ever handed out a number; otherwise refused in words. */
  deleteQueueHall: post('/online/admin/api/queue/hall/delete', bareRequest.extend({ id }), queueReply),
  /** Removes a group that never handed out a number; otherwise refused in words. */
  deleteQueueGroup: post('/online/admin/api/queue/group/delete', bareRequest.extend({ id }), queueReply),

  /** The application catalogue's businesses and the registration pairs a new one can follow. */
  listCatalogueBusinesses: post('/online/admin/api/catalogue/list', bareRequest, errcodeReply(catalogueList)),
  /** A new business (no id: it takes its pair's unit fields) or a business's name, district, user kind and order. */
  saveCatalogueBusiness: post(
    '/online/admin/api/catalogue/save',
    bareRequest.extend({
      id: id.optional(),
      prodefName: plainText(100),
      pair: plainText(20),
      yhlx: z.enum(['0', '1']),
      xzqdm: districtCode,
      areaname: plainText(100),
      sort,
    }),
    errcodeReply(catalogueList),
  ),
  /** Removes a business no application was ever made for; otherwise refused with the count. */
  deleteCatalogueBusiness: post('/online/admin/api/catalogue/delete', bareRequest.extend({ id }), errcodeReply(catalogueList)),

  /** The sites an operator can be tied to, and each account's own. */
  listServedSites: post(
    '/online/admin/api/operators/sites',
    bareRequest,
    errcodeReply(z.object({ sites: z.array(servedSite), accounts: z.array(z.object({ id: z.number(), sites: z.array(z.string()) })) })),
  ),
  /** The sites an operator serves: the counter's day and calling offer only these (none: every site). */
  saveOperatorSites: post(
    '/online/admin/api/operators/sites/save',
    bareRequest.extend({ id: z.number().int().positive(), sites: z.array(id).max(200) }),
    errcodeReply(z.object({ id: z.number(), sites: z.array(z.string()) })),
  ),
} as const;
