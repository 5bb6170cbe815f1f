import pg from 'pg';

/** PostgreSQL's own error behind `error`, if it is one (drizzle may wrap it in `cause`), not a lost connection's. */
export function postgresError(error: unknown): pg.DatabaseError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof pg.DatabaseError) return current;
  }
  return undefined;
}

/** The unique index a PostgreSQL error names, if it is a unique violation. */
export function uniqueViolation(error: unknown): string | undefined {
  const failure = postgresError(error);
  return failure?.code === '23505' ? (failure.constraint ?? '') : undefined;
}
