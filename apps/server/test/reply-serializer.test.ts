import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../src/lib/deep-freeze';
import { replySerializerCompiler } from '../src/lib/reply-serializer';

const schema = z.object({ errcode: z.literal('00'), data: z.array(z.object({ menuname: z.string() })) });
const route = { schema, method: 'POST', url: '/online/wx/apilist/GetWxMenu', httpStatus: '200' } as Parameters<ReturnType<typeof replySerializerCompiler>>[0];
/** The serializer as the tests run it (HALL_REPLY_CHECK on), or as production does (off). */
const compile = (check: 'on' | 'off' = 'on') => replySerializerCompiler(check)(route);

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

  it('refuses a reply that the compiled writer writes otherwise than the check saw it', () => {
    // A value that reads differently each time: the check sees the first, the compiled writer the second.
    let reads = 0;
    const item = {};
    Object.defineProperty(item, 'menuname', { enumerable: true, get: () => `第${(reads += 1)}项` });
    expect(() => compile('on')({ errcode: '00', data: [item] })).toThrow(/compiled reply writer/);
    expect(reads).toBe(2);
  });

  it("writes in production by the compiled writer alone: the schema's fields and nothing else, each read once", () => {
    const serialize = compile('off');
    const { reply, reads } = countingReply();
    const withSecrets = { ...reply, passwordHash: 'x', data: [Object.assign(reply.data[0]!, { openid: 'o-secret' })] };
    expect(JSON.parse(serialize(withSecrets))).toEqual({ errcode: '00', data: [{ menuname: '网上申请' }] });
    expect(reads.count).toBe(1);
    // Checked as well as written, the same reply reads each field twice.
    compile('on')(withSecrets);
    expect(reads.count).toBe(3);
  });

  it('leaves the checking of types to the tests: production writes what the schema says, the tests refuse the wrong type', () => {
    const wrongType = { errcode: '00', data: [{ menuname: 5 }] };
    expect(compile('off')(wrongType)).toBe('{"errcode":"00","data":[{"menuname":"5"}]}');
    expect(() => compile('on')(wrongType)).toThrow();
  });

  it('refuses in production a reply that lacks a field the contract requires', () => {
    expect(() => compile('off')({ errcode: '00', data: [{}] })).toThrow(/menuname/);
  });

  it('checks and writes a reply whose schema JSON Schema cannot say (a file) as before', () => {
    const fileSchema = z.object({ name: z.string(), bytes: z.instanceof(Uint8Array) });
    const serialize = replySerializerCompiler('off')({ ...route, schema: fileSchema });
    expect(() => serialize({ name: 'a.pdf', bytes: 'not bytes' })).toThrow();
    expect(JSON.parse(serialize({ name: 'a.pdf', bytes: new Uint8Array([1]) }))).toEqual({ name: 'a.pdf', bytes: { 0: 1 } });
  });

  it('freezes everything inside the value', () => {
    const value = deepFreeze({ data: [{ secondmenus: [{ url: '/apply' }] }] });
    expect(Object.isFrozen(value.data[0]!.secondmenus[0])).toBe(true);
  });
});
