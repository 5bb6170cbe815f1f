import { useCallback, useState } from 'react';

/** A form's values: every field a string. */
export type FormValues = Record<string, string>;

function readDraft<T extends FormValues>(key: string, fields: T): T | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;
    if (!stored || typeof stored !== 'object') return null;
    const values: FormValues = { ...fields };
    for (const field of Object.keys(fields)) {
      const value = stored[field];
      if (typeof value === 'string') values[field] = value;
    }
    return values as T;
  } catch {
    // Storage may be off (private mode) or hold something else: the form starts from what is saved.
    return null;
  }
}

function writeDraft(key: string, values: FormValues | null): void {
  try {
    if (values) window.localStorage.setItem(key, JSON.stringify(values));
    else window.localStorage.removeItem(key);
  } catch {
    // See readDraft.
  }
}

/**
 * A form's values kept in local storage under `key` as they are typed, so a reload loses nothing:
 * the draft when there is one (only the fields of `saved` are read back), else `saved`. `clear`
 * drops the draft once the form has been saved.
 */
export function useFormDraft<T extends FormValues>(key: string, saved: T): [T, (patch: Partial<T>) => void, () => void] {
  const [values, setValues] = useState<T>(() => readDraft(key, saved) ?? saved);
  const change = useCallback(
    (patch: Partial<T>) => {
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
