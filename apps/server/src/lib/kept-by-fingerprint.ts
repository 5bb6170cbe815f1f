import { deepFreeze } from './deep-freeze';

interface Kept<Value> {
  fingerprint: string;
  keptAt: number;
  value: Value;
}

export interface KeptByFingerprintLimits {
  /** The most keys kept; the one used longest ago goes first. */
  maxKeys: number;
  /** How long one value is kept at most, used or not. */
  maxAgeMs: number;
}

/**
 * Values made from rows, kept per key for as long as a fingerprint of those rows is the same: the
 * caller reads the fingerprint with the rows (their ids and row versions), and a value is made again
 * only when it differs. Every value is frozen, so it is written and compressed once for all its
 * readers (lib/reply-serializer.ts, lib/reply-compression.ts). Bounded in keys and in age.
 */
export function keptByFingerprint<Value>({ maxKeys, maxAgeMs }: KeptByFingerprintLimits): (key: string, fingerprint: string, make: () => Value) => Value {
  // A Map iterates in insertion order: a key is moved to the end when used, so the first is the oldest.
  const kept = new Map<string, Kept<Value>>();
  return (key, fingerprint, make) => {
    const now = Date.now();
    const found = kept.get(key);
    kept.delete(key);
    const entry = found && found.fingerprint === fingerprint && now - found.keptAt < maxAgeMs ? found : { fingerprint, keptAt: now, value: deepFreeze(make()) };
    kept.set(key, entry);
    if (kept.size > maxKeys) kept.delete(kept.keys().next().value!);
    return entry.value;
  };
}

/** Rows as a list is made from them: each one's id and row version. */
type VersionedRows = ReadonlyArray<{ id: number; rowVersion: string }>;

/**
 * What the process keeps of the lists a citizen reads of their own (their applications, their
 * feedback), each for the citizen and the filter asked: a citizen comes back to such a list again and
 * again (from an item, after a step) while it seldom changes. The age bound also keeps a row version
 * (a transaction id, which PostgreSQL may hand out again after four billion transactions) from ever
 * being mistaken for another.
 */
const CITIZEN_LIST_LIMITS: KeptByFingerprintLimits = { maxKeys: 2000, maxAgeMs: 10 * 60_000 };
/** A citizen's list with more items than this is made each time, so that what is kept stays small. */
export const CITIZEN_LIST_MAX_KEPT_ITEMS = 50;

/** The fingerprint of rows: each one's id and row version (its xmin, which every change of it moves), in order. */
const rowsFingerprint = (rows: VersionedRows) => rows.map((row) => `${row.id}.${row.rowVersion}`).join(',');

/**
 * A citizen's lists of one kind, kept per key (the citizen, the filter) while the rows they are made
 * from are unchanged, within CITIZEN_LIST_LIMITS; a list of more than CITIZEN_LIST_MAX_KEPT_ITEMS
 * rows is made each time. `alsoMadeFrom` is the version of anything else the list shows (the user
 * whose name it carries).
 */
export function keptCitizenLists<Value>(): (key: string, rows: VersionedRows, make: () => Value, alsoMadeFrom?: string) => Value {
  const kept = keptByFingerprint<Value>(CITIZEN_LIST_LIMITS);
  return (key, rows, make, alsoMadeFrom = '') => (rows.length > CITIZEN_LIST_MAX_KEPT_ITEMS ? make() : kept(key, `${alsoMadeFrom}|${rowsFingerprint(rows)}`, make));
}
