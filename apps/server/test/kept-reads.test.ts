import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTableName, isTable } from 'drizzle-orm';
import { reviewStageStatus } from '@hall/domain';
import type { Database } from '../src/db/client';
import * as schema from '../src/db/schema';
import { applicants, applications } from '../src/db/schema';
import { KEPT_READS, keptRead, keptReadChanged, type KeptReadName } from '../src/db/kept-read';
import { listReviewQueues } from '../src/services/applications/review/review';
import { wxMenuReader } from '../src/services/session/wx-menu';
import { DEMO_BUSINESSES } from '../src/seed/apply-catalogue';
import { caseColumns } from './application-helpers';
import { otherClientForFile, testHallForFile } from './hall';
import { statementsWhile } from './statement-count';

// Every read a process keeps (db/kept-read.ts KEPT_READS) is served from memory until its version
// moves; a change that does not move it is served stale, and nothing else would notice. So each read
// is held here to what it declares: the statements its value is made from read no other table, and
// every write of each table it declares moves its version: a trigger-moved read's tables each have the
// trigger, and a write straight to each (as another process or an administrator's statement makes
// it) moves the version; a writer-moved read's tables are written in the source only by functions
// that move it in the same place.

const hall = testHallForFile();
const other = otherClientForFile(hall);

type TriggerMovedRead = { [Name in KeptReadName]: (typeof KEPT_READS)[Name]['movedBy'] extends 'triggers' ? Name : never }[KeptReadName];
type WriterMovedRead = Exclude<KeptReadName, TriggerMovedRead>;
type TableOf<Name extends KeptReadName> = (typeof KEPT_READS)[Name]['tables'][number];

/** How each kept read makes its value: what the test records the statements of. */
const LOADS: Record<KeptReadName, (db: Database) => Promise<unknown>> = {
  review_queue: (db) => listReviewQueues(db),
  wx_menu: (db) => wxMenuReader(db, hall.app.hall.staticApps.publicDir)(),
};

/**
 * For each trigger-moved read, one change of each table it declares that it shows (the names of the
 * application waiting at the survey stage below): written by another client, it must move the version.
 */
const CHANGES: { [Name in TriggerMovedRead]: Record<TableOf<Name>, string> } = {
  review_queue: {
    applications: `UPDATE applications SET name = name || '改' WHERE slbh = 'SLKEPTREAD'`,
    applicants: `INSERT INTO applicants (application_id, sqr_name, sqr_lx) SELECT id, '周九', '0' FROM applications WHERE slbh = 'SLKEPTREAD'`,
    users: `UPDATE users SET name = name || '改' WHERE openid = 'kept-read-owner'`,
    businesses: `UPDATE businesses SET prodef_name = prodef_name || '改' WHERE id = '${DEMO_BUSINESSES[0]!.id}'`,
  },
};

const READS = Object.keys(KEPT_READS) as KeptReadName[];
const byMover = <Mover extends 'triggers' | 'writers'>(mover: Mover) => READS.filter((name) => KEPT_READS[name].movedBy === mover);

beforeAll(async () => {
  // A waiting application with an applicant, so that the review queue's every statement runs.
  await hall.quickCitizen('kept-read-owner', { name: '吴十' });
  const [row] = await hall.connection.db
    .insert(applications)
    .values({ ...caseColumns('kept-read-owner'), name: '声明的申请', slbh: 'SLKEPTREAD', shzt: reviewStageStatus('cadastralSurvey'), submittedAt: new Date() })
    .returning({ id: applications.id });
  await hall.connection.db.insert(applicants).values({ applicationId: row!.id, sqrName: '郑十一', sqrLx: '0' });
});

