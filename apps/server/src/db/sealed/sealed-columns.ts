import { createHmac } from 'node:crypto';
import { sql, type Column, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';
import { dataKeyRing, DEFAULT_INDEX_KEY_ID, type DataKeyRing, type IndexKey } from './data-keys';
import { openWith, sealWith, SEALED_PREFIX } from './sm4-seal';

/**
 * Columns of personal data (docs/decisions/021): Drizzle seals the value as it writes it and opens it
 * as it reads it, so the code around them handles clear text. SQL never sees the clear value, so it
 * can neither compare, search, sort nor group by one: `eq(column, value)` would compare with a fresh
 * sealing of the value and match nothing. Phones and ID numbers carry a blind index instead, and
 * `sameBlindIndex` finds them by equality; names are compared after reading.
 */
export type SealedKind = 'text' | 'phone' | 'idNumber';

/** How a value is normalised before its blind index is taken: what the hall already treats as the same value. */
const NORMALISED: Record<Exclude<SealedKind, 'text'>, (value: string) => string> = {
  phone: (value) => value.trim(),
  idNumber: (value) => value.trim().toUpperCase(),
};

/**
 * A blind index as stored: HMAC-SM3 under an index key of the kind and the normalised value (equal values,
 * equal indexes; nothing else is learnt), prefixed `<index key id>.` unless the key is the default one,
 * whose indexes stay as every hall wrote them before index keys had ids. The digest is base64url and an id
 * is letters, digits, - and _: neither holds a '.', so the prefix reads back without doubt.
 */
function indexUnder(key: IndexKey, kind: Exclude<SealedKind, 'text'>, value: string): string {
  const digest = createHmac('sm3', key.secret)
    .update(`${kind}\0${NORMALISED[kind](value)}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
  return key.id === DEFAULT_INDEX_KEY_ID ? digest : `${key.id}.${digest}`;
}

/** The blind index of a value under the current index key: what a value sealed now carries. */
export function blindIndex(kind: Exclude<SealedKind, 'text'>, value: string): string {
  return indexUnder(dataKeyRing().indexKey, kind, value);
}

/** The blind indexes of a value under every listed index key, the current one first: what a stored value may carry while the index key rotates. */
export function blindIndexes(kind: Exclude<SealedKind, 'text'>, value: string): string[] {
  return [...dataKeyRing().indexKeys.values()].map((key) => indexUnder(key, kind, value));
}

/** The id of the index key a stored blind index was taken under (see indexUnder). */
export function indexKeyIdOf(storedIndex: string): string {
  const dot = storedIndex.indexOf('.');
  return dot < 0 ? DEFAULT_INDEX_KEY_ID : storedIndex.slice(0, dot);
}

/**
 * The value as stored: sealed under the current data key. The empty string stays empty: columns
 * default to it, and whether a phone was given at all is no secret worth a ciphertext.
 */
export function sealValue(kind: SealedKind, clear: string): string {
  if (clear === '') return '';
  return sealWith(dataKeyRing().current, clear, kind === 'text' ? '' : blindIndex(kind, clear));
}

/**
 * The last value opened: a list that joins its filer's name to each of their rows reads the same sealed
 * name once a row (an agent's list, a hundred and more), and opens it once. Only the latest is kept, so
 * nothing of a request outlives the next value opened; and only under the keys that opened it.
 */
let lastOpened: { ring: DataKeyRing | null; stored: string; clear: string } = { ring: null, stored: '', clear: '' };

/** The clear value of a stored one; a value written before sealing began (not yet sealed at start-up) reads as it is. */
export function openValue(stored: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const ring = dataKeyRing();
  if (stored === lastOpened.stored && ring === lastOpened.ring) return lastOpened.clear;
  const clear = openWith(ring.keys, stored);
  lastOpened = { ring, stored, clear };
  return clear;
}

/**
 * The blind index part of a stored value, in SQL: the expression the indexes of migration 0033 are built
 * on. Null for a value without one (empty, or clear text the start-up has still to seal), so the unique
 * index of verified phones holds for an older hall's rows before they are sealed.
 */
export const blindIndexOf = (column: Column | SQL) => sql`nullif(split_part(${column}, '$', 3), '')`;

/** blindIndexOf as SQL text, for the passes that write their statements by hand (sealing-pass.ts). */
export const blindIndexOfText = (expression: string) => `nullif(split_part(${expression}, '$', 3), '')`;

/** indexKeyIdOf in SQL, of a stored value's blind index part (a text expression): what the key rotation compares. */
export const indexKeyIdOfSql = (storedIndex: string) => `(CASE WHEN strpos(${storedIndex}, '.') > 0 THEN split_part(${storedIndex}, '.', 1) ELSE '${DEFAULT_INDEX_KEY_ID}' END)`;

/**
 * Rows whose phone or ID number equals `value` (normalised as its kind says), under any listed index key:
 * while the index key rotates, a row not yet resealed still carries its index under the older key. The
 * `IN` list is served by the same expression indexes (migration 0033) as one equality was.
 */
export const sameBlindIndex = (column: Column, kind: Exclude<SealedKind, 'text'>, value: string) =>
  sql`${blindIndexOf(column)} in (${sql.join(
    blindIndexes(kind, value).map((index) => sql`${index}`),
    sql`, `,
  )})`;

const sealedColumn = (kind: SealedKind) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealValue(kind, value),
    fromDriver: (value) => openValue(value),
  });

/** A name (or other personal text) sealed at rest, found by no index. */
export const sealedText = sealedColumn('text');
/** A phone number sealed at rest, with its blind index. */
export const sealedPhone = sealedColumn('phone');
/** An ID number sealed at rest, with its blind index (upper-case, trimmed). */
export const sealedIdNumber = sealedColumn('idNumber');

/**
 * A JSON object some of whose fields are personal data (a query's name and ID number): those fields are
 * sealed one by one, so SQL still reads and extends the others (`params->>'sqdh'`, `params || …`).
 */
export const sealedFieldsJson = <T extends Record<string, unknown>>(name: string, fields: Record<string, SealedKind>) =>
  customType<{ data: T; driverData: string | T }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(sealFields(value, fields)),
    fromDriver: (value) => openFields((typeof value === 'string' ? JSON.parse(value) : value) as T),
  })(name);

/** The object with each of `fields` present as text sealed. */
export function sealFields<T extends Record<string, unknown>>(value: T, fields: Record<string, SealedKind>): T {
  const sealed: Record<string, unknown> = { ...value };
  for (const [field, kind] of Object.entries(fields)) {
    const clear = sealed[field];
    if (typeof clear === 'string' && !clear.startsWith(SEALED_PREFIX)) sealed[field] = sealValue(kind, clear);
  }
  return sealed as T;
}

function openFields<T extends Record<string, unknown>>(value: T): T {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const opened: Record<string, unknown> = { ...value };
  for (const [field, stored] of Object.entries(opened)) if (typeof stored === 'string' && stored.startsWith(SEALED_PREFIX)) opened[field] = openValue(stored);
  return opened as T;
}

/** The personal fields of a query record's parameters (the certificate, archive and property queries) and of its result. */
export const QUERY_PARAM_FIELDS: Record<string, SealedKind> = { username: 'text', zjh: 'idNumber', qlrname: 'text', qlrcode: 'idNumber', qlrphone: 'phone', name: 'text', idcard: 'idNumber' };
export const QUERY_RESULT_FIELDS: Record<string, SealedKind> = { qlr: 'text' };

/** Every sealed column, by table, for the start-up sealing and the key rotation (sealing-pass.ts). */
export const SEALED_COLUMNS: Record<string, readonly (readonly [column: string, kind: SealedKind])[]> = {
  users: [
    ['name', 'text'],
    ['cardnum', 'idNumber'],
    ['phone', 'phone'],
  ],
  sms_codes: [['phone', 'phone']],
  face_checks: [
    ['name', 'text'],
    ['idcard', 'idNumber'],
  ],
  applicants: [
    ['sqr_name', 'text'],
    ['sqr_tel', 'phone'],
    ['sqr_zjh', 'idNumber'],
    ['sqr_qt_dlr_name', 'text'],
    ['sqr_qt_zjh', 'idNumber'],
    ['sqr_qt_tel', 'phone'],
    ['sqr_qt_fr_name', 'text'],
    ['sqr_qt_fr_zjh', 'idNumber'],
    ['sqr_qt_fr_tel', 'phone'],
  ],
  appointment_orders: [
    ['name', 'text'],
    ['code', 'idNumber'],
    ['phone', 'phone'],
  ],
  counter_bookings: [
    ['name', 'text'],
    ['phone', 'phone'],
    ['zjh', 'idNumber'],
  ],
  queue_orders: [
    ['name', 'text'],
    ['phone', 'phone'],
  ],
  archive_query_steps: [['phone', 'phone']],
  registry_certificates: [
    ['owner_name', 'text'],
    ['owner_idcard', 'idNumber'],
  ],
  registry_cases: [['name', 'text']],
};

/** Every JSON column with sealed fields, by table. */
export const SEALED_JSON_COLUMNS: Record<string, readonly (readonly [column: string, fields: Record<string, SealedKind>])[]> = {
  query_records: [
    ['params', QUERY_PARAM_FIELDS],
    ['result', QUERY_RESULT_FIELDS],
  ],
};
