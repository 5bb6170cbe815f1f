/** Freezes a value and everything in it, so that nothing can change it: what replySerializerCompiler keeps of a reply, an answer callers share. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
