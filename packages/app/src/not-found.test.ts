import { NO_DATA_MESSAGE } from '@hall/api/browser';
import { describe, expect, it } from 'vitest';
import { NotFoundError, recordOf } from './not-found';

describe('recordOf', () => {
  it('returns the data of a successful reply', () => {
    expect(recordOf({ errcode: '00', data: { id: 1 } }, '未找到该申请')).toEqual({ id: 1 });
  });

  it('reads 查询无数据 and a failure without a message as not found, with the screen’s words', () => {
    for (const reply of [
      { errcode: '01', errmsg: NO_DATA_MESSAGE },
      { errcode: '01', errmsg: '' },
    ]) {
      expect(() => recordOf(reply, '未找到该申请')).toThrow(new NotFoundError('未找到该申请'));
      expect(() => recordOf(reply, '未找到该申请')).toThrow(NotFoundError);
    }
  });

  it('keeps any other failure a plain error with the hall’s message, unless every failure means not found', () => {
    const refused = { errcode: '01', errmsg: '系统繁忙' };
    expect(() => recordOf(refused, '未找到该申请')).toThrow('系统繁忙');
    expect(() => recordOf(refused, '未找到该申请')).not.toThrow(NotFoundError);
    expect(() => recordOf(refused, '未找到该申请', { everyFailureIsNotFound: true })).toThrow(NotFoundError);
  });
});
