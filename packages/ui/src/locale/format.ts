/** Fills `${name}` placeholders; an unknown name is left as written so a gap shows in review. */
export function formatMessage(template: string, values: Readonly<Record<string, string | number>> = {}): string {
  return template.replace(/\$\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole));
}

/** The placeholder names of a template, in order of first use. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\$\{(\w+)\}/g)].map((match) => match[1] as string))];
}
