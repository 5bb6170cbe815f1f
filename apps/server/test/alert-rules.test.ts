import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const RULES_DIR = join(import.meta.dirname, '..', '..', '..', 'ops', 'prometheus');

/** promtool, from Debian's prometheus package (scripts/ensure-browser.sh installs it for the test suite). */
async function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('promtool', args, { cwd: RULES_DIR });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number | string; stdout?: string; stderr?: string };
    if (failure.code === 'ENOENT') throw new Error('promtool is missing: apt-get install prometheus (bash scripts/ensure-browser.sh does it)');
    return { code: Number(failure.code), output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

describe('the alert rules (ops/prometheus/alerts.yml)', () => {
  it('are valid Prometheus rules', async () => {
    const checked = await promtool('check', 'rules', 'alerts.yml');
    expect(checked.output).toContain('SUCCESS: 9 rules found');
    expect(checked.code).toBe(0);
  });

  it('fire on the trouble each names and stay quiet on a healthy hall (promtool test rules alerts.test.yml)', async () => {
    const tested = await promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.output).toContain('SUCCESS');
    expect(tested.code).toBe(0);
  });
});
