/** Generic inputs and the datetime picker (spec part 3 §5). */
import { VALIDATION_MESSAGES as M } from './messages';
import { characterCount } from './inputs';

export interface InputRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** The value this one must equal, e.g. the first entry of a repeated password. */
  equalTo?: string;
}

/**
 * A generic input (part 3 §5): required (必填哦), then at least N characters, at most N characters,
 * equal to another value. An empty optional input passes.
 */
export function validateGenericInput(value: string | null | undefined, rules: InputRules): string | null {
  const raw = value ?? '';
  if (raw.trim() === '') return rules.required ? M.required : null;
  const length = characterCount(raw);
  if (rules.minLength !== undefined && length < rules.minLength) return M.minLength(rules.minLength);
  if (rules.maxLength !== undefined && length > rules.maxLength) return M.maxLength(rules.maxLength);
  if (rules.equalTo !== undefined && raw !== rules.equalTo) return M.mismatch;
  return null;
}

/** A required datetime picker shows 必填 while empty (part 3 §5). */
export function validateDatetimeInput(value: string | null | undefined): string | null {
  return (value ?? '').trim() === '' ? M.datetimeRequired : null;
}
