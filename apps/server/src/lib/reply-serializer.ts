import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Write = (data: unknown) => string;
type ReplySchema = Parameters<typeof serializerCompiler>[0];

/**
 * The writer compiled from a reply schema (fast-json-stringify, from the schema's JSON Schema as
 * written): it writes the schema's fields in the schema's order and nothing else, as the check would
 * leave them, without walking the reply twice. null for a schema that JSON Schema cannot say (a file
 * reply), which is then checked and written as JSON.
 */
function compiledWriter(schema: unknown): Write | null {
  const zodSchema = schema instanceof z.ZodType ? schema : null;
  if (!zodSchema) return null;
  try {
    return fastJsonStringify(z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as object);
  } catch {
    return null;
  }
}

/** A writer made on its first use: a test's hall answers a few of its many calls, and compiling costs. */
function onFirstUse(make: () => Write): Write {
  let write: Write | undefined;
  return (data) => (write ??= make())(data);
}

/**
 * How a call's replies are written (HALL_REPLY_CHECK, env.ts):
 * - off: by the writer compiled from the reply schema (compiledWriter); a schema it cannot compile is
 *   checked against the schema and written as JSON (fastify-type-provider-zod's serializer).
 * - on: every reply is checked against the schema, and the compiled writer must write the checked
 *   reply's value (its keys maybe in another order): a reply that differs is an error, so the tests
 *   prove the two agree.
 * With either, a frozen reply cannot change, so it is written once and its text reused for as long as
 * the value lives: the replies kept by db/kept-read.ts (the home's menus and banners,
 * the same for everyone) are frozen for this.
 */
export function replySerializerCompiler(check: 'on' | 'off') {
  return (route: ReplySchema): Write => {
    const checked = serializerCompiler(route);
    const write = onFirstUse(() => {
      const compiled = compiledWriter(route.schema);
      if (!compiled) return checked;
      if (check === 'off') return compiled;
      return (data) => {
        const text = checked(data);
        const compiledText = compiled(data);
        // The same value; the order of an object's keys may differ (the schema's, or the reply's own).
        if (compiledText !== text && !isDeepStrictEqual(JSON.parse(compiledText), JSON.parse(text))) {
          throw new Error(`${route.method} ${route.url}: the compiled reply writer wrote ${compiledText} where the checked reply is ${text}`);
        }
        return text;
      };
    });
    const texts = new WeakMap<object, string>();
    return (data) => {
      if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return write(data);
      let text = texts.get(data);
      if (text === undefined) texts.set(data, (text = write(data)));
      return text;
    };
  };
}
