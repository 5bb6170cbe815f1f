import { setImmediate } from 'node:timers';

/** A turn with more keys than this sends them in several statements (a bound on one statement's parameter). */
const MAX_KEYS_PER_STATEMENT = 500;

interface Waiting<Row> {
  resolve(rows: Row[]): void;
  reject(error: unknown): void;
}

/**
 * A read that many requests make at once, each by its own key (a session id): the keys asked for
 * in one turn of the event loop go to PostgreSQL in one statement, and each caller gets the rows of
 * its key, in the statement's order. Under load one round trip then serves a whole turn of
 * requests instead of one each: on a small machine the write to PostgreSQL's socket and the wake-up
 * of its backend cost the server more than the read itself (bench/server-reads). A lone request
 * waits no longer than it did: the turn it came in ends, then its statement goes.
 *
 * `run` answers the rows of all the keys it is given; `keyOf` tells which key a row belongs to.
 * A failed statement fails every request of its turn, as it would have failed each of them.
 */
export function batchedRead<Row>(run: (keys: string[]) => Promise<Row[]>, keyOf: (row: Row) => string): (key: string) => Promise<Row[]> {
  let gathering: Map<string, Waiting<Row>[]> | null = null;

  async function send(batch: Map<string, Waiting<Row>[]>): Promise<void> {
    try {
      const rows = await run([...batch.keys()]);
      const byKey = new Map<string, Row[]>();
      for (const row of rows) {
        const key = keyOf(row);
        const list = byKey.get(key);
        if (list) list.push(row);
        else byKey.set(key, [row]);
      }
      // Each caller gets an array of its own: one request's handler cannot change another's rows list.
      for (const [key, waiting] of batch) for (const caller of waiting) caller.resolve([...(byKey.get(key) ?? [])]);
    } catch (error) {
      for (const waiting of batch.values()) for (const caller of waiting) caller.reject(error);
    }
  }

  return (key) =>
    new Promise<Row[]>((resolve, reject) => {
      if (!gathering) {
        const batch = (gathering = new Map());
        setImmediate(() => {
          // A batch that filled up has gone already.
          if (gathering !== batch) return;
          gathering = null;
          void send(batch);
        });
      }
      const waiting = gathering.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else gathering.set(key, [{ resolve, reject }]);
      if (gathering.size >= MAX_KEYS_PER_STATEMENT) {
        const full = gathering;
        gathering = null;
        void send(full);
      }
    });
}
