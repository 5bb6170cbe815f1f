#!/usr/bin/env bash
# Creates a hall's first 系统管理员 and prints a temporary password (changed at first sign-in).
# Usage: bash scripts/create-admin.sh <username> <display name> [--force]
# The database is the hall's: DATABASE_URL, else the embedded one in HALL_DATA_DIR (./data), running or not.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/server/dist/create-admin.js ]; then
  bash scripts/pnpm.sh install --frozen-lockfile
  bash scripts/pnpm.sh turbo run build --filter @hall/server
fi
exec node apps/server/dist/create-admin.js "$@"
