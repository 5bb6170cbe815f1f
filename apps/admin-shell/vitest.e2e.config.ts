// The console's journeys: the same settings as the citizen's (a hall per file, two files at a time).
export { default } from '../citizen/vitest.e2e.config';
