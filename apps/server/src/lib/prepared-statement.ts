import type { Database } from '../db/client';

/**
 * A hot statement built once per database and prepared on each pooled connection the first time that
 * connection runs it: PostgreSQL then skips parsing and planning it on every call after, which is most
 * of what a short read costs it. `build` must end in drizzle's `.prepare(name)` with a name of its own.
 */
export function preparedStatement<Statement extends object>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db)));
    return statement;
  };
}
