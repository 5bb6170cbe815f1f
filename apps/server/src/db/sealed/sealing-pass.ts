import type pg from 'pg';
import { dataKeyRing, DataKeyError } from './data-keys';
import { SEALED_COLUMNS, SEALED_JSON_COLUMNS, blindIndexOfText, blindIndexes, indexKeyIdOf, indexKeyIdOfSql, openValue, sealFields, sealValue, type SealedKind } from './sealed-columns';
import { SEALED_PREFIX, sealedParts } from './sm4-seal';

/**
 * Brings stored personal data under the current keys, a batch of rows (a range of the table's blocks) per short transaction:
 * `clear` seals what is still clear text (what the hall held before sealing began, and what a raw
 * import wrote), `rotate` also reseals what an older data key sealed or an older index key indexed. Rows
 * are taken FOR UPDATE SKIP LOCKED, so the hall keeps writing meanwhile and two passes (two processes
 * starting) share the work; a row already done is never taken again, so the pass may stop and run again at any point.
 */
export type SealingScope = 'clear' | 'rotate';

export interface SealingReport {
  /** Rows rewritten, by table. */
  rewritten: Record<string, number>;
  /** Values still to do when the pass ended (locked by the hall at the time): run it again. */
  remaining: number;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * What a value already done looks like, for the scope and the value's kind: what it starts with and, for
 * a phone or an ID number under `rotate`, the index key its blind index names. A value resealed gets
 * both from the current keys, whichever of the two was stale: one rewrite serves both rotations.
 */
interface DoneForm {
  prefix: string;
  indexKeyId: string | null;
}

function doneForm(scope: SealingScope, kind: SealedKind): DoneForm {
  if (scope === 'clear') return { prefix: SEALED_PREFIX, indexKeyId: null };
  const ring = dataKeyRing();
  return { prefix: `${SEALED_PREFIX}${ring.current.id}$`, indexKeyId: kind === 'text' ? null : ring.indexKey.id };
}

/** Whether a stored value still needs the pass (the empty string is never sealed). */
function isPending(stored: string, form: DoneForm): boolean {
  if (stored === '') return false;
  if (!stored.startsWith(form.prefix)) return true;
  return form.indexKeyId !== null && indexKeyIdOf(sealedParts(stored)?.blindIndex ?? '') !== form.indexKeyId;
}

/** isPending in SQL, of a text expression. */
function pendingText(expression: string, form: DoneForm): string {
  const indexed = form.indexKeyId === null ? '' : ` AND ${indexKeyIdOfSql(`split_part(${expression}, '$', 3)`)} = ${literal(form.indexKeyId)}`;
  return `(${expression} <> '' AND NOT (left(${expression}, ${form.prefix.length}) = ${literal(form.prefix)}${indexed}))`;
}

interface TablePlan {
  table: string;
  text: readonly (readonly [string, SealedKind])[];
  json: readonly (readonly [string, Record<string, SealedKind>])[];
}

function plans(): TablePlan[] {
  const tables = new Set([...Object.keys(SEALED_COLUMNS), ...Object.keys(SEALED_JSON_COLUMNS)]);
  return [...tables].map((table) => ({ table, text: SEALED_COLUMNS[table] ?? [], json: SEALED_JSON_COLUMNS[table] ?? [] }));
}

function pendingCondition(plan: TablePlan, scope: SealingScope): string {
  const conditions = plan.text.map(([column, kind]) => pendingText(quoted(column), doneForm(scope, kind)));
  for (const [column, fields] of plan.json) {
    for (const [field, kind] of Object.entries(fields)) {
      const value = `(${quoted(column)} ->> ${literal(field)})`;
      conditions.push(`(jsonb_typeof(${quoted(column)} -> ${literal(field)}) = 'string' AND ${pendingText(value, doneForm(scope, kind))})`);
    }
  }
  return conditions.join(' OR ');
}

/** A stored text value brought under the current keys, or null when it already is. */
function resealed(kind: SealedKind, stored: string, scope: SealingScope): string | null {
  if (!isPending(stored, doneForm(scope, kind))) return null;
  return sealValue(kind, openValue(stored));
}

function resealedJson(value: Record<string, unknown> | null, fields: Record<string, SealedKind>, scope: SealingScope): Record<string, unknown> | null {
  if (!value || typeof value !== 'object') return null;
  const opened: Record<string, unknown> = { ...value };
  let changed = false;
  for (const [field, kind] of Object.entries(fields)) {
    const stored = opened[field];
    if (typeof stored !== 'string' || !isPending(stored, doneForm(scope, kind))) continue;
    opened[field] = openValue(stored);
    changed = true;
  }
  return changed ? sealFields(opened, fields) : null;
}

/**
 * One batch of one table: the pending rows of the heap blocks [from, to), read by a TID range scan (those
 * blocks, not the table), so a pass reads each block once however large the table. Answers the rows rewritten.
 */
async function sealBatch(pool: pg.Pool, plan: TablePlan, scope: SealingScope, blocks: { from: number; to: number }): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const columns = [...plan.text.map(([column]) => column), ...plan.json.map(([column]) => column)];
    const { rows } = await client.query<Record<string, unknown> & { row_ctid: string }>(
      `SELECT ctid::text AS row_ctid, ${columns.map(quoted).join(', ')} FROM ${quoted(plan.table)}
       WHERE ctid >= $1::tid AND ctid < $2::tid AND (${pendingCondition(plan, scope)}) FOR UPDATE SKIP LOCKED`,
      [`(${blocks.from},0)`, `(${blocks.to},0)`],
    );
    // One UPDATE for the whole batch: each column's new values side by side with the rows' ctids (null: unchanged).
    const ctids: string[] = [];
    const changes = columns.map(() => [] as (string | null)[]);
    for (const row of rows) {
      const next = [
        ...plan.text.map(([column, kind]) => resealed(kind, String(row[column] ?? ''), scope)),
        ...plan.json.map(([column, fields]) => {
          const json = resealedJson(row[column] as Record<string, unknown> | null, fields, scope);
          return json === null ? null : JSON.stringify(json);
        }),
      ];
      if (next.every((value) => value === null)) continue;
      ctids.push(row.row_ctid);
      next.forEach((value, index) => changes[index]!.push(value));
    }
    if (ctids.length) {
      const isJson = (index: number) => index >= plan.text.length;
      const sets = columns.map((column, index) => `${quoted(column)} = COALESCE(v.c${index}${isJson(index) ? '::jsonb' : ''}, t.${quoted(column)})`);
      const arrays = columns.map((_column, index) => `$${index + 2}::text[]`);
      // The rows are locked by this transaction, so their ctids stay theirs until the commit.
      await client.query(
        `UPDATE ${quoted(plan.table)} AS t SET ${sets.join(', ')} FROM unnest($1::tid[], ${arrays.join(', ')}) AS v(row_ctid, ${columns.map((_c, index) => `c${index}`).join(', ')}) WHERE t.ctid = ANY($1::tid[]) AND t.ctid = v.row_ctid`,
        [ctids, ...changes],
      );
    }
    await client.query('COMMIT');
    return rows.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw (await provedPhoneClash(pool, error)) ?? error;
  } finally {
    client.release();
  }
}

