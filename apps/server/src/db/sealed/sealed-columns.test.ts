import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../schema';
import { blindIndex, QUERY_PARAM_FIELDS, QUERY_RESULT_FIELDS, SEALED_COLUMNS, SEALED_JSON_COLUMNS, type SealedKind } from './sealed-columns';
import { SEALED_PREFIX, sealedParts } from './sm4-seal';

/**
 * The start-up sealing and the key rotation walk SEALED_COLUMNS, a list kept by hand; the schema is
 * what Drizzle seals. Each column is asked what it writes for a probe value, so a sealed column
 * missing from the list (its older rows never sealed, never rotated) or listed under another kind fails here.
 */
const PROBE = '13812341234';

function kindOfStored(stored: unknown): SealedKind | null {
  const parts = typeof stored === 'string' ? sealedParts(stored) : null;
  if (!parts) return null;
  if (parts.blindIndex === '') return 'text';
  if (parts.blindIndex === blindIndex('phone', PROBE)) return 'phone';
  if (parts.blindIndex === blindIndex('idNumber', PROBE)) return 'idNumber';
  throw new Error(`a blind index of no known kind: ${parts.blindIndex}`);
}

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
const customColumns = tables.flatMap((table) => {
  const { name, columns } = getTableConfig(table);
  return columns.filter((column) => column.columnType === 'PgCustomColumn').map((column) => ({ table: name, column }));
});

describe('the list of sealed columns', () => {
  it('names every column the schema seals, with the kind it seals it as, and nothing else', () => {
    const sealed: Record<string, [string, SealedKind][]> = {};
    for (const { table, column } of customColumns) {
      if (column.getSQLType() !== 'text') continue;
      const kind = kindOfStored(column.mapToDriverValue(PROBE));
      if (kind) (sealed[table] ??= []).push([column.name, kind]);
    }
    const listed = Object.fromEntries(Object.entries(SEALED_COLUMNS).map(([table, columns]) => [table, columns.map(([column, kind]) => [column, kind])]));
    const sorted = (byTable: Record<string, unknown[][]>) =>
      Object.fromEntries(
        Object.entries(byTable)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([table, columns]) => [table, [...columns].sort((a, b) => String(a[0]).localeCompare(String(b[0])))]),
      );
    expect(sorted(sealed)).toEqual(sorted(listed));
    expect(Object.keys(sealed).length).toBeGreaterThanOrEqual(10);
  });

  it('names every JSON column with sealed fields, with the fields it seals', () => {
    const probe = Object.fromEntries([...Object.keys(QUERY_PARAM_FIELDS), ...Object.keys(QUERY_RESULT_FIELDS), 'qzh'].map((field) => [field, PROBE]));
    const sealed: Record<string, [string, Record<string, SealedKind>][]> = {};
    for (const { table, column } of customColumns) {
      if (column.getSQLType() !== 'jsonb') continue;
      const written = column.mapToDriverValue(probe);
      if (typeof written !== 'string' || !written.includes(SEALED_PREFIX)) continue;
      const fields = Object.fromEntries(Object.entries(JSON.parse(written) as Record<string, unknown>).flatMap(([field, value]) => (kindOfStored(value) ? [[field, kindOfStored(value)!]] : [])));
      (sealed[table] ??= []).push([column.name, fields]);
    }
    expect(sealed).toEqual(Object.fromEntries(Object.entries(SEALED_JSON_COLUMNS).map(([table, columns]) => [table, columns.map(([column, fields]) => [column, fields])])));
  });
});
