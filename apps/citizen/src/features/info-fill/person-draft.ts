import type { Applicant } from '@hall/api/browser';
import { APPLICANT_CATEGORY_COMPANY, APPLICANT_CATEGORY_PERSON, COMPANY_ID_TYPES, ID_TYPE_ID_CARD } from '@hall/domain';
import { useCallback, useState } from 'react';

/** The person form as typed. */
export interface PersonValues {
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
}

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
    category: person.sqr_zjlx in COMPANY_ID_TYPES ? APPLICANT_CATEGORY_COMPANY : APPLICANT_CATEGORY_PERSON,
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

function readDraft(key: string): PersonValues | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
    if (!stored || typeof stored !== 'object') return null;
    const values = { ...EMPTY_PERSON };
    for (const field of Object.keys(EMPTY_PERSON) as (keyof PersonValues)[]) {
      const value = stored[field];
      if (typeof value === 'string') values[field] = value;
    }
    return values;
  } catch {
    // Storage may be off (private mode) or hold something else: the form starts from the saved person.
    return null;
  }
}

function writeDraft(key: string, values: PersonValues | null): void {
  try {
    if (values) window.localStorage.setItem(key, JSON.stringify(values));
    else window.localStorage.removeItem(key);
  } catch {
    // See readDraft.
  }
}

/** The form's values: the draft when there is one, else the saved person; kept as typed, dropped on save. */
export function usePersonDraft(key: string, saved: PersonValues): [PersonValues, (patch: Partial<PersonValues>) => void, () => void] {
  const [values, setValues] = useState<PersonValues>(() => readDraft(key) ?? saved);
  const change = useCallback(
    (patch: Partial<PersonValues>) => {
      setValues((current) => {
        const next = { ...current, ...patch };
        writeDraft(key, next);
        return next;
      });
    },
    [key],
  );
  const clear = useCallback(() => writeDraft(key, null), [key]);
  return [values, change, clear];
}
