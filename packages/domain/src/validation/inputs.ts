/** How the rules read a form's text: trimmed, blank, counted by character, as a decimal or a picker's date. Not exported from the package. */
import { DATE_YEAR_MAX, DATE_YEAR_MIN } from '../constants';
import { VALIDATION_MESSAGES as M } from './messages';

/** A text field as it may arrive from a form or a payload. */
export type Text = string | number | null | undefined;

export function text(value: Text): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

export function isBlank(value: Text): boolean {
  return text(value) === '';
}

/** Required fields in the order a form checks them: the message of the first one left blank, or null when none is. */
export function firstBlank<K extends string>(input: { readonly [P in NoInfer<K>]?: Text }, messages: Readonly<Record<K, string>>): string | null {
  for (const field of Object.keys(messages) as K[]) {
    if (isBlank(input[field])) return messages[field];
  }
  return null;
}

/** Characters as a person counts them: one per code point, so an emoji or a rare character counts once. */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/** A non-negative decimal as the forms accept it for areas and amounts. */
export function isDecimal(value: Text): boolean {
  return /^\d+(?:\.\d+)?$/.test(text(value));
}

/** A real date of the pickers' range, written YYYY-MM-DD (or with / or .), a time part allowed. */
export function pickerDate(value: Text): string | null {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[ T])/.exec(text(value));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Both dates valid, and the end not before the start; or the first message that fails. */
export function dateRange(start: Text, end: Text, labels: { start: string; end: string }, orderMessage: string): string | null {
  const from = pickerDate(start);
  if (from === null) return M.fieldDate(labels.start);
  const to = pickerDate(end);
  if (to === null) return M.fieldDate(labels.end);
  return to < from ? orderMessage : null;
}
