import { z } from 'zod';
import { apilist, get, post } from '../define-call';
import { errcodeOnlyReply, errcodeReply, stateReply } from '../envelopes';
import { text, plainText } from '../common';
import { districtChoice, userRequest } from './shared/requests';
import { recordState } from './shared/records';

/**
 * The archive query (查档证明): phone code, face check, the request, its records and certificate
 * (spec part 3 §2.7, §2.8, §4, §7), and the registration property query (§2.9).
 */

const recordId = text(20);

/** The request's fields (part 3 §7): the profile's name, ID number and phone, and the district. */
export const archiveQueryForm = userRequest.extend({
  qlrname: text(64).optional(),
  qlrcode: text(32).optional(),
  qlrphone: text(20).optional(),
  ...districtChoice,
  /** The business serial getQueryYzm answered; without it the session's newest verified step is used. */
  bsm: text(64).optional(),
});
export type ArchiveQueryForm = z.input<typeof archiveQueryForm>;

/** One row of /querycertrecord: the acceptance number, when it was asked, the state (0 pending, 20 found, 21 nothing found). */
export const archiveRecordItem = z.object({
  certId: z.string(),
  sqdh: z.string(),
  qlrname: z.string(),
  searchtime: z.string(),
  ...recordState,
});
export type ArchiveRecordItem = z.infer<typeof archiveRecordItem>;

/** One property of the person, as the certificate lists it. */
export const archiveProperty = z.object({
  bdcqzh: z.string(),
  bdcdyh: z.string(),
  zl: z.string(),
  yt: z.string(),
  mj: z.string(),
  /** Seizures (查封) and mortgages (抵押) as short text, 无 when none. */
  cfxx: z.string(),
  dyxx: z.string(),
});
export type ArchiveProperty = z.infer<typeof archiveProperty>;

/** A record with what the registry returned. */
export const archiveRecordDetail = archiveRecordItem.extend({
  qlrcode: z.string(),
  xzqmc: z.string(),
  properties: z.array(archiveProperty),
});
export type ArchiveRecordDetail = z.infer<typeof archiveRecordDetail>;

/** The print data of the certificate (part 3 §3): holder, ID, the properties, the template. */
export const archivePrintData = z.object({
  qlrmc: z.string(),
  zjh: z.string(),
  sqdh: z.string(),
  cxsj: z.string(),
  jg: z.string(),
  properties: z.array(archiveProperty),
  mbmc: z.string(),
});

/** One certificate found by relationfilesearch / getqueryRecordWx. */
export const relationRecord = archiveProperty.extend({ qlr: z.string() });

/** The property query's form (part 3 §2.9): query type, year, kind and number, or the legacy number. */
export const propertyQueryForm = userRequest.extend({
  /** 1 certificate or proof, 2 legacy certificate. */
  cxfs: z.enum(['1', '2']),
  nf: text(4).optional(),
  /** 1 不动产权, 2 不动产证明. */
  zstype: z.enum(['1', '2']).optional(),
  /** The serial (type 1) or the whole legacy number (type 2). */
  bdcqzh: text(128).optional(),
  /** The registration the query serves (query djlx, qllx, slbh). */
  djlx: text(8).optional(),
  qllx: text(8).optional(),
  slbh: text(64).optional(),
});
export type PropertyQueryForm = z.input<typeof propertyQueryForm>;

/** A mortgage of the property (dyxx). */
export const propertyMortgage = z.object({ dyqr: z.string(), zgzqse: z.string() });

export const propertyQueryResult = z.object({
  ID: z.string(),
  /** The certificate number as printed (新(YYYY)第六师不动产权第N号). */
  qlrqzh: z.string(),
  ...recordState,
  BDCDYH: z.string().optional(),
  zl: z.string().optional(),
  yt: z.string().optional(),
  mj: z.string().optional(),
  dyList: z.array(propertyMortgage).optional(),
});
export type PropertyQueryResult = z.infer<typeof propertyQueryResult>;

