import { z } from 'zod';
import { apilist, get, post } from '../define-call';
import { errcodeOnlyReply, errcodeReply, stateReply, statReply } from '../envelopes';
import { reqseq, openid, text, plainText } from '../common';
import { userRequest } from './shared/requests';
import { fieldsOf, PROPERTY_UNIT_FIELDS } from './shared/records';
import { applicant } from './apply';
import { statementPayload } from './statements';

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
const jsonText = <T extends z.ZodType>(schema: T, max: number) => z.union([plainText(max), schema]);

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
export const unitSave = z.object(fieldsOf(PROPERTY_UNIT_FIELDS, field));
export type UnitSave = z.infer<typeof unitSave>;

/** A rights record's fields as sent (reqData, qlxxs); the cancellation's ZXDJ arrives nested. */
export const rightsSave = z.record(plainText(64), z.union([plainText(2000), z.number(), z.boolean(), z.null(), z.record(plainText(64), z.union([plainText(2000), z.number(), z.null()]))]));
export type RightsSave = z.infer<typeof rightsSave>;

export const SAVE_TYPE_VALUES = ['2', '3', '4', '99'] as const;

/** One attachment of a material (pro_attachment): url is where the app shows it (owner only). */
export const materialAttachment = z.object({ id: z.string(), datuminst_id: z.string(), url: z.string() });
export type MaterialAttachment = z.infer<typeof materialAttachment>;

/**
 * A material of an application (datuminstInfo): required '是' or '否'. hint and sampleUrl are the help
 * 资料上传 shows from the business catalogue (absent when it has none).
 */
export const applicationMaterial = z.object({
  id: z.string(),
  name: z.string(),
  required: z.string(),
  pro_attachment: z.array(materialAttachment),
  hint: z.string().optional(),
  sampleUrl: z.string().optional(),
});
export type ApplicationMaterial = z.infer<typeof applicationMaterial>;

/** The largest image a material takes, decoded (the app sends pictures compressed to 0.3). */
export const MATERIAL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The address an attachment is shown at, for its owner only. */
export function materialFilePath(id: string): string {
  return `/online/public/material/file?id=${encodeURIComponent(id)}`;
}

const fileReply = z.union([z.instanceof(Blob), errcodeOnlyReply]);

