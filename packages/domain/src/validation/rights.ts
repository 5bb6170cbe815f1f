/** The rights information of an application (spec part 2 §2, §5; part 3 §5). */
import { VALIDATION_MESSAGES as M } from './messages';
import { text, isBlank, firstBlank, isDecimal, dateRange, type Text } from './inputs';

/** Cancellation (ZXDJ): the certificate number BDCZMH is required; reason and remark are free text. */
export function validateCancellation(input: { certificateNumber?: Text }): string | null {
  return isBlank(input.certificateNumber) ? M.cancellationCertificate : null;
}

export interface PreNoticeInput {
  /** tdsyqsrq */
  landUseStart?: Text;
  /** tdsyjsrq */
  landUseEnd?: Text;
}

/** Pre-notice rights (YGQLXX): land-use start and end required; then both real dates of 1949–2099, end not before start. */
export function validatePreNotice(input: PreNoticeInput): string | null {
  const missing = firstBlank(input, { landUseStart: M.landUseStart, landUseEnd: M.landUseEnd });
  if (missing !== null) return missing;
  return dateRange(input.landUseStart, input.landUseEnd, { start: '土地使用起始日期', end: '土地使用结束日期' }, M.landUseOrder);
}

export interface MortgageInput {
  /** zqqssj / zqlxqx_start */
  claimStart?: Text;
  /** zqjssj / zqlxqx_end */
  claimEnd?: Text;
  /** dyfs: "1" general, "2" maximum amount */
  method?: Text;
  /** bdbzzqse */
  securedPrincipal?: Text;
  /** zgzqse */
  maximumClaim?: Text;
}

/**
 * Mortgage rights (DYQXX, QTDJ): claim start, end and method required; the secured principal for
 * method "1", the maximum claim for "2"; then the amount is a number and the dates are real and ordered.
 */
export function validateMortgage(input: MortgageInput): string | null {
  const missing = firstBlank(input, { claimStart: M.claimStart, claimEnd: M.claimEnd, method: M.mortgageMethod });
  if (missing !== null) return missing;
  const method = text(input.method);
  if (method === '1') {
    if (isBlank(input.securedPrincipal)) return M.securedPrincipal;
    if (!isDecimal(input.securedPrincipal)) return M.fieldNumeric('被担保主债权数额');
  }
  if (method === '2') {
    if (isBlank(input.maximumClaim)) return M.maximumClaim;
    if (!isDecimal(input.maximumClaim)) return M.fieldNumeric('最高债权数额');
  }
  return dateRange(input.claimStart, input.claimEnd, { start: '债权起始日期', end: '债权结束日期' }, M.claimOrder);
}

export interface TransferRightsInput {
  /** czfs */
  holdingMethod?: Text;
  /** sfhbzs */
  certificateCount?: Text;
  /** qdjg */
  transactionAmount?: Text;
}

/** Transfer rights info (qlxxinfo): holding method, certificate count, transaction amount required; the amount a number. */
export function validateTransferRights(input: TransferRightsInput): string | null {
  const missing = firstBlank(input, { holdingMethod: M.holdingMethod, certificateCount: M.certificateCount, transactionAmount: M.transactionAmount });
  if (missing !== null) return missing;
  if (!isDecimal(input.transactionAmount)) return M.fieldNumeric('交易金额');
  return null;
}
