import { z } from 'zod';
import { SIGNATURE_VERDICT_CODES } from '@hall/domain';
import { apilist, get, post } from '../define-call';
import { errcodeReply, stateReply } from '../envelopes';
import { text } from '../common';
import { districtChoice, userRequest } from './shared/requests';
import { recordState } from './shared/records';
export { SIGNATURE_UPLOAD_SUCCESS, licencePreviewPath, verificationPreviewPath, pdfViewerHref } from '../messages';

/**
 * Certificate and electronic-licence queries, their records, and the signature-verification
 * upload (spec part 1 §2, §3, §4, §7).
 */

/** A record's id as the contract carries it: digits, as a string or a number. */
const recordId = text(20);

/** One city of the certificate queries' selector (xzqs). */
export const queryCity = z.object({ xzqMc: z.string(), xzqBm: z.string() });
export type QueryCity = z.infer<typeof queryCity>;

/**
 * The query parameters of certificateSearch and dzzzcertificateSearch (spec part 1 §3). Every field
 * is optional here so that an empty one reaches the rule and gets its own message (请填入内容 …).
 */
export const certificateQueryForm = userRequest.extend({
  /** The owner's name: the profile's, prefilled and disabled on the screen. */
  username: text(64).optional(),
  /** The owner's ID number: the profile's. */
  zjh: text(32).optional(),
  /** The certificate number. */
  qzh: text(128).optional(),
  /** The city's name and code from the selector. */
  ...districtChoice,
});
export type CertificateQueryForm = z.input<typeof certificateQueryForm>;

/** Query record kinds as stored: zs (certificate), dzzz (electronic licence), verify (signature verification). */
export const QUERY_RECORD_KINDS = ['zs', 'dzzz', 'verify'] as const;
export type QueryRecordKindCode = (typeof QUERY_RECORD_KINDS)[number];

/**
 * One row of /record, /dzzzrecord and /dzzzverificationrecord: the query number, the query time
 * (YYYY-MM-DD HH:mm:ss, Asia/Shanghai), the state (0 or 10 in progress, 20 found, 21 not found) and
 * its message; verification records also carry the uploaded file's name.
 */
export const queryRecordItem = z.object({
  ID: z.string(),
  searchtime: z.string(),
  ...recordState,
  filename: z.string().optional(),
  /** The certificate number a certificate or licence query was for, as looked up. */
  qzh: z.string().optional(),
  /** A checked verification's verdict (its words are state_msg), so the list can show its tone. */
  verdict: z.enum(SIGNATURE_VERDICT_CODES).optional(),
});
export type QueryRecordItem = z.infer<typeof queryRecordItem>;

/** A record looked up by its code (verifyquery): the list row plus what the registry or the verifier returned. */
export const queryRecordDetail = queryRecordItem.extend({
  kind: z.enum(QUERY_RECORD_KINDS),
  /** The found certificate (zs, dzzz) or the verification outcome { signed, message } (verify); null while pending. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Where to open the record's PDF, when it has one. */
  preview: z.string().optional(),
});
export type QueryRecordDetail = z.infer<typeof queryRecordDetail>;

/** A reply that is a file on success (a Blob in the client), else the state envelope with errmsg. */
const fileReply = z.union([z.instanceof(Blob), stateReply(z.never())]);

/** A query or upload submitted: data.ID is the new record. */
const querySubmittedReply = stateReply(z.object({ ID: z.string() }));

/** A record list (/record, /dzzzrecord, /dzzzverificationrecord), newest first. */
const recordListReply = stateReply(z.array(queryRecordItem));

/** The fields of the signature-verification upload besides the file. */
export const signatureUploadFields = userRequest.extend(districtChoice);

export const queryCalls = {
  /** The city selector of the certificate and licence queries: data.xzqs. */
  certificateCity: get('/online/query/wx/zsqueryPage', userRequest, errcodeReply(z.object({ xzqs: z.array(queryCity) }))),
  /** Submits a certificate query; state true means submitted, data.ID is the new record. */
  certificateSearch: post('/online/query/wx/zsquery', certificateQueryForm, querySubmittedReply),
  /** Submits an electronic-licence query (the user must be real-name verified). */
  dzzzcertificateSearch: post('/online/query/wx/dzzzquery', certificateQueryForm, querySubmittedReply),
  /** The certificate query results (/record), newest first. */
  getZsRecord: apilist('getZsRecord', userRequest, recordListReply),
  /** The electronic-licence query results (/dzzzrecord), newest first. */
  dzzzRecord: apilist('dzzzRecord', userRequest, recordListReply),
  /** The signature-verification records (/dzzzverificationrecord), newest first, with file names. */
  dzzzVerification: apilist('dzzzVerification', userRequest, recordListReply),
  /** The PDF of a found certificate or licence record (state 20), as a file. */
  getDzzzPdf: apilist('getDzzzPdf', userRequest.extend({ id: recordId }), fileReply, { binary: true }),
  /** The preview address of a verification record's uploaded file. */
  getDzzzyqPdf: apilist('getDzzzyqPdf', userRequest.extend({ id: recordId }), stateReply(z.object({ path: z.string() }))),
  /**
   * Uploads a PDF for signature verification (multipart: Filedata, xzqdm, xzqmc, openid):
   * state 1 with 文件上传成功，查看历史记录验签信息, else errmsg.
   */
  getDzzzyqUpload: apilist('getDzzzyqUpload', signatureUploadFields.extend({ Filedata: z.instanceof(Blob) }), querySubmittedReply, { multipart: true }),
  /** The PDF of a found certificate or licence record, streamed for the PDF viewer (owner only). */
  licencePreview: get('/online/public/dzzz/signature/preview', z.object({ id: recordId }), fileReply, { binary: true }),
  /** The uploaded file of a verification record, streamed for the PDF viewer (owner only). */
  verificationPreview: get('/online/public/dzzz/verification/preview', z.object({ id: recordId }), fileReply, { binary: true }),
  /** A record by its code (the query number), for its owner; dyid, when given, must be the certificate's unit number. */
  verifyQuery: get('/online/public/verify/verifyquery', z.object({ code: recordId, dyid: text(64).optional() }), stateReply(queryRecordDetail)),
  /** One of the caller's stored files by its id or storage key, as a file. */
  downloadPdf: get('/online/public/search/downpdf', z.object({ path: text(256) }), fileReply, { binary: true }),
} as const;
