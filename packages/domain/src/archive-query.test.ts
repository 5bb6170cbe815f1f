import { describe, expect, it } from 'vitest';
import { ARCHIVE_QUERY_MESSAGES, ARCHIVE_QUERY_STEPS, archiveAcceptanceNumber } from './archive-query';

describe('archive query (part 3 §2.7, §4, §8)', () => {
  it('enforces code, then face check, then the request', () => {
    expect(ARCHIVE_QUERY_STEPS).toEqual(['phoneCode', 'faceCheck', 'request']);
  });

  it('quotes the spec: the empty list and the submitted notice', () => {
    expect(ARCHIVE_QUERY_MESSAGES.empty).toBe('没有查到任何相关结果，请核对确认申请单号');
    expect(ARCHIVE_QUERY_MESSAGES.submitted).toBe('结果已提交，请耐心等待');
  });

  it.each([
    [1, '2026-11-23', 'CD20261123000001'],
    [123456, '2026-01-02 08:00:00', 'CD20260102123456'],
    [1234567, '2026-01-02', 'CD202601021234567'],
  ])('acceptance number of record %s on %s is %s', (id, date, expected) => {
    expect(archiveAcceptanceNumber(id, date)).toBe(expected);
  });
});