const phoneCodeRequest = userRequest.extend({ qlrphone: text(20).optional() });
const certRequest = userRequest.extend({ certId: recordId });
const fileReply = z.union([z.instanceof(Blob), stateReply(z.never())]);
/** The request recorded: its record and acceptance number. */
const requestRecordedReply = errcodeReply(z.object({ certId: z.string(), sqdh: z.string() }));

export const archiveQueryCalls = {
  /** Sends the dynamic code to the profile's phone (errcode '00'); /mp/api/user/getphonecode is the profile's getPhoneCode. */
  phongQueryYzm: apilist('phong_query_yzm', phoneCodeRequest, errcodeOnlyReply),
  /**
   * Checks the typed code on the server (errcode true on success). The code itself never comes
   * back: data.bsm names the verified step the face check and the request continue.
   */
  getQueryYzm: apilist(
    'getQueryYzm',
    phoneCodeRequest.extend({ yzm: text(12).optional() }),
    z.object({ errcode: z.union([z.boolean(), z.string()]), errmsg: z.string().optional(), data: z.object({ bsm: z.string() }).optional() }),
  ),
  /** Records the request once the code and the face check passed; data.certId is the new record. */
  sentquerycert: apilist('sentquerycert', archiveQueryForm, requestRecordedReply),
  queryCertRecord: apilist('queryCertRecord', archiveQueryForm, requestRecordedReply),
  /** The citizen's requests, newest first. */
  querycertrecord: apilist('querycertrecord', userRequest, errcodeReply(z.array(archiveRecordItem))),
  /** The requests, optionally only the one with this acceptance number (data.data). */
  getCertRecord: apilist('getCertRecord', userRequest.extend({ code: text(32).optional() }), errcodeReply(z.object({ data: z.array(archiveRecordItem) }))),
  /** One request with what the registry returned. */
  getRecord: apilist('getRecord', certRequest, errcodeReply(archiveRecordDetail)),
  /** The certificate as a PNG data URL (imagedata), once returned (20 or 21). */
  getCatchCert: apilist('getCatchCert', userRequest.extend({ cerId: recordId, ismobel: plainText(8).optional() }), errcodeReply(z.object({ imagedata: z.string() }))),
  /** The certificate's print data. */
  getCatchcertex: apilist('getCatchcertex', certRequest, errcodeReply(archivePrintData)),
  /** Where the certificate's PDF opens (createpdf1). */
  createpdf: apilist('createpdf', certRequest, errcodeReply(z.object({ path: z.string() }))),
  /** The certificate as a PDF, for its owner. */
  createpdf1: get('/online/public/search/createpdf1', z.object({ certId: recordId }), fileReply, { binary: true }),
  /** The citizen's own certificate by its number (selecttype 8); state 1 with the record, else errmsg. */
  relationfilesearch: post(
    '/online/public/search/relationfilesearch',
    userRequest.extend({ bdcqzh: text(128).optional(), card: text(32).optional(), name: text(64).optional(), selecttype: text(4).optional() }),
    stateReply(relationRecord),
  ),
  /** The properties a returned request found, optionally only the certificate bdcqzh (data.records). */
  getqueryRecordWx: post('/online/public/search/getqueryRecordWx', userRequest.extend({ id: recordId, bdcqzh: text(128).optional() }), stateReply(z.object({ records: z.array(archiveProperty) }))),
  /** Submits the registration property query; the answer carries the record to poll. */
  searchBdcdyInfoByBdcqzh: post('/mpnw/api/singleApply/searchBdcdyInfoByBdcqzh', propertyQueryForm, stateReply(propertyQueryResult)),
  /** The property query's state; 20 carries BDCDYH and the mortgages. */
  getBdcqzhQuery: apilist('getBdcqzhQuery', userRequest.extend({ id: recordId }), stateReply(propertyQueryResult)),
} as const;

/** The path createpdf answers, for the PDF viewer. */
export function archivePdfPath(certId: string | number): string {
  return `/online/public/search/createpdf1?certId=${encodeURIComponent(String(certId))}`;
}
