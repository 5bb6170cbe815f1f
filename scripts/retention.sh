#!/usr/bin/env bash
# Applies the retention policy once and reports what it removed: the audit trail archived past its months,
# query and verification records past their days, their files and expired drafts (docs/deploy.md, "Retention").
# Usage: bash scripts/retention.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/server/dist/retention.js ]; then
  bash scripts/pnpm.sh install --frozen-lockfile
  bash scripts/pnpm.sh turbo run build --filter @hall/server
fi
exec node apps/server/dist/retention.js "$@"
