import type { DatabaseConnection } from '../src/db/client';

type Statement = { name?: string; text?: string };

/**
 * Counts the statements that `matches` (a prepared statement's name, or a test of the statement)
 * that the pool sends while `work` runs.
 */
export async function statementsWhile<T>(
  connection: Pick<DatabaseConnection, 'pool'>,
  matches: string | ((statement: Statement) => boolean),
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const test = typeof matches === 'string' ? (statement: Statement) => statement.name === matches : matches;
  const pool = connection.pool;
  const query = pool.query.bind(pool);
  let statements = 0;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    const statement = typeof config === 'string' ? { text: config } : config && typeof config === 'object' ? (config as Statement) : {};
    if (test(statement)) statements += 1;
    return (query as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  try {
    return { result: await work(), statements };
  } finally {
    pool.query = query;
  }
}
