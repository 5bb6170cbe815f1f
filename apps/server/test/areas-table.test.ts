import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The README's table of areas is what a newcomer reads first; it is kept true by this test rather
// than by care: a folder added, moved or removed under services/ or routes/ without its row fails here.

const SERVER = join(import.meta.dirname, '..');
const SRC = join(SERVER, 'src');

/** Folders under services/ and routes/ that hold source files themselves: the areas. */
function areaFolders(): string[] {
  const areas = new Set<string>();
  for (const root of ['services', 'routes']) {
    const walk = (folder: string) => {
      const entries = readdirSync(folder, { withFileTypes: true });
      const here = relative(join(SRC, root), folder).split('\\').join('/');
      if (here && entries.some((entry) => entry.isFile() && entry.name.endsWith('.ts'))) areas.add(here);
      for (const entry of entries) if (entry.isDirectory()) walk(join(folder, entry.name));
    };
    walk(join(SRC, root));
  }
  return [...areas].sort();
}

/** Every table of the schema: its name in the code (the Drizzle export) and in SQL. */
function schemaTableNames(): { code: string; sql: string }[] {
  const folder = join(SRC, 'db', 'schema');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => [...readFileSync(join(folder, name), 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'([a-z0-9_]+)'/g)].map((match) => ({ code: match[1]!, sql: match[2]! })));
}

/** Every source file under services/ and routes/ with the area it belongs to (the deepest area folder holding it). */
function areaFiles(areas: readonly string[]): { area: string; path: string; text: string }[] {
  const files: { area: string; path: string; text: string }[] = [];
  for (const root of ['services', 'routes']) {
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts')) {
          const inside = relative(join(SRC, root), folder).split('\\').join('/');
          const area = areas.filter((candidate) => inside === candidate || inside.startsWith(`${candidate}/`)).sort((a, b) => b.length - a.length)[0];
          if (area) files.push({ area, path: relative(SRC, path), text: readFileSync(path, 'utf8') });
        }
      }
    };
    walk(join(SRC, root));
  }
  return files;
}

/** Every table of the schema by its SQL name. */
function schemaTables(): string[] {
  const folder = join(SRC, 'db', 'schema');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => [...readFileSync(join(folder, name), 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)].map((match) => match[1]!))
    .sort();
}

const readme = readFileSync(join(SERVER, 'README.md'), 'utf8');
const table = readme.slice(readme.indexOf('<!-- areas:start -->'), readme.indexOf('<!-- areas:end -->'));
const rows = table
  .split('\n')
  .filter((line) => line.startsWith('| `'))
  .map((line) => {
    const [area, , tables] = line.split(' | ');
    return { area: area!.replace(/^\| `|`$/g, ''), tables: [...(tables ?? '').matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1]!) };
  });
/** The paragraph after the table: the tables no area writes. */
const beside = readme.slice(readme.indexOf('<!-- areas:end -->')).split('\n\n')[1] ?? '';

describe('the README table of areas', () => {
  it('names every area folder under services/ and routes/, and no folder that does not exist', () => {
    expect(rows.map((row) => row.area).sort()).toEqual(areaFolders());
  });

  it('gives each table of the schema one owner, or says why none', () => {
    const owned = rows.flatMap((row) => row.tables);
    expect(owned.filter((name, index) => owned.indexOf(name) !== index)).toEqual([]);
    const tables = schemaTables();
    expect(owned.filter((name) => !tables.includes(name))).toEqual([]);
    const unowned = tables.filter((name) => !owned.includes(name));
    expect(unowned.filter((name) => !beside.includes(`\`${name}\``))).toEqual([]);
  });

  // The parts of one subject (queries/records and queries/archive) share its tables; another subject
  // changes them only by calling the owner's function, inside the caller's transaction where it must.
  it("has each owned table written only from its owner's subject", () => {
    const subjectOf = (area: string) => area.split('/')[0]!;
    const owner = new Map(rows.flatMap((row) => row.tables.map((name) => [name, row.area] as const)));
    const strays: string[] = [];
    for (const file of areaFiles(rows.map((row) => row.area))) {
      for (const table of schemaTableNames()) {
        const area = owner.get(table.sql);
        if (!area || subjectOf(area) === subjectOf(file.area)) continue;
        // Drizzle's builders (tx.insert(table), db.update(table), .delete(table)) and raw SQL naming the table.
        const write = new RegExp(`\\.(insert|update|delete)\\(\\s*${table.code}\\s*\\)|(INSERT INTO|UPDATE|DELETE FROM)\\s+\\$\\{${table.code}\\}`, 'i');
        if (write.test(file.text)) strays.push(`${file.path} (${file.area}) writes ${table.sql}, owned by ${area}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