/** A user's phone's blind index in SQL: the expression of users_verified_phone_idx (migration 0033). */
const PHONE_INDEX_SQL = blindIndexOfText('phone');

/**
 * A reindexed verified phone that another account holds already: the unique index of verified phones
 * held only among values under one index key, so a process that ran with the older key alone during a
 * rotation could let a second account prove the same phone. The pass cannot choose between them: it
 * stops, naming the accounts, for an operator to settle. Null for any other error.
 */
async function provedPhoneClash(pool: pg.Pool, error: unknown): Promise<DataKeyError | null> {
  const { code, constraint, detail } = (error ?? {}) as { code?: string; constraint?: string; detail?: string };
  if (code !== '23505' || constraint !== 'users_verified_phone_idx') return null;
  const index = /=\((.*)\) already exists/.exec(detail ?? '')?.[1];
  const holders = index ? await pool.query<{ openid: string; phone: string }>(`SELECT openid, phone FROM users WHERE phone_verified AND ${PHONE_INDEX_SQL} = $1`, [index]) : { rows: [] };
  const holder = holders.rows[0];
  // The others: the same phone, verified, indexed under any listed key.
  const others = holder
    ? await pool.query<{ openid: string }>(`SELECT openid FROM users WHERE phone_verified AND ${PHONE_INDEX_SQL} = ANY($1) AND openid <> $2 ORDER BY openid`, [
        blindIndexes('phone', openValue(holder.phone)),
        holder.openid,
      ])
    : { rows: [] };
  const accounts = [holder?.openid, ...others.rows.map((row) => row.openid)].filter(Boolean).join('、');
  return new DataKeyError(
    `重新加密中止：${accounts ? `账号 ${accounts} ` : '两个账号'}都把同一个手机号记为已验证（轮换索引密钥期间曾有进程只列了旧的 HALL_DATA_INDEX_KEY）。` +
      '请核对后只保留其中一个账号的已验证手机号，再运行一次 rotate-data-key；已完成的批次不会重做。',
  );
}

