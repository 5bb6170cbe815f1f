import { installDataKeys, parseDataKeys, parseIndexKeys } from '../src/db/sealed/data-keys';

/**
 * The data keys of every test hall: the template database is seeded in one process and read in
 * others, so all of them seal and open under these. A production test hall is given the same text.
 */
export const TEST_DATA_KEY = `t1:${'1f'.repeat(32)}`;
export const TEST_DATA_INDEX_KEY = '2e'.repeat(32);

export function installTestDataKeys(): void {
  installDataKeys({ ...parseDataKeys(TEST_DATA_KEY, 'TEST_DATA_KEY'), ...parseIndexKeys(TEST_DATA_INDEX_KEY, 'TEST_DATA_INDEX_KEY') });
}
