import type { CallDefinition } from '@hall/api';

/**
 * Malformed payloads for one call of the contract, generated from its body schema: a plausible
 * payload is built from the schema, then each variant breaks it in one place. The hall must refuse
 * every variant marked mustRefuse with a 4xx and write nothing; the rest (a number where a form
 * field also takes numbers, an unknown key) may be accepted but never answer a 5xx.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** The few parts of a zod 4 schema the generator reads. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      innerType?: SchemaNode;
      options?: SchemaNode[];
      in?: SchemaNode;
      element?: SchemaNode;
      valueType?: SchemaNode;
      entries?: Record<string, string | number>;
      values?: unknown[];
    };
  };
}

export const NUL = 'a\u0000b';
export const LONE_SURROGATE = 'a\uD800b';
/** Larger than the hall's 1 MB body limit and every string limit of the contract. */
export const HUGE = 'x'.repeat(2 * 1024 * 1024);
/** A NUL 100,000 objects deep: deeper than any recursion can follow on the stack. */
export const DEEP_JSON = `${'{"a":'.repeat(100_000)}"a\\u0000b"${'}'.repeat(100_000)}`;
/** The same characters as they arrive in a URL: %00, and the WTF-8 bytes of U+D800 (not UTF-8). */
const NUL_IN_URL = 'a%00b';
const SURROGATE_IN_URL = 'a%ED%A0%80b';

export interface Variant {
  label: string;
  mustRefuse: boolean;
  /** A JSON body (POST) or query (GET); a string is sent as it is (raw JSON text or a query string). */
  payload?: Json;
  raw?: { body: string; contentType: string };
  /** The call's path with its parameters filled in, when it has any. */
  path?: string;
  /** Appended to the path as the query string, already encoded. */
  query?: string;
}

interface Sample {
  payload: Json;
  /** Where the payload holds a string the hall reads. */
  stringPaths: Path[];
  /** Where it holds a nested object or a record (a place for an array instead). */
  objectPaths: Path[];
  /** Where it holds a record, whose keys are the caller's too. */
  recordPaths: Path[];
}

/** A plausible payload for a schema; field names found in `known` take that value instead of '1'. */
export function samplePayload(schema: SchemaNode, known: Record<string, string>): Sample {
  const sample: Sample = { payload: null, stringPaths: [], objectPaths: [], recordPaths: [] };
  sample.payload = sampleOf(schema, [], known, sample) ?? {};
  return sample;
}

function sampleOf(schema: SchemaNode, path: Path, known: Record<string, string>, sample: Sample): Json | undefined {
  const def = schema._zod.def;
  const name = String(path[path.length - 1] ?? '');
  switch (def.type) {
    case 'object': {
      if (path.length > 0) sample.objectPaths.push(path);
      const result: Record<string, Json> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleOf(field, [...path, key], known, sample);
        if (value !== undefined) result[key] = value;
      }
      return result;
    }
    case 'record': {
      sample.objectPaths.push(path);
      sample.recordPaths.push(path);
      const value = sampleOf(def.valueType!, [...path, 'field'], known, sample);
      return value === undefined ? {} : { field: value };
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sampleOf(def.innerType!, path, known, sample);
    case 'union': {
      // The object form of a field that takes JSON text or an object reaches deeper than the text.
      const options = def.options ?? [];
      const structured = options.find((option) => ['object', 'record', 'array'].includes(option._zod.def.type));
      return sampleOf(structured ?? options[0]!, path, known, sample);
    }
    case 'pipe':
      return sampleOf(def.in!, path, known, sample);
    case 'array': {
      const element = sampleOf(def.element!, [...path, 0], known, sample);
      return element === undefined ? [] : [element];
    }
    case 'string':
      sample.stringPaths.push(path);
      return known[name] ?? '1';
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0] as Json;
    case 'literal':
      return def.values?.[0] as Json;
    default:
      // A file (multipart), a transform without input: nothing a JSON payload can carry.
      return undefined;
  }
}

const clone = (value: Json): Json => structuredClone(value);

function setAt(payload: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const copy = clone(payload);
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  node[path[path.length - 1]!] = value;
  return copy;
}

const named = (path: Path) => (path.length > 0 ? path.join('.') : '(body)');

