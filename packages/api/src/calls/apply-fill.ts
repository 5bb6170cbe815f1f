import { z } from 'zod';
import { defineCall } from '../define-call';
import { errcodeOnlyReply, errcodeReply, stateReply } from '../envelopes';
import { reqseq, openid, text } from '../common';
import { applicant } from './apply';

/**
 * The application flow, second half (spec part 2 §7, part 3 §3, §7): filling in an application's
 * applicants, property units and rights information, the server check before the upload, and
 * submitting or withdrawing it. Calls without a path of their own live at
 * POST /online/wx/apilist/{action}; the applicant list calls keep the spec's /online/public/search paths.
 */

/** An application's id (slsqId, proinstid): digits, as a string or a number. */
const applicationId = text(20);
/** A row id of an applicant, unit or attachment. */
const rowId = text(20);

/** A JSON value a form may send as a string (proposerinfo, fwxxs, reqData, qlxxs). */
const jsonText = <T extends z.ZodType>(schema: T, max: number) =>
  z.union([z.string().max(max), schema]);

/** A field of a saved form: a short string, a number from a form is accepted too. */
const field = text(500).optional();

/**
 * The applicant save payload (part 2 §3, part 3 §3): sqrlx 0 rights holder, 1 obligor, 10 mortgagee
 * (3 and 4 map to 0 and 1 for a person); zjlx 6 or 7, or category '1', make a company. id updates a
 * saved applicant of the same application.
 */
export const applicantSave = z.object({
  id: field,
  category: field,
  sqrxm: field,
  zjlx: field,
  sqrzjh: field,
  gyfs: field,
  gyfe: field,
  sqrlxdh: field,
  sqrlx: field,
  sqrdz: field,
  dlrxm: field,
  dlrzjh: field,
  dlrzjlx: field,
  dlrlxdh: field,
  fddbrxm: field,
  fddbrzjh: field,
  fddbrzjlx: field,
  fddbrdh: field,
  sfcqr: field,
});
export type ApplicantSave = z.infer<typeof applicantSave>;

/** A property unit as addReleasteInfo saves it (fwxxs); id updates a saved unit of the same application. */
export const unitSave = z.object({
  id: field,
  bdcqzmh: field,
  bdcdyh: field,
  zl: field,
  fwsyqmj: field,
  tdsyq_mj: field,
  mj_bgh: field,
  zgzqse: field,
  bdbzzqse: field,
  qdjg: field,
  qlqssj: field,
  qljssj: field,
  fwyt: field,
  tdsyq_yt: field,
  czfs: field,
  sfhbzs: field,
});
export type UnitSave = z.infer<typeof unitSave>;

/** A rights record's fields as sent (reqData, qlxxs); the cancellation's ZXDJ arrives nested. */
export const rightsSave = z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null(), z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.null()]))]));
export type RightsSave = z.infer<typeof rightsSave>;

export const SAVE_TYPE_VALUES = ['2', '3', '4', '99'] as const;

export const applyFillCalls = {
  /** Saves (adds, or updates by id) an applicant of one of the session user's editable applications; data.sqr_id. */
  addPerson: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/addPerson',
    body: z.object({ reqseq, openid, proinstid: applicationId, proposerinfo: jsonText(applicantSave, 20000) }),
    reply: errcodeReply(z.object({ sqr_id: z.string() })),
  }),
  /** The same save with part 3 §3's fields flat in a form; answers state 1 and data.sqrid. */
  saveSqrWx: defineCall({
    method: 'POST',
    path: '/online/public/search/save_sqr_wx',
    form: true,
    body: applicantSave.extend({
      reqseq,
      openid,
      proinstid: applicationId,
      queryid: field,
      rzzt: field,
      onlyUserinfo: field,
    }),
    reply: stateReply(z.object({ sqrid: z.string() })),
  }),
  /** The applicants of one of the session user's applications; flag 0, 1 or 10 keeps that kind, anything else all. */
  sqrlistWx: defineCall({
    method: 'POST',
    path: '/online/public/search/sqrlist_wx',
    body: z.object({ reqseq, openid, proinstid: applicationId, flag: text(8).optional(), userid: text(128).optional() }),
    reply: stateReply(z.array(applicant)),
  }),
  /** Deletes an applicant of one of the session user's editable applications. */
  delPerson: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/delPerson',
    body: z.object({ reqseq, openid, proinstid: applicationId.optional(), sqrid: rowId }),
    reply: errcodeOnlyReply,
  }),
  /** The same delete at the applicant list's path; answers state 1. */
  delSqrmsgWx: defineCall({
    method: 'POST',
    path: '/online/public/search/delSqrmsg_wx',
    body: z.object({ reqseq, openid, sqrid: rowId }),
    reply: stateReply(z.null()),
  }),
  /** Saves property units (fwxxs, a JSON list; an id updates that unit); data.ids in the order sent. */
  addReleasteInfo: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/addReleasteInfo',
    body: z.object({ reqseq, openid, proinstid: applicationId, fwxxs: jsonText(z.array(unitSave).max(200), 200000) }),
    reply: errcodeReply(z.object({ ids: z.array(z.string()) })),
  }),
  /** Deletes one property unit. */
  delReleasteInfo: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/delReleasteInfo',
    body: z.object({ reqseq, openid, proinstid: applicationId, fwxxid: rowId }),
    reply: errcodeOnlyReply,
  }),
  /**
   * Saves the rights record of a savetype (2 pre-notation, 3 mortgage, 4 cancellation, 99 rights
   * info) from reqData or qlxxs; state 1, else state 0 with 保存失败 (保存数据失败 for a cancellation) and the reason.
   */
  addQlxxInfo: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/addQlxxInfo',
    body: z.object({
      reqseq,
      openid,
      proinstid: applicationId,
      savetype: text(4),
      reqData: jsonText(rightsSave, 20000).optional(),
      qlxxs: jsonText(z.union([rightsSave, z.array(rightsSave).max(1)]), 20000).optional(),
    }),
    reply: stateReply(z.object({ id: z.string() })),
  }),
  /** Deletes the rights record of a savetype, or all of them when none is named. */
  delQlxxInfo: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/delQlxxInfo',
    body: z.object({ reqseq, openid, proinstid: applicationId, savetype: text(4).optional() }),
    reply: errcodeOnlyReply,
  }),
  /** The server check before the upload: '00', or errcode '01' with what is missing. */
  check: defineCall({
    method: 'POST',
    path: '/online/wx/apilist/check',
    body: z.object({ reqseq, openid, proinstid: applicationId }),
    reply: errcodeOnlyReply,
  }),
} as const;
