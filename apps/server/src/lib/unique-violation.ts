/** The unique index a PostgreSQL error names, if it is a unique violation (drizzle may wrap it in `cause`). */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return current.constraint ?? '';
  }
  return undefined;
}
