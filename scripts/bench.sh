#!/usr/bin/env bash
# Builds the hall and runs its benchmarks, printing their figures: all of bench/*/run.mjs, or the
# ones named (bash scripts/bench.sh server-reads volume). Benchmarks print, they do not pass or fail,
# and the test suite never runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh turbo run build
if [ "$#" -eq 0 ]; then
  set -- $(cd bench && for dir in */; do [ -f "$dir/run.mjs" ] && echo "${dir%/}"; done)
fi
for name in "$@"; do
  echo "== bench/$name"
  node "bench/$name/run.mjs"
done
