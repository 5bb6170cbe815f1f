/**
 * How an error goes into the log: never with the values of a query (docs/architecture.md §5: the logs hold no
 * SQL parameters, names, ID numbers or phone numbers). Drizzle puts the parameters in its error's
 * message and `params`; PostgreSQL quotes values in its messages and `detail`. What is kept is what
 * finds the fault: the kind of error, the SQL text with its placeholders, the SQLSTATE code, the
 * table, column and constraint, and the stack.
 */
const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine', 'query'] as const;
/** A PostgreSQL error: it has a five-character SQLSTATE code and a severity. */
const isDatabaseError = (error: Record<string, unknown>) => typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';

function safeMessage(error: Error & Record<string, unknown>): string {
  let message = error.message.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]');
  if (isDatabaseError(error)) message = message.replace(/"[^"]*"/g, '"…"').replace(/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=(…)');
  return message;
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function safeErrorLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a value that is not an Error was thrown', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const message = safeMessage(fields);
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: LoggedError = { type: error.name, message, stack: `${error.name}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}` };
  for (const key of KEPT_FIELDS) if (fields[key] !== undefined && fields[key] !== null) logged[key] = fields[key];
  if (error.cause !== undefined && depth < 4) logged.cause = safeErrorLog(error.cause, depth + 1);
  return logged;
}
