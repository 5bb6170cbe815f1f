/** Applicants and their signing (spec part 2 §5, part 3 §5). */
import { DEFAULT_APPLICANT_CATEGORY, SHARE_MAX, SHARE_MIN } from '../constants';
import { APPLICANT_CATEGORY_COMPANY, ID_TYPE_ID_CARD } from '../enums';
import { isMobileNumber } from '../formats';
import { isAgentIdNumber, isValidIdNumber } from '../id-card';
import { VALIDATION_MESSAGES as M } from './messages';
import { text, isBlank, type Text } from './inputs';

export interface ApplicantInput {
  /** Category: "1" company, "2" person (the default). */
  category?: Text;
  /** sqrxm */
  name?: Text;
  /** sqrlxdh */
  phone?: Text;
  /** zjlx */
  idType?: Text;
  /** sqrzjh */
  idNumber?: Text;
  /** sqrdz */
  address?: Text;
  /** dlrzjlx: the agent ID check applies when this is blank or "1" (an ID card). */
  agentIdType?: Text;
  /** dlrzjh */
  agentIdNumber?: Text;
  /** dlrlxdh */
  agentPhone?: Text;
  /** fddbrdh */
  legalRepresentativePhone?: Text;
  /** gyfs */
  sharingMode?: Text;
  /** gyfe, percent */
  share?: Text;
}

/**
 * Person or company applicant (part 2 §5, part 3 §5), in the spec's order: name, contact, ID,
 * address (person only), agent ID if given, then agent and legal-representative phones with the
 * mobile check when given, then the share when the sharing mode is not "0".
 */
export function validateApplicant(input: ApplicantInput, today: Date = new Date()): string | null {
  const category = isBlank(input.category) ? DEFAULT_APPLICANT_CATEGORY : text(input.category);
  const isCompany = category === APPLICANT_CATEGORY_COMPANY;
  if (isBlank(input.name)) return isCompany ? M.companyName : M.applicantName;
  if (isBlank(input.phone)) return M.applicantContact;
  if (text(input.idType) === ID_TYPE_ID_CARD) {
    if (!isValidIdNumber(text(input.idNumber), today)) return M.applicantIdNumber;
  } else if (isBlank(input.idNumber)) {
    return isCompany ? M.companyIdRequired : M.applicantIdRequired;
  }
  if (!isCompany && isBlank(input.address)) return M.applicantAddress;
  const agentHoldsIdCard = isBlank(input.agentIdType) || text(input.agentIdType) === ID_TYPE_ID_CARD;
  if (agentHoldsIdCard && !isBlank(input.agentIdNumber) && !isAgentIdNumber(text(input.agentIdNumber))) return M.agentIdNumber;
  if (!isBlank(input.agentPhone) && !isMobileNumber(text(input.agentPhone))) return M.agentPhone;
  if (!isBlank(input.legalRepresentativePhone) && !isMobileNumber(text(input.legalRepresentativePhone))) return M.legalRepresentativePhone;
  return validateShare(input.sharingMode, input.share);
}

/** The share is asked only when the sharing mode is not "0"; by-share (2) needs one; any share given lies in 0–99.99. */
function validateShare(sharingMode: Text, share: Text): string | null {
  const mode = text(sharingMode);
  if (mode === '' || mode === '0') return null;
  if (isBlank(share)) return mode === '2' ? M.shareRequired : null;
  if (!/^\d+(?:\.\d{1,2})?$/.test(text(share))) return M.shareRange;
  const value = Number(text(share));
  return value >= SHARE_MIN && value <= SHARE_MAX ? null : M.shareRange;
}

/** Signing (part 2 §8, part 3 §5): only an applicant that has been saved (has an id) can sign. */
export function validateSigning(input: { applicantId?: Text }): string | null {
  return isBlank(input.applicantId) ? M.signUnsaved : null;
}
