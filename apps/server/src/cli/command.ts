import type { Env } from '../env';
import { openHallDatabase, type HallDatabase } from '../db/open';
import { installDataKeys, loadDataKeys } from '../db/sealed/data-keys';

const wordsOf = (error: unknown) => (error instanceof Error ? error.message : error);

/** Runs a command and exits with its code; what it throws is printed in its own words (exit 1), never as a stack. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(wordsOf(error));
      process.exit(1);
    },
  );
}

/**
 * Gives `work` the hall's database (the running hall's, or the embedded one started for the command)
 * and closes it whatever happens; a failure is printed and answers 1.
 */
export async function withHallDatabase(env: Env, work: (database: HallDatabase) => Promise<number>): Promise<number> {
  // A command that never reads personal data (create-admin, backup) also runs where the keys are not
  // given; one that does meets dataKeyRing's refusal, which names them.
  const keysGiven = env.HALL_MODE === 'demo' || (env.HALL_DATA_KEY && env.HALL_DATA_INDEX_KEY);
  if (keysGiven) installDataKeys(await loadDataKeys(env));
  const database = await openHallDatabase(env, { maxConnections: 2, joinRunning: true });
  try {
    return await work(database);
  } catch (error) {
    console.error(wordsOf(error));
    return 1;
  } finally {
    await database.connection.close();
    await database.embedded?.stop();
  }
}
