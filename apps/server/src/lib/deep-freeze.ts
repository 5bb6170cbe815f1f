/** Freezes a value and everything in it, so that nothing can change it: what replySerializerCompiler keeps of a reply, an answer callers share. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * `build`'s frozen answer, made once for each frozen value and kept while that value lives: the reply
 * around a shared answer (the review queues a process keeps), so the reply is written and compressed
 * once for all its callers (lib/reply-serializer.ts, lib/reply-compression.ts) instead of for each.
 */
export function frozenPerValue<Value extends object, Answer extends object>(build: (value: Value) => Answer): (value: Value) => Answer {
  const built = new WeakMap<Value, Answer>();
  return (value) => {
    if (!Object.isFrozen(value)) return build(value);
    let answer = built.get(value);
    if (!answer) built.set(value, (answer = deepFreeze(build(value))));
    return answer;
  };
}
