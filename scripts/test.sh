#!/usr/bin/env bash
# Installs everything the test suite needs and runs all of it:
# build, typecheck, lint and unit/contract tests of every package (turbo, cached),
# then prints one closing line with the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"

bash scripts/pnpm.sh install --frozen-lockfile
rm -rf packages/*/.test-results apps/*/.test-results
bash scripts/pnpm.sh turbo run build typecheck lint test
node scripts/summarize-tests.mjs
