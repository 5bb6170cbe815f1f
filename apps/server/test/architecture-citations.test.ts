import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A citation of the design card that lived outside the repository: a clone has no such file, so the
 * repository's own docs/architecture.md (or a record in docs/decisions/) is what code and documents
 * cite. docs/spec is the specification's copy and keeps its own words.
 */
const OUTSIDE_DESIGN_CITATION = 'DESIGN(\\.md|[[:space:]]*§)';

/** Paths the check leaves out: the specification's copy, and the admin shell's screens until they cite the architecture too. */
const LEFT_OUT = [':(exclude)docs/spec'];

describe('the repository explains itself', () => {
  it('cites docs/architecture.md, never a design document outside the repository', () => {
    const found = spawnSync('git', ['grep', '-I', '-n', '-E', OUTSIDE_DESIGN_CITATION, '--', '.', ...LEFT_OUT], { cwd: repositoryRoot, encoding: 'utf8' });
    // git grep answers 1 when nothing matches, 0 with the matches, anything else when it could not search.
    expect(found.error).toBeUndefined();
    expect(found.stdout).toBe('');
    expect(found.status).toBe(1);
  });
});
