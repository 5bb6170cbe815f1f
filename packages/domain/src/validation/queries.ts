/** The certificate, phone-code and property queries and the signature-verification upload (spec part 1 §5, part 3 §5). */
import { UPLOAD_MAX_BYTES } from '../constants';
import { isMainlandMobileNumber } from '../formats';
import { isQueryIdNumber } from '../id-card';
import { VALIDATION_MESSAGES as M } from './messages';
import { text, isBlank, type Text } from './inputs';

export interface CertificateQueryInput {
  /** xzqmc */
  city?: Text;
  /** username */
  name?: Text;
  /** zjh */
  idNumber?: Text;
  /** qzh */
  certificateNumber?: Text;
}

/**
 * Certificate and electronic-licence query (part 1 §5): every field filled (请填入内容), then the name,
 * the ID with the query check (15, 18, or 17 digits plus X), the certificate number.
 * "Filled" means typed into: a field holding only spaces passes the first check and fails its own.
 */
export function validateCertificateQuery(input: CertificateQueryInput): string | null {
  const fields = [input.city, input.name, input.idNumber, input.certificateNumber];
  if (fields.some((value) => value === null || value === undefined || String(value) === '')) return M.queryIncomplete;
  if (isBlank(input.name)) return M.queryName;
  if (!isQueryIdNumber(text(input.idNumber))) return M.queryIdNumber;
  if (isBlank(input.certificateNumber)) return M.queryCertificateNumber;
  return null;
}

/**
 * Signature-verification upload (part 1 §5): the name contains .pdf (any letter case, as phones
 * often name files .PDF), and the size is not above UPLOAD_MAX_BYTES: 500 MB, what the message says.
 * A hall that verifies OFD e-licences (`allowOfd`) takes a name with .ofd too, and its refusal names both.
 */
export function validateSignatureUpload(input: { fileName: string; size: number; allowOfd?: boolean }): string | null {
  const name = input.fileName.toLowerCase();
  if (!name.includes('.pdf') && !(input.allowOfd && name.includes('.ofd'))) return input.allowOfd ? M.uploadPdfOrOfdOnly : M.uploadPdfOnly;
  if (input.size > UPLOAD_MAX_BYTES) return M.uploadTooLarge;
  return null;
}

export interface PhoneCodeSearchInput {
  /** The code the user typed. */
  code?: Text;
  /** The code the server returned (getQueryYzm data). */
  serverCode?: Text;
  /** qlrphone */
  phone?: Text;
}

/** Phone-code search (part 3 §5): the code typed and equal to the server's, then a 13–19 mobile. Dialog title: PHONE_CODE_FAILURE_TITLE. */
export function validatePhoneCodeSearch(input: PhoneCodeSearchInput): string | null {
  if (isBlank(input.code) || text(input.code) !== text(input.serverCode)) return M.phoneCode;
  if (!isMainlandMobileNumber(text(input.phone))) return M.phoneNumber;
  return null;
}

export interface PropertyQueryInput {
  /** bdcqzh */
  certificateNumber?: Text;
  /** The legacy (old-style) certificate number. */
  legacyNumber?: Text;
  /** name, from the profile */
  name?: Text;
  /** card, from the profile */
  cardNumber?: Text;
}

/** Property query (part 3 §5): a certificate or legacy number, then the profile's name and card number. */
export function validatePropertyQuery(input: PropertyQueryInput): string | null {
  if (isBlank(input.certificateNumber) && isBlank(input.legacyNumber)) return M.propertyQueryNumber;
  if (isBlank(input.name) || isBlank(input.cardNumber)) return M.propertyQueryProfile;
  return null;
}
