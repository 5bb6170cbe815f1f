import type { Applicant } from '@hall/api/browser';
import { APPLICANT_CATEGORY_PERSON, ID_TYPE_ID_CARD, applicantCategoryOf } from '@hall/domain';
import { useFormDraft } from './form-draft';

/** The person form as typed. */
// A type alias (not an interface) so it fits the drafts' string record.
export type PersonValues = {
  /** '1' company, '2' person. */
  category: string;
  name: string;
  phone: string;
  idType: string;
  idNumber: string;
  address: string;
  agentName: string;
  agentIdType: string;
  agentIdNumber: string;
  agentPhone: string;
  repName: string;
  repIdType: string;
  repIdNumber: string;
  repPhone: string;
  /** sfcqr: '1' holds the certificate (the default), '0' not. */
  holder: string;
  /** gyfs: '0' sole (the default), '1' joint, '2' by share, '3' other. */
  sharingMode: string;
  /** gyfe, percent. */
  share: string;
};

export const COMPANY_DEFAULT_ID_TYPE = '7';

export const EMPTY_PERSON: PersonValues = {
  category: APPLICANT_CATEGORY_PERSON,
  name: '',
  phone: '',
  idType: ID_TYPE_ID_CARD,
  idNumber: '',
  address: '',
  agentName: '',
  agentIdType: ID_TYPE_ID_CARD,
  agentIdNumber: '',
  agentPhone: '',
  repName: '',
  repIdType: ID_TYPE_ID_CARD,
  repIdNumber: '',
  repPhone: '',
  holder: '1',
  sharingMode: '0',
  share: '',
};

/** A saved applicant as the form shows it. */
export function personValuesOf(person: Applicant): PersonValues {
  return {
    category: applicantCategoryOf(person.sqr_zjlx),
    name: person.sqr_name,
    phone: person.sqr_tel,
    idType: person.sqr_zjlx || ID_TYPE_ID_CARD,
    idNumber: person.sqr_zjh,
    address: person.sqr_adress,
    agentName: person.sqr_qt_dlr_name,
    agentIdType: person.sqr_qt_zjlx || ID_TYPE_ID_CARD,
    agentIdNumber: person.sqr_qt_zjh,
    agentPhone: person.sqr_qt_tel,
    repName: person.sqr_qt_fr_name,
    repIdType: person.sqr_qt_fr_zjlx || ID_TYPE_ID_CARD,
    repIdNumber: person.sqr_qt_fr_zjh,
    repPhone: person.sqr_qt_fr_tel,
    holder: person.iscqr === '0' ? '0' : '1',
    sharingMode: person.sqr_gyfs || '0',
    share: person.sqr_gyfe,
  };
}

/** Unsaved typing is kept per application, kind and person (or "new"), so a reload loses nothing. */
export function personDraftKey(applicationId: string, type: string, personId: string): string {
  return `hall:person-draft:${applicationId}:${type}:${personId || 'new'}`;
}

/** The form's values: the draft when there is one, else the saved person; kept as typed, dropped on save. */
export function usePersonDraft(key: string, saved: PersonValues): [PersonValues, (patch: Partial<PersonValues>) => void, () => void] {
  return useFormDraft(key, saved);
}
