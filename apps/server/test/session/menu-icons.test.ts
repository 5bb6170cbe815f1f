import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIconInliner } from '../../src/services/session/menu-icons';

let publicDir: string;
beforeAll(async () => {
  publicDir = await mkdtemp(join(tmpdir(), 'hall-icons-'));
  await mkdir(join(publicDir, 'icons'));
  await writeFile(join(publicDir, 'icons', 'small.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(publicDir, 'icons', 'large.svg'), `<svg xmlns="http://www.w3.org/2000/svg"><!--${'x'.repeat(2100)}--></svg>`);
});
afterAll(() => rm(publicDir, { recursive: true, force: true }));

describe('menuIconInliner', () => {
  it("inlines the hall's own small SVG icons and leaves every other address as it is", () => {
    const icon = menuIconInliner(publicDir);
    expect(icon('/online/assets/icons/small.svg')).toBe(`data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`);
    expect(icon('/online/assets/icons/large.svg')).toBe('/online/assets/icons/large.svg');
    expect(icon('/online/assets/icons/missing.svg')).toBe('/online/assets/icons/missing.svg');
    expect(icon('https://cdn.example.cn/icons/small.svg')).toBe('https://cdn.example.cn/icons/small.svg');
    expect(icon('')).toBe('');
  });

  it('answers with the addresses as they are when the public folder is missing', () => {
    expect(menuIconInliner(join(publicDir, 'nowhere'))('/online/assets/icons/small.svg')).toBe('/online/assets/icons/small.svg');
  });
});
