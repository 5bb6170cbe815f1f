import { describe, expect, it } from 'vitest';
import * as constants from './constants';

const TABLE: [keyof typeof constants, unknown][] = [
  // Codes and countdowns.
  ['SMS_COUNTDOWN_SECONDS', 60],
  // Lists and paging.
  ['PAGER_PAGE_SIZE', 5],
  ['LIST_PAGE_SIZE', 15],
  // Dates.
  ['DATE_YEAR_MIN', 1949],
  ['DATE_YEAR_MAX', 2099],
  ['CERTIFICATE_YEAR_COUNT', 10],
  // Images, uploads, signatures.
  ['SIGNATURE_ROTATION_STEP_DEGREES', 90],
  ['UPLOAD_MAX_BYTES', 524_288_000],
  // Limits of forms.
  ['FEEDBACK_MAX_LENGTH', 200],
  ['SHARE_MIN', 0],
  ['SHARE_MAX', 99.99],
  ['MAP_ZOOM', 14],
  // Defaults.
  ['APP_VERSION', '1.0beta'],
  ['DEFAULT_SHARING_MODE', '0'],
  ['DEFAULT_HOLDER_FLAG', '1'],
  ['DEFAULT_APPLICANT_CATEGORY', '2'],
  ['DEFAULT_QUERY_COUNT', 2],
];

describe('business constants of §9', () => {
  it.each(TABLE)('%s is %j', (name, value) => {
    expect(constants[name]).toBe(value);
  });

  it('the table above covers every export, so no constant goes unchecked', () => {
    expect(Object.keys(constants).sort()).toEqual(TABLE.map(([name]) => name).sort());
  });

  it('the upload limit is the 500M its message says (500 × 1024 × 1024 bytes), not the spec constant 512e7', () => {
    expect(constants.UPLOAD_MAX_BYTES).toBe(500 * 1024 * 1024);
    expect(constants.UPLOAD_MAX_BYTES).toBeLessThan(512e7);
  });
});
