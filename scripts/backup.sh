#!/usr/bin/env bash
# Takes an encrypted backup of a hall while it runs: its database and uploaded files, with a manifest
# (docs/deploy.md, "Backups"). Cron may run it; HALL_BACKUP_INTERVAL_HOURS has the hall take them itself.
# Usage: bash scripts/backup.sh [--to <folder>] [--keep <count>] [--key-file <file>]
set -euo pipefail
# Paths given are the caller's: made absolute before moving to the repository.
args=()
path_next=0
for arg in "$@"; do
  case "$arg" in
    --to|--key-file) args+=("$arg"); path_next=1 ;;
    -*) args+=("$arg"); path_next=0 ;;
    *) if [ "$path_next" = 1 ]; then args+=("$(realpath -m -- "$arg")"); else args+=("$arg"); fi; path_next=0 ;;
  esac
done
cd "$(dirname "$0")/.."
if [ ! -f apps/server/dist/backup.js ]; then
  bash scripts/pnpm.sh install --frozen-lockfile
  bash scripts/pnpm.sh turbo run build --filter @hall/server
fi
exec node apps/server/dist/backup.js "${args[@]}"
