import type { Database } from './client';

/**
 * A hot statement built once per database and prepared on each pooled connection the first time that
 * connection runs it: PostgreSQL then skips parsing and planning it on every call after, which is most
 * of what a short read costs it. `build` must end in drizzle's `.prepare(name)` with a name of its own.
 */
export function preparedStatement<Statement extends object>(build: (db: Database) => Statement): (db: Database) => Statement {
  return perDatabase(build);
}

/** Something built once per database (a test's scratch database has its own) and kept while it lives. */
export function perDatabase<Thing extends object>(build: (db: Database) => Thing): (db: Database) => Thing {
  const built = new WeakMap<Database, Thing>();
  return (db) => {
    let thing = built.get(db);
    if (!thing) built.set(db, (thing = build(db)));
    return thing;
  };
}
