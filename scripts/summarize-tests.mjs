// Adds up the vitest JSON reports of every package and prints one closing line:
// "tests: N passed, N failed, N skipped". Exits non-zero when nothing ran or anything failed.
// Before it, the slowest test files of each report: where the suite's time goes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const totals = { passed: 0, failed: 0, skipped: 0 };

/** The report's five slowest files, with their seconds, when it ran long enough for that to matter. */
function slowest(name, report) {
  const files = (report.testResults ?? []).map((result) => ({ file: result.name, seconds: (result.endTime - result.startTime) / 1000 }));
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  if (total < 60) return;
  const top = files.sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  console.log(`${name}: ${files.length} files, ${Math.round(total)} s in all; slowest: ${top.map((file) => `${file.file.split('/').slice(-2).join('/')} ${Math.round(file.seconds)} s`).join(', ')}`);
}
for (const group of ['packages', 'apps']) {
  for (const name of readdirSync(group)) {
    const dir = join(group, name, '.test-results');
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      totals.passed += report.numPassedTests ?? 0;
      totals.failed += report.numFailedTests ?? 0;
      totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      slowest(join(dir, file), report);
    }
  }
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (totals.passed === 0 || totals.failed > 0) process.exit(1);
