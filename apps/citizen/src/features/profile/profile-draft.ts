import { useCallback, useState } from 'react';

/** The profile fields as typed. */
export interface ProfileValues {
  name: string;
  cardnum: string;
  phone: string;
}

/** Typed but unsaved profile values are kept per citizen, so a reload loses nothing. */
function draftKey(openid: string): string {
  return `hall:profile-draft:${openid}`;
}

function readDraft(openid: string): ProfileValues | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(draftKey(openid)) ?? 'null') as Partial<ProfileValues> | null;
    if (!stored || typeof stored !== 'object') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return { name: text(stored.name), cardnum: text(stored.cardnum), phone: text(stored.phone) };
  } catch {
    // Storage may be off (private mode) or hold something else: the form starts from the profile.
    return null;
  }
}

function writeDraft(openid: string, values: ProfileValues | null): void {
  try {
    if (values) window.localStorage.setItem(draftKey(openid), JSON.stringify(values));
    else window.localStorage.removeItem(draftKey(openid));
  } catch {
    // See readDraft.
  }
}

/** The form's values: the draft when there is one, else the saved profile; kept as they are typed, dropped on save. */
export function useProfileDraft(openid: string, saved: ProfileValues): [ProfileValues, (patch: Partial<ProfileValues>) => void, () => void] {
  const [values, setValues] = useState<ProfileValues>(() => readDraft(openid) ?? saved);
  const change = useCallback(
    (patch: Partial<ProfileValues>) => {
      setValues((current) => {
        const next = { ...current, ...patch };
        writeDraft(openid, next);
        return next;
      });
    },
    [openid],
  );
  const clear = useCallback(() => writeDraft(openid, null), [openid]);
  return [values, change, clear];
}