/** The statements (text and values) the hall's pool sends while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<Array<{ text: string; values: unknown[] }>> {
  const pool = hall.connection.pool;
  const query = pool.query.bind(pool);
  const sent: Array<{ text: string; values: unknown[] }> = [];
  pool.query = ((config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof config === 'string') sent.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (config && typeof config === 'object' && 'text' in config) {
      const statement = config as { text: string; values?: unknown[] };
      sent.push({ text: statement.text, values: statement.values ?? (Array.isArray(values) ? values : []) });
    }
    return (query as (...args: unknown[]) => unknown)(config, values, ...rest);
  }) as typeof pool.query;
  try {
    await work();
  } finally {
    pool.query = query;
  }
  return sent;
}

/** The tables a statement's plan reads (every "Relation Name" in EXPLAIN's plan, index scans included). */
async function tablesRead(text: string, values: unknown[]): Promise<string[]> {
  const { rows } = await other.query(`EXPLAIN (FORMAT JSON) ${text}`, values);
  const found = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    if (typeof node['Relation Name'] === 'string') found.add(node['Relation Name']);
    for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
  };
  walk((rows[0]['QUERY PLAN'] as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
  return [...found];
}

const versionOf = async (name: KeptReadName) => Number((await other.query('SELECT version FROM kept_read_versions WHERE read = $1', [name])).rows[0]?.version);

/** Every .ts file under the server's src, without its tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The name a table has in the drizzle schema (menus for "menus"), which the source writes it by. */
function schemaNameOf(table: string): string {
  const found = Object.entries(schema).find(([, value]) => isTable(value) && getTableName(value) === table);
  if (!found) throw new Error(`no table ${table} in the schema`);
  return found[0];
}

/** The top-level declaration of a source file that holds the character at `index`. */
function declarationAround(text: string, index: number): string {
  const starts = [...text.matchAll(/^(?:export |async |function |const )/gm)].map((match) => match.index);
  const start = starts.filter((at) => at <= index).at(-1) ?? 0;
  const end = starts.find((at) => at > index) ?? text.length;
  return text.slice(start, end);
}

describe('the reads a process keeps, each held to what it declares', () => {
  it.each(READS)('%s: its statements read only the tables it declares', async (name) => {
    const statements = await statementsOf(() => LOADS[name](hall.connection.db));
    expect(statements.length).toBeGreaterThan(0);
    const read = new Set<string>();
    for (const { text, values } of statements) for (const table of await tablesRead(text, values)) read.add(table);
    const undeclared = [...read].filter((table) => !(KEPT_READS[name].tables as readonly string[]).includes(table));
    expect(undeclared, `${name} reads tables it does not declare in KEPT_READS`).toEqual([]);
  });

  it.each(byMover('triggers'))('%s: each table it declares has a trigger that moves its version', async (name) => {
    const { rows } = await other.query(
      `SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND t.tgnargs = 1 AND encode(t.tgargs, 'escape') = $1 || '\\000'`,
      [name],
    );
    const triggered = rows.map((row: { table: string }) => row.table);
    const missing = KEPT_READS[name].tables.filter((table) => !triggered.includes(table));
    expect(missing, `tables of ${name} that no trigger moves it for`).toEqual([]);
  });

  it.each(byMover('triggers') as TriggerMovedRead[])('%s: a change of each table it declares, made by another client, moves its version', async (name) => {
    const changes = CHANGES[name] as Record<string, string>;
    expect(Object.keys(changes).sort()).toEqual([...KEPT_READS[name].tables].sort());
    for (const [table, change] of Object.entries(changes)) {
      const before = await versionOf(name);
      await other.query(change);
      expect(await versionOf(name), `${name}: a change of ${table}`).toBeGreaterThan(before);
    }
  });

  it.each(byMover('writers') as WriterMovedRead[])('%s: every write of a table it declares, in the source, moves its version in the same function', (name) => {
    const src = join(__dirname, '..', 'src');
    const writes: string[] = [];
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      // The seed runs before the hall serves anything, so nothing is kept yet.
      if (relative(src, file) === 'seed.ts') continue;
      const text = readFileSync(file, 'utf8');
      for (const table of KEPT_READS[name].tables) {
        const variable = schemaNameOf(table);
        // Through drizzle (tx.update(menus)) or in a statement of its own (sql`DELETE FROM ${menus} …`).
        const write = new RegExp(`\\.(?:insert|update|delete)\\(${variable}\\)|(?:INSERT INTO|UPDATE|DELETE FROM|TRUNCATE) \\$\\{${variable}\\}`, 'gi');
        for (const match of text.matchAll(write)) {
          const where = `${relative(src, file)}: ${match[0]}`;
          writes.push(where);
          if (!new RegExp(`keptReadChanged\\(\\w+, '${name}'\\)`).test(declarationAround(text, match.index))) missing.push(where);
        }
      }
    }
    expect(writes.length).toBeGreaterThan(0);
    expect(missing, `writes of ${name}'s tables that do not move its version`).toEqual([]);
  });
});

describe('keptRead', () => {
  /** A kept read on this hall's database whose loads are counted; its version is wx_menu's. */
  const counted = (maxKeys = 5, fail = (_key: string) => false) => {
    const loads: string[] = [];
    const read = keptRead(hall.connection.db, 'wx_menu', {
      load: async (key: string) => {
        loads.push(key);
        if (fail(key)) throw new Error(`no ${key}`);
        return { key, made: loads.length };
      },
      keyOf: (key) => key,
      maxKeys,
    });
    return { read, loads };
  };
  const moveVersion = () => hall.connection.db.transaction((tx) => keptReadChanged(tx, 'wx_menu'));

  it('answers the value it kept while the version stays, frozen, and loads it again once the version moves', async () => {
    const { read, loads } = counted();
    const first = await read('a');
    expect(await read('a')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(loads).toEqual(['a']);
    await moveVersion();
    expect(await read('a')).toEqual({ key: 'a', made: 2 });
    expect(loads).toEqual(['a', 'a']);
  });

  it('the asks of one turn read the version once and share one load for each key', async () => {
    const { read, loads } = counted();
    const { result, statements } = await statementsWhile(hall.connection, 'hall_wx_menu_version', () => Promise.all(['a', 'b', 'a', 'b', 'a'].map((key) => read(key))));
    expect(statements).toBe(1);
    expect(loads).toEqual(['a', 'b']);
    expect(result[0]).toBe(result[2]);
  });

  it('keeps at most maxKeys for one version', async () => {
    const { read, loads } = counted(2);
    await read('a');
    await read('b');
    await read('c');
    await read('a');
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps nothing when the load fails', async () => {
    let failing = true;
    const { read, loads } = counted(5, () => failing);
    await expect(read('a')).rejects.toThrow('no a');
    failing = false;
    expect(await read('a')).toEqual({ key: 'a', made: 2 });
    expect(loads).toEqual(['a', 'a']);
  });
});
