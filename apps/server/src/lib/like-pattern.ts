/**
 * A LIKE pattern that matches the user's text literally anywhere in a value: %, _ and the escape
 * character itself are escaped, so a search for "50%" finds "50%" and not "50 anything".
 * Use with `ESCAPE '\'` (PostgreSQL's default escape character, named anyway for clarity).
 */
export function containsPattern(userText: string): string {
  return `%${userText.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
