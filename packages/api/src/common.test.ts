import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { hasUnreadableCharacters, plainText, text } from './common';
import { contract } from './contract';

const UNREADABLE = ['a\u0000b', 'a\uD800b', '\uDFFFa', 'a\uDBFF'];

describe('text the hall takes in', () => {
  it('finds NUL and lone surrogates, and nothing in ordinary text', () => {
    for (const value of UNREADABLE) expect(hasUnreadableCharacters(value), JSON.stringify(value)).toBe(true);
    for (const value of ['', '张三', '乌鲁木齐市天山区一号 3-2', '𠀀𪚥', '😀 ok', 'tab\tand\nnewline']) expect(hasUnreadableCharacters(value), value).toBe(false);
  });

  it('plainText and text refuse it, keep their length limit and accept the rest', () => {
    for (const schema of [plainText(10), text(10)]) {
      for (const value of UNREADABLE) expect(schema.safeParse(value).success).toBe(false);
      expect(schema.safeParse('x'.repeat(11)).success).toBe(false);
      expect(schema.parse('张三😀')).toBe('张三😀');
    }
    expect(text(10).parse(12)).toBe('12');
  });
});

const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * The string schemas inside a call's body, with the field they sit in: every schema its definition
 * holds is visited (options, inner types, elements, record keys and values); a pipe counts as one,
 * by what it takes in, so `text`'s inner z.string() is judged with its refinement.
 */
function stringsIn(schema: z.ZodType, at: string, found: { at: string; schema: z.ZodType }[] = []): { at: string; schema: z.ZodType }[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (def.type === 'string' || def.type === 'pipe') {
    found.push({ at, schema });
  } else if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) stringsIn(field, `${at}.${key}`, found);
  } else {
    for (const value of Object.values(def)) {
      for (const inner of Array.isArray(value) ? value : [value]) if (isSchema(inner)) stringsIn(inner, at, found);
    }
  }
  return found;
}

describe('every call of the contract', () => {
  it('refuses NUL and lone surrogates in every string it takes', () => {
    const open = Object.entries(contract).flatMap(([name, call]) =>
      stringsIn(call.body, name)
        .filter(({ schema }) => UNREADABLE.some((value) => schema.safeParse(value).success))
        .map(({ at }) => at),
    );
    expect(open).toEqual([]);
  });
});