/** The table's size in heap blocks now, and how many blocks hold about `batchSize` rows (from its statistics; 50 rows a block without). */
async function blockPlan(pool: pg.Pool, table: string, batchSize: number): Promise<{ blocks: number; step: number }> {
  const { rows } = await pool.query<{ blocks: string; tuples: number; pages: number }>(
    "SELECT pg_relation_size(oid) / current_setting('block_size')::int AS blocks, reltuples::float8 AS tuples, relpages AS pages FROM pg_class WHERE oid = $1::regclass",
    [quoted(table)],
  );
  const row = rows[0];
  const perBlock = row && row.tuples > 0 && row.pages > 0 ? row.tuples / row.pages : 50;
  return { blocks: Number(row?.blocks ?? 0), step: Math.max(1, Math.floor(batchSize / perBlock)) };
}

/** Values still to do, over every sealed table (locked rows included). */
export async function pendingValues(pool: pg.Pool, scope: SealingScope): Promise<number> {
  let total = 0;
  for (const plan of plans()) {
    const { rows } = await pool.query<{ count: string }>(`SELECT count(*) AS count FROM ${quoted(plan.table)} WHERE ${pendingCondition(plan, scope)}`);
    total += Number(rows[0]?.count ?? 0);
  }
  return total;
}

/** Runs the pass over every sealed table; `onBatch` hears of each batch (the rotation command prints them). */
export async function runSealingPass(pool: pg.Pool, scope: SealingScope, options: { batchSize?: number; onBatch?: (table: string, rows: number) => void } = {}): Promise<SealingReport> {
  const batchSize = options.batchSize ?? 500;
  const rewritten: Record<string, number> = {};
  for (const plan of plans()) {
    // Rows written after this point are the hall's own, sealed as they are written.
    const { blocks, step } = await blockPlan(pool, plan.table, batchSize);
    for (let from = 0; from < blocks; from += step) {
      const rows = await sealBatch(pool, plan, scope, { from, to: from + step });
      if (!rows) continue;
      rewritten[plan.table] = (rewritten[plan.table] ?? 0) + rows;
      options.onBatch?.(plan.table, rows);
    }
  }
  return { rewritten, remaining: await pendingValues(pool, scope) };
}

/**
 * Refuses a hall whose keys cannot open what its database holds (a restore or a copy started with other
 * keys, a key dropped too early): one sealed value per table is opened, before the hall answers anyone.
 */
export async function assertDataKeysOpenStoredValues(pool: pg.Pool): Promise<void> {
  for (const plan of plans()) {
    const [column] = plan.text[0] ?? [];
    if (!column) continue;
    const { rows } = await pool.query<{ value: string }>(`SELECT ${quoted(column)} AS value FROM ${quoted(plan.table)} WHERE left(${quoted(column)}, 4) = $1 LIMIT 1`, [SEALED_PREFIX]);
    const value = rows[0]?.value;
    if (!value) continue;
    try {
      openValue(value);
    } catch (error) {
      throw new DataKeyError(
        `数据库中的个人信息（${plan.table}.${column}）无法用本大厅的数据密钥打开：${error instanceof Error ? error.message : String(error)}。` +
          '请设置加密时所用的 HALL_DATA_KEY 与 HALL_DATA_INDEX_KEY（演示大厅：把原数据目录中的 data-key 与 data-index-key 放入本数据目录）。',
      );
    }
  }
}

/** The settings row that says every row was found sealed once: later starts skip the pass (and its scans of the large tables). */
const SEALED_MARK = 'personal_data_sealed';

/**
 * The start's part: opens one stored value per table with the hall's keys, then, until a pass once
 * found nothing left, seals what older versions of the hall wrote in clear. Answers the rows sealed.
 */
export async function sealAtStart(pool: pg.Pool): Promise<number> {
  await assertDataKeysOpenStoredValues(pool);
  const { rows } = await pool.query('SELECT 1 FROM settings WHERE key = $1', [SEALED_MARK]);
  if (rows.length) return 0;
  const report = await runSealingPass(pool, 'clear');
  if (report.remaining === 0) await pool.query("INSERT INTO settings (key, value) VALUES ($1, 'yes') ON CONFLICT (key) DO NOTHING", [SEALED_MARK]);
  return Object.values(report.rewritten).reduce((sum, count) => sum + count, 0);
}