export const applyFillCalls = {
  /** Saves (adds, or updates by id) an applicant of one of the session user's editable applications; data.sqr_id. */
  addPerson: apilist('addPerson', userRequest.extend({ proinstid: applicationId, proposerinfo: jsonText(applicantSave, 20000) }), errcodeReply(z.object({ sqr_id: z.string() }))),
  /** The same save with part 3 §3's fields flat in a form; answers state 1 and data.sqrid. */
  saveSqrWx: post(
    '/online/public/search/save_sqr_wx',
    applicantSave.extend({
      reqseq,
      openid,
      proinstid: applicationId,
      queryid: field,
      rzzt: field,
      onlyUserinfo: field,
      // With onlyUserinfo 'true' and no applicant name: the case's statements only (part 3 §7).
      ...statementPayload,
    }),
    stateReply(z.object({ sqrid: z.string() })),
    { form: true },
  ),
  /** The applicants of one of the session user's applications; flag 0, 1 or 10 keeps that kind, anything else all. */
  sqrlistWx: post('/online/public/search/sqrlist_wx', userRequest.extend({ proinstid: applicationId, flag: text(8).optional(), userid: text(128).optional() }), stateReply(z.array(applicant))),
  /** Deletes an applicant of one of the session user's editable applications. */
  delPerson: apilist('delPerson', userRequest.extend({ proinstid: applicationId.optional(), sqrid: rowId }), errcodeOnlyReply),
  /** The same delete at the applicant list's path; answers state 1. */
  delSqrmsgWx: post('/online/public/search/delSqrmsg_wx', userRequest.extend({ sqrid: rowId }), stateReply(z.null())),
  /** Saves property units (fwxxs, a JSON list; an id updates that unit); data.ids in the order sent. */
  addReleasteInfo: apilist(
    'addReleasteInfo',
    userRequest.extend({ proinstid: applicationId, fwxxs: jsonText(z.array(unitSave).max(200), 200000) }),
    errcodeReply(z.object({ ids: z.array(z.string()) })),
  ),
  /** Deletes one property unit. */
  delReleasteInfo: apilist('delReleasteInfo', userRequest.extend({ proinstid: applicationId, fwxxid: rowId }), errcodeOnlyReply),
  /**
   * Saves the rights record of a savetype (2 pre-notation, 3 mortgage, 4 cancellation, 99 rights
   * info) from reqData or qlxxs; state 1, else state 0 with 保存失败 (保存数据失败 for a cancellation) and the reason.
   */
  addQlxxInfo: apilist(
    'addQlxxInfo',
    userRequest.extend({
      proinstid: applicationId,
      savetype: text(4),
      reqData: jsonText(rightsSave, 20000).optional(),
      qlxxs: jsonText(z.union([rightsSave, z.array(rightsSave).max(1)]), 20000).optional(),
      // The statements saved with the record (part 3 §4: undertaking and inquiry data with savetype 2, 3 or 4).
      ...statementPayload,
    }),
    stateReply(z.object({ id: z.string() })),
  ),
  /** Deletes the rights record of a savetype, or all of them when none is named. */
  delQlxxInfo: apilist('delQlxxInfo', userRequest.extend({ proinstid: applicationId, savetype: text(4).optional() }), errcodeOnlyReply),
  /** The server check before the upload: '00', or errcode '01' with what is missing. */
  check: apilist('check', userRequest.extend({ proinstid: applicationId }), errcodeOnlyReply),
  /** The materials of one of the session user's applications with their attachments (sfhqmx '0'). */
  getUploadType: apilist('getUploadType', userRequest.extend({ slsqId: applicationId, sfhqmx: text(4).optional() }), errcodeReply(z.object({ datuminstInfo: z.array(applicationMaterial) }))),
  /**
   * Adds a picture to a material (datuminstId, or materialId): base64 (with or without a data: prefix)
   * or serverId, a WeChat media id the server downloads. JPEG or PNG only; answers the attachment.
   */
  savePicFromWXServer: apilist(
    'savePicFromWXServer',
    userRequest.extend({
      datuminstId: text(20).optional(),
      materialId: text(20).optional(),
      // base64 of MATERIAL_IMAGE_MAX_BYTES, with room for a data: prefix and line breaks.
      base64: plainText(7_200_000).optional(),
      serverId: text(256).optional(),
      typ: text(16).optional(),
      ysr: text(64).optional(),
      addgsgg: text(8).optional(),
    }),
    errcodeReply(materialAttachment),
    { form: true },
  ),
  /** Deletes one attachment (fileid: pro_attachment id) of an editable application. */
  delSinglePic: apilist('delSinglePic', userRequest.extend({ fileid: rowId }), errcodeOnlyReply),
  /** An attachment's picture, for its owner only. */
  materialFile: get('/online/public/material/file', z.object({ id: text(64) }), fileReply, { binary: true }),
  /**
   * Submits one of the session user's applications: only while submittable, only when every required
   * material has an attachment; gives the acceptance number prolsh. A repeated submit changes nothing.
   */
  submitApplyProject: apilist(
    'submitApplyProject',
    userRequest.extend({ proinstid: applicationId, appointment: text(1).optional() }),
    errcodeReply(z.object({ prolsh: z.string(), tjsj: z.string() })),
  ),
  /** Withdraws a pending (shzt 0) application back to not submitted (-1); stat 1 when withdrawn. */
  revokeApply: apilist(
    'revokeApply',
    userRequest.extend({
      id: applicationId,
      prodefid: text(64).optional(),
      appointmentType: text(4).optional(),
      djlx: text(8).optional(),
      qllx: text(8).optional(),
    }),
    statReply(z.null()),
  ),
  /**
   * The JS-SDK config of a page (form url, its #fragment is dropped): stat 1 with appId, timestamp,
   * nonceStr and the signature over the jsapi ticket, for wx.config before chooseImage and uploadImage.
   */
  createWxConfig: post(
    '/wechat/api/wechatimg/createwxconfig',
    z.object({ url: text(2048) }),
    statReply(z.object({ appId: z.string(), timestamp: z.number(), nonceStr: z.string(), signature: z.string() })),
    { form: true },
  ),
} as const;
