// Checks that docs/spec/ holds an unchanged copy of the specification.
// When ../shared/spec exists beside the repository, each of its files is compared byte for byte with
// the file of the same name in docs/spec/; any that differs or is missing fails the check (exit 1).
// When ../shared/spec is absent (a clone on its own), the check is skipped (exit 0).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(repository, '..', 'shared', 'spec');
const copy = join(repository, 'docs', 'spec');

if (!existsSync(source)) {
  console.log(`Spec copy check skipped: ${source} does not exist.`);
  process.exit(0);
}

const names = readdirSync(source)
  .filter((name) => statSync(join(source, name)).isFile())
  .sort();
const differing = names.filter((name) => {
  const copied = join(copy, name);
  return !existsSync(copied) || !readFileSync(join(source, name)).equals(readFileSync(copied));
});

if (differing.length > 0) {
  console.error('docs/spec/ is not an unchanged copy of ../shared/spec/; these files differ or are missing:');
  for (const name of differing) console.error(`  ${name}`);
  console.error('Refresh the copy by copying each file over, for example:');
  for (const name of differing) console.error(`  cp ../shared/spec/${name} docs/spec/${name}`);
  process.exit(1);
}
console.log(`docs/spec/ matches ../shared/spec/ (${names.length} files).`);
