/** A UTC time as a file name part, e.g. 20261206T021500Z: names made so sort as their times. */
export function fileTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}
