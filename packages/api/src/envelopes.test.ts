import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { codeCheckedOk, errcodeEmpty, errcodeOk, errcodeReply, isSessionLost, replyMessage, stateOk, stateReply, statOk, statReply } from './envelopes';

describe('reply envelopes', () => {
  it('errcode 00 is success, anything else a failure with errmsg', () => {
    const schema = errcodeReply(z.object({ id: z.string() }));
    expect(errcodeOk(schema.parse({ errcode: '00', data: { id: '1' } }))).toBe(true);
    expect(errcodeOk(schema.parse({ errcode: '02', errmsg: '请完善用户信息' }))).toBe(false);
    expect(() => schema.parse({ errcode: 0 })).toThrow();
    expect(() => schema.parse({ errcode: '00', data: { id: 1 } })).toThrow();
  });

  it('errcode 01 on a list read is an empty list, not a failure', () => {
    expect(errcodeEmpty({ errcode: '01' })).toBe(true);
    expect(errcodeEmpty({ errcode: '00' })).toBe(false);
    expect(errcodeEmpty({ errcode: '02' })).toBe(false);
  });

  it('the phone-code check succeeds on errcode true only', () => {
    expect(codeCheckedOk({ errcode: true })).toBe(true);
    expect(codeCheckedOk({ errcode: false })).toBe(false);
    expect(codeCheckedOk({ errcode: '00' })).toBe(false);
  });

  it('state 1 or true is success (appointment, search and save calls)', () => {
    const schema = stateReply(z.unknown());
    expect(stateOk(schema.parse({ state: 1 }))).toBe(true);
    expect(stateOk(schema.parse({ state: true }))).toBe(true);
    expect(stateOk(schema.parse({ state: 0, msg: '保存失败' }))).toBe(false);
    expect(() => schema.parse({ state: 'yes' })).toThrow();
  });

  it('stat 1 is success (queue and SMS calls)', () => {
    const schema = statReply(z.unknown());
    expect(statOk(schema.parse({ stat: 1 }))).toBe(true);
    expect(statOk(schema.parse({ stat: 0, msg: '发送失败' }))).toBe(false);
  });

  it('recognises the four session statuses only', () => {
    for (const status of [-1, -1005, -1001, -400]) expect(isSessionLost({ status, url: '/', msg: '登录已失效' })).toBe(true);
    expect(isSessionLost({ status: -2, url: '/', msg: 'x' })).toBe(false);
    expect(isSessionLost({ errcode: '00' })).toBe(false);
  });

  it('reads the message from errmsg or msg', () => {
    expect(replyMessage({ errmsg: '保存失败' })).toBe('保存失败');
    expect(replyMessage({ msg: '提交失败' })).toBe('提交失败');
    expect(replyMessage({})).toBe('操作失败，请稍后再试');
  });
});
