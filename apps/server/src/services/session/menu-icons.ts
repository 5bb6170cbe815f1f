import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the hall's own menu icons are served from (the server's public/icons). */
const ICONS_PREFIX = '/online/assets/icons/';
/** An icon larger than this stays a file of its own: inlining it would only swell the menu reply. */
const INLINE_MAX_BYTES = 2048;

/**
 * The hall's own SVG menu icons as data: addresses, read once. The hall menu reply carries them in
 * place of their file addresses, so the home draws its tiles without one request per icon; any other
 * icon (an operator's upload, an https address) is left as it is.
 */
export function menuIconInliner(publicDir: string): (imgpath: string) => string {
  const inline = new Map<string, string>();
  let names: string[] = [];
  try {
    names = readdirSync(join(publicDir, 'icons'));
  } catch {
    // A hall without its public folder serves the addresses as they are.
  }
  for (const name of names) {
    if (!name.endsWith('.svg')) continue;
    const svg = readFileSync(join(publicDir, 'icons', name));
    if (svg.length <= INLINE_MAX_BYTES) inline.set(`${ICONS_PREFIX}${name}`, `data:image/svg+xml;base64,${svg.toString('base64')}`);
  }
  return (imgpath) => inline.get(imgpath) ?? imgpath;
}
