import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../src/lib/deep-freeze';
import { replySerializerCompiler } from '../src/lib/reply-serializer';

const schema = z.object({ errcode: z.literal('00'), data: z.array(z.object({ menuname: z.string() })) });
const compile = () => replySerializerCompiler({ schema, method: 'POST', url: '/online/wx/apilist/GetWxMenu', httpStatus: '200' } as Parameters<typeof replySerializerCompiler>[0]);

/** A reply whose menu name counts how often it is read. */
function countingReply() {
  const reads = { count: 0 };
  const item = {};
  Object.defineProperty(item, 'menuname', { enumerable: true, get: () => ((reads.count += 1), '网上申请') });
  return { reply: { errcode: '00', data: [item] }, reads };
}

describe('replySerializerCompiler', () => {
  it('checks and writes a frozen reply once, and answers the same text after', () => {
    const serialize = compile();
    const { reply, reads } = countingReply();
    deepFreeze(reply);
    const first = serialize(reply);
    const readsOnce = reads.count;
    expect(JSON.parse(first)).toEqual({ errcode: '00', data: [{ menuname: '网上申请' }] });
    expect(serialize(reply)).toBe(first);
    expect(reads.count).toBe(readsOnce);
  });

  it('checks and writes every other reply each time, so a changed value is never answered stale', () => {
    const serialize = compile();
    const { reply, reads } = countingReply();
    serialize(reply);
    const readsOnce = reads.count;
    serialize(reply);
    expect(reads.count).toBe(2 * readsOnce);
    const changing = { errcode: '00', data: [{ menuname: '网上申请' }] };
    serialize(changing);
    changing.data[0]!.menuname = '我的申请';
    expect(JSON.parse(serialize(changing)).data[0].menuname).toBe('我的申请');
  });

  it('still refuses a frozen reply that breaks the contract', () => {
    expect(() => compile()(deepFreeze({ errcode: '01', data: [] }))).toThrow();
  });

  it('freezes everything inside the value', () => {
    const value = deepFreeze({ data: [{ secondmenus: [{ url: '/apply' }] }] });
    expect(Object.isFrozen(value.data[0]!.secondmenus[0])).toBe(true);
  });
});
