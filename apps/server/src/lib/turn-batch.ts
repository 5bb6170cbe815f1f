import { setImmediate } from 'node:timers';
import { deepFreeze } from './deep-freeze';

/** A turn with more calls than this sends them in several statements (a bound on one statement's parameters). */
const MAX_PER_STATEMENT = 500;

interface Waiting<Input, Output> {
  input: Input;
  resolve(output: Output | Promise<Output>): void;
  reject(error: unknown): void;
}

/**
 * Calls that many requests make at once, gathered by turn of the event loop: the inputs asked for in
 * one turn go to `run` together, and each caller gets the output at its own input's place (an output
 * may be a promise of its own, so one caller can fail alone). Under load one round trip to PostgreSQL
 * then serves a whole turn of requests instead of one each: on a small machine the write to
 * PostgreSQL's socket, the wake-up of its backend and, for a write, the commit cost more than the
 * statement itself (bench/server-reads). A lone request waits no longer than it did: the turn it came
 * in ends, then its statement goes.
 *
 * A failed `run` fails every caller of its turn.
 */
export function turnBatch<Input, Output>(run: (inputs: Input[]) => Promise<Array<Output | Promise<Output>>>): (input: Input) => Promise<Output> {
  let gathering: Waiting<Input, Output>[] | null = null;

  async function send(batch: Waiting<Input, Output>[]): Promise<void> {
    try {
      const outputs = await run(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, i) => waiting.resolve(outputs[i]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  return (input) =>
    new Promise<Output>((resolve, reject) => {
      if (!gathering) {
        const batch: Waiting<Input, Output>[] = (gathering = []);
        setImmediate(() => {
          // A batch that filled up has gone already.
          if (gathering !== batch) return;
          gathering = null;
          void send(batch);
        });
      }
      gathering.push({ input, resolve, reject });
      if (gathering.length >= MAX_PER_STATEMENT) {
        const full = gathering;
        gathering = null;
        void send(full);
      }
    });
}

/** Rows by the key each belongs to, each key's rows in the order given. */
export function rowsByKey<Row>(rows: Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const byKey = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  return byKey;
}

/**
 * A read that many ask for alike at once (the console's queue page, which every operator's screen
 * asks for): calls whose input has the same key in one turn share one run and its answer, each key
 * its own. The answer is frozen, since its callers share it.
 */
export function sharedInTurn<Input, Output>(run: (input: Input) => Promise<Output>, keyOf: (input: Input) => string): (input: Input) => Promise<Output> {
  return turnBatch(async (inputs: Input[]) => {
    const answers = new Map<string, Promise<Output>>();
    return inputs.map((input) => {
      const key = keyOf(input);
      let answer = answers.get(key);
      if (!answer) answers.set(key, (answer = run(input).then(deepFreeze)));
      return answer;
    });
  });
}
