import { z } from 'zod';
import { post } from '../define-call';
import { stateReply } from '../envelopes';
import { text, plainText } from '../common';
import { userRequest } from './shared/requests';

/**
 * Hand signatures and the written statements of a case (spec part 3 §2.11–§2.17, §3, §7
 * "Signature, statements and applicants"): saving an applicant's signature, reading the case's
 * house, statements and signatures back, the statement templates, and the guarantee preview.
 * Each works on the session user's own applications only.
 */

const applicationId = text(20);

/** The largest signature picture, decoded: a 350×400 canvas at up to 3× pixel density is far below it. */
export const SIGNATURE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** A statement's fields as a form sends them (jusInfo, recordInfo, changecqzInfo): JSON text or an object of short texts. */
export const statementFields = z.record(plainText(32), z.union([plainText(2000), z.number(), z.boolean(), z.null()]));
export type StatementFields = z.infer<typeof statementFields>;
export const statementText = z.union([plainText(40000), statementFields]);

/** The statements a save may carry; either changecqzInfo (800+4) or recordInfo and jusInfo. */
export const statementPayload = {
  jusInfo: statementText.optional(),
  recordInfo: statementText.optional(),
  changecqzInfo: statementText.optional(),
};

/** The house of the case as the statements read it: certificate number, unit number, location. */
export const statementHouse = z.object({ qzh: z.string(), bdcdyh: z.string(), zl: z.string() });
export type StatementHouse = z.infer<typeof statementHouse>;

/** fwxx, parsed: the house and the saved statements (empty objects while none is saved). */
export const statementBundle = z.object({
  houseInfo: statementHouse,
  jusInfo: z.record(z.string(), z.string()),
  recordInfo: z.record(z.string(), z.string()),
  changecqzInfo: z.record(z.string(), z.string()),
});
export type StatementBundle = z.infer<typeof statementBundle>;

/** One applicant's signature (qzinfo): the applicant, their name and the PNG as a data: URL. */
export const applicantSignature = z.object({ sqrid: z.string(), sqrxm: z.string(), qzxx: z.string() });
export type ApplicantSignature = z.infer<typeof applicantSignature>;

/** A statement template of the case (a material the rendered statements are uploaded to). */
export const statementTemplate = z.object({ id: z.string(), name: z.string() });
export type StatementTemplate = z.infer<typeof statementTemplate>;

/** htpreview_wx's data: the signature of the first rights holder, their name, the certificate number, and extend_data (JSON text with houseInfo). */
export const guaranteePreview = z.object({
  buyer_qzinfo: z.string(),
  buyer_compactBuyer_Name: z.string(),
  qzh: z.string(),
  extend_data: z.string(),
});
export type GuaranteePreview = z.infer<typeof guaranteePreview>;

export const statementCalls = {
  /** Saves an applicant's hand signature (decodeInfo: a PNG, data: URL or bare base64) and marks them signed (qzzt 1). */
  saveQzxxWx: post(
    '/online/public/search/save_qzxx_wx',
    userRequest.extend({
      id: text(20),
      // base64 of SIGNATURE_IMAGE_MAX_BYTES with room for a data: prefix.
      decodeInfo: plainText(2_900_000),
    }),
    stateReply(z.null()),
    { form: true },
  ),
  /** The case's house, statements (fwxx, JSON text) and the applicants' signatures (qzinfo). */
  querySqrWx: post(
    '/online/public/search/query_sqr_wx',
    userRequest.extend({ proinstid: applicationId.optional(), slsqId: applicationId.optional(), queryTyp: text(4).optional() }),
    stateReply(z.null()).extend({ fwxx: z.string().optional(), qzinfo: z.array(applicantSignature).optional() }),
  ),
  /** The statement templates of the case: its materials named for the undertaking, inquiry and description. */
  queryTyp: post('/online/public/search/queryTyp', userRequest.extend({ slsqId: applicationId }), stateReply(z.array(statementTemplate))),
  /** The guarantee-statement preview of a case. */
  htpreviewWx: post('/online/public/search/htpreview_wx', userRequest.extend({ proinstid: applicationId }), stateReply(guaranteePreview)),
} as const;
