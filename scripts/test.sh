#!/usr/bin/env bash
# Installs everything the test suite needs and runs all of it:
# build, typecheck, lint and the unit, contract and server tests of every package (turbo, cached);
# the end-to-end journeys in Debian's Chromium;
# the server suite once more against an external PostgreSQL when one answers at
# HALL_TEST_EXTERNAL_DATABASE_URL (default: the local one at 127.0.0.1:5432, database test);
# then one closing line with the totals.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-true}"
# Each step says when it began, so a slow run shows where its time went.
step() { printf '\n== %s (at %d min %02d s)\n' "$1" $((SECONDS / 60)) $((SECONDS % 60)); }

step 'install'
bash scripts/pnpm.sh install --frozen-lockfile
node scripts/check-spec-copy.mjs
bash scripts/ensure-browser.sh
rm -rf packages/*/.test-results apps/*/.test-results artifacts/e2e
step 'build, typecheck, lint and the unit, contract and server tests'
bash scripts/pnpm.sh turbo run build typecheck lint test
# End to end: the built apps on the real server in Chromium, the citizen's journeys (apps/citizen/e2e) and the
# console's (apps/admin-shell/e2e) at phone and desktop viewports; screenshots in artifacts/e2e.
# One app's journeys after the other: each runs two halls with their browsers at a time, and two apps'
# at once would put four on the machine, where the journeys' one-second promises no longer hold.
step 'end-to-end journeys'
bash scripts/pnpm.sh turbo run e2e --concurrency=1

external="${HALL_TEST_EXTERNAL_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node scripts/database-reachable.mjs "$external"; then
  step "server suite against the external PostgreSQL ($external)"
  (cd apps/server && DATABASE_URL="$external" npx vitest run --outputFile.json=.test-results/vitest-external.json)
else
  echo "No external PostgreSQL answers at $external: the server suite ran on the embedded one only."
fi

step 'totals'
node scripts/summarize-tests.mjs
