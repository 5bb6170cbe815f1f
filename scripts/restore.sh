#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an empty data folder or an empty database (docs/deploy.md, "Backups").
# Usage: bash scripts/restore.sh <backup folder> [--key-file <file>]
set -euo pipefail
# Paths given are the caller's: made absolute before moving to the repository.
args=()
path_next=1
for arg in "$@"; do
  case "$arg" in
    --key-file) args+=("$arg"); path_next=1 ;;
    -*) args+=("$arg"); path_next=0 ;;
    *) if [ "$path_next" = 1 ]; then args+=("$(realpath -m -- "$arg")"); else args+=("$arg"); fi; path_next=1 ;;
  esac
done
cd "$(dirname "$0")/.."
if [ ! -f apps/server/dist/restore.js ]; then
  bash scripts/pnpm.sh install --frozen-lockfile
  bash scripts/pnpm.sh turbo run build --filter @hall/server
fi
exec node apps/server/dist/restore.js "${args[@]}"