/** Variants of a JSON body: each string field broken, wrong types, prototype keys, arrays for objects, not JSON at all. */
export function jsonVariants(call: CallDefinition, sample: Sample): Variant[] {
  const base = sample.payload;
  const variants: Variant[] = [];
  const refusedByContract = (payload: Json) => !call.body.safeParse(payload).success;
  for (const path of sample.stringPaths) {
    variants.push({ label: `NUL in ${named(path)}`, mustRefuse: true, payload: setAt(base, path, NUL) });
    variants.push({ label: `lone surrogate in ${named(path)}`, mustRefuse: true, payload: setAt(base, path, LONE_SURROGATE) });
    for (const [kind, value] of [
      ['number', 12345],
      ['boolean', true],
      ['null', null],
      ['array', ['1']],
      ['object', { a: '1' }],
    ] as const) {
      const payload = setAt(base, path, value as Json);
      variants.push({ label: `${kind} for ${named(path)}`, mustRefuse: refusedByContract(payload), payload });
    }
  }
  const firstString = sample.stringPaths[0];
  if (firstString) variants.push({ label: `2 MB string in ${named(firstString)}`, mustRefuse: true, payload: setAt(base, firstString, HUGE) });
  for (const path of sample.objectPaths) {
    for (const [kind, value] of [
      ['array', []],
      ['string', 'x'],
    ] as const) {
      const payload = setAt(base, path, value as Json);
      variants.push({ label: `${kind} for object ${named(path)}`, mustRefuse: refusedByContract(payload), payload });
    }
  }
  for (const path of sample.recordPaths) {
    variants.push({ label: `NUL in a key of ${named(path)}`, mustRefuse: true, payload: setAt(base, path, { [NUL]: '1' }) });
    variants.push({ label: `lone surrogate in a key of ${named(path)}`, mustRefuse: true, payload: setAt(base, path, { [LONE_SURROGATE]: '1' }) });
  }
  const baseObject = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
  variants.push(
    { label: 'NUL in an unknown key', mustRefuse: true, payload: { ...baseObject, [NUL]: '1' } },
    { label: 'NUL in an unknown field', mustRefuse: true, payload: { ...baseObject, note: NUL } },
    { label: 'a string as the body', mustRefuse: true, payload: NUL },
    { label: 'an array as the body', mustRefuse: true, payload: [base] },
    { label: 'null as the body', mustRefuse: true, payload: null },
    // JSON.stringify drops __proto__ as a key, so these are written by hand.
    { label: '__proto__ key', mustRefuse: true, raw: { body: withKey(baseObject, '"__proto__":{"polluted":"yes"}'), contentType: 'application/json' } },
    { label: 'constructor.prototype key', mustRefuse: true, raw: { body: withKey(baseObject, '"constructor":{"prototype":{"polluted":"yes"}}'), contentType: 'application/json' } },
    { label: 'prototype key', mustRefuse: false, raw: { body: withKey(baseObject, '"prototype":{"polluted":"yes"}'), contentType: 'application/json' } },
    { label: 'broken JSON', mustRefuse: true, raw: { body: '{"reqseq":', contentType: 'application/json' } },
    { label: 'text body', mustRefuse: true, raw: { body: 'reqseq=1\u0000', contentType: 'text/plain' } },
  );
  return variants;
}

function withKey(base: Record<string, Json>, member: string): string {
  const text = JSON.stringify(base);
  return text === '{}' ? `{${member}}` : `{${member},${text.slice(1)}`;
}

/** The payload's top-level strings, encoded for a query string or a urlencoded body. */
function encodedFields(payload: Json): [string, string][] {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return [];
  return Object.entries(payload)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => [encodeURIComponent(key), encodeURIComponent(String(value))]);
}

const joined = (fields: [string, string][]) => fields.map(([key, value]) => `${key}=${value}`).join('&');

export interface EncodedVariant {
  label: string;
  mustRefuse: boolean;
  /** Broken only by its characters (NUL, invalid UTF-8): refused even where the route reads no query. */
  characters: boolean;
  encoded: string;
}

/** Variants of a query string or urlencoded body: each field broken as it arrives in a URL. */
export function encodedVariants(sample: Sample): EncodedVariant[] {
  const fields = encodedFields(sample.payload);
  const variants: EncodedVariant[] = [];
  const replace = (index: number, value: string) => joined(fields.map((field, i) => (i === index ? [field[0], value] : field)));
  fields.forEach(([key], index) => {
    variants.push({ label: `%00 in ${key}`, mustRefuse: true, characters: true, encoded: replace(index, NUL_IN_URL) });
    variants.push({ label: `WTF-8 surrogate in ${key}`, mustRefuse: true, characters: true, encoded: replace(index, SURROGATE_IN_URL) });
    variants.push({ label: `${key} twice`, mustRefuse: true, characters: false, encoded: `${joined(fields)}&${key}=1` });
  });
  if (fields[0]) variants.push({ label: `2 MB value of ${fields[0][0]}`, mustRefuse: true, characters: false, encoded: replace(0, HUGE) });
  variants.push(
    { label: '%00 in an unknown key', mustRefuse: true, characters: true, encoded: `${joined(fields)}&${NUL_IN_URL}=1` },
    { label: '%00 in an unknown field', mustRefuse: true, characters: true, encoded: `${joined(fields)}&note=${NUL_IN_URL}` },
    { label: 'prototype keys', mustRefuse: false, characters: false, encoded: `${joined(fields)}&__proto__=x&constructor=x&prototype=x` },
  );
  return variants;
}

/** The path of a call with `:param`s, every parameter given `value` but the one broken. */
export function pathVariants(call: CallDefinition): { label: string; path: string }[] {
  const params = [...call.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const fill = (broken: string, value: string) => call.path.replace(/:(\w+)/g, (_all, param: string) => (param === broken ? value : '1'));
  return params.flatMap((param) => [
    { label: `%00 in :${param}`, path: fill(param, NUL_IN_URL) },
    { label: `WTF-8 surrogate in :${param}`, path: fill(param, SURROGATE_IN_URL) },
    { label: `a bare % in :${param}`, path: fill(param, 'a%b') },
    { label: `a long :${param}`, path: fill(param, 'x'.repeat(4096)) },
  ]);
}

/** A multipart body: text fields and one file part, its name given RFC 5987-encoded (where a NUL can hide). */
export function multipartBody(fields: Record<string, string>, file: { field: string; encodedName: string; content: Buffer }): { body: Buffer; contentType: string } {
  const boundary = 'fuzz-boundary-7d1c';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename*=UTF-8''${file.encodedName}\r\nContent-Type: application/pdf\r\n\r\n`));
  parts.push(file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
