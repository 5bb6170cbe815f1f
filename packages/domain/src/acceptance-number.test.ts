import { describe, expect, it } from 'vitest';
import { ACCEPTANCE_NUMBER_MAX_LENGTH, isAcceptanceNumber } from './acceptance-number';

describe('isAcceptanceNumber (the progress query, one segment of a registry address)', () => {
  it.each<[string, boolean, string?]>([
    ['HD2026110001', true, "the hall's own"],
    ['CD20261101000042', true, 'an archive request'],
    [' HD2026110001 ', true, 'surrounding spaces'],
    ['Bo2025/0042 甲', true, "a back-office's, with a slash, a space and a Chinese character"],
    ['邯(2025)受0042号', true, 'brackets'],
    ['7', true, 'one digit'],
    ['..', false, 'the parent segment'],
    ['.', false, 'the current segment'],
    ['/x', false, 'a leading slash'],
    ['x/', false, 'a trailing slash'],
    ['%2e%2e', false, 'an encoded parent segment'],
    ['HD%2F1', false, 'a percent sign'],
    ['HD2026.0001', false, 'a dot'],
    ['a\\b', false, 'a backslash'],
    ['HD1?x=1', false, 'a query'],
    ['HD1#x', false, 'a fragment'],
    ['HD\u00001', false, 'a control character'],
    ['', false, 'empty'],
    ['H'.repeat(ACCEPTANCE_NUMBER_MAX_LENGTH + 1), false, 'too long'],
  ])('%j → %s (%s)', (value, expected) => expect(isAcceptanceNumber(value)).toBe(expected));
});
