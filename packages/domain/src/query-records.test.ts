import { describe, expect, it } from 'vitest';
import {
  archiveDetailHref,
  archiveDetailRoute,
  archiveDetailTarget,
  archiveRecordStatusText,
  canOpenArchiveDetail,
  feedbackStatus,
  isPropertyQuerySuccessful,
  isQueryRecordClickable,
  isQueryRecordHighlighted,
  queryRecordStateText,
} from './query-records';

describe('query record state (part 1 §4, part 3 §4)', () => {
  it.each([
    [0, '查询中', false, false],
    [10, '查询中', false, false],
    [20, '查看', true, true],
    [21, '未查到', false, false],
  ])('state %s → %s, highlighted %s, licence record clickable %s', (state, text, highlighted, clickable) => {
    for (const value of [state, String(state)]) {
      expect(queryRecordStateText(value)).toBe(text);
      expect(isQueryRecordHighlighted(value)).toBe(highlighted);
      expect(isQueryRecordClickable('licence', value)).toBe(clickable);
      expect(isQueryRecordClickable('certificate', value)).toBe(clickable);
      expect(isQueryRecordClickable('verification', value)).toBe(true);
    }
  });

  it('an unknown state reads as still in progress and opens nothing but a verification', () => {
    expect(queryRecordStateText(undefined)).toBe('查询中');
    expect(queryRecordStateText('30')).toBe('查询中');
    expect(isQueryRecordClickable('licence', null)).toBe(false);
    expect(isQueryRecordClickable('verification', null)).toBe(true);
  });
});

describe('archive-query records (part 3 §2.8, §4)', () => {
  it.each([
    [0, '未返回', false],
    [10, '未返回', false],
    [20, '已返回', true],
    [21, '已返回', true],
    ['20', '已返回', true],
    ['21', '已返回', true],
    [undefined, '未返回', false],
  ])('state %s → %s, detail opens: %s', (state, text, opens) => {
    expect(archiveRecordStatusText(state)).toBe(text);
    expect(canOpenArchiveDetail(state)).toBe(opens);
  });

  it.each([
    ['140200', '/CatchCert_yhxz'],
    [140200, '/CatchCert_yhxz'],
    ['630100', '/CatchCert_new'],
    [null, '/CatchCert_new'],
  ])('district %s → %s', (district, route) => {
    expect(archiveDetailRoute(district)).toBe(route);
  });

  it('carries certId and openid', () => {
    expect(archiveDetailTarget('140200', 'C1', 'o-1')).toEqual({ path: '/CatchCert_yhxz', query: { certId: 'C1', openid: 'o-1' } });
    expect(archiveDetailHref('110000', 'C 2', 'o&1')).toBe('/CatchCert_new?certId=C%202&openid=o%261');
  });
});

describe('registration property query and feedback', () => {
  it.each([
    [20, true],
    ['20', true],
    [0, false],
    [10, false],
    [21, false],
  ])('property query state %s successful: %s', (state, expected) => {
    expect(isPropertyQuerySuccessful(state)).toBe(expected);
  });

  it.each([
    [0, 'waiting'],
    ['0', 'waiting'],
    [1, 'replied'],
    ['2', 'replied'],
    [null, 'replied'],
  ])('feedback status %s → %s', (status, expected) => {
    expect(feedbackStatus(status)).toBe(expected);
  });
});
