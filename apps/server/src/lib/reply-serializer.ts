import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * Every reply is checked against its call's reply schema and written as JSON (fastify-type-provider-zod's
 * serializer), with one saving: a frozen reply cannot change, so it is checked and written once and its
 * text reused for as long as the value lives. The public replies kept by lib/public-content.ts (the home's
 * menus and banners, the same for everyone) are frozen for this; every other reply is checked each time.
 */
export const replySerializerCompiler: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const texts = new WeakMap<object, string>();
  return (data: unknown) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let text = texts.get(data);
    if (text === undefined) texts.set(data, (text = serialize(data)));
    return text;
  };
};
