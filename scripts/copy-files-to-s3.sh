#!/usr/bin/env bash
# Copies a hall's uploaded files from the local folder to the object storage the S3_* settings name,
# under the same keys, before the hall is started with HALL_STORAGE=s3 (docs/deploy.md, "Uploaded files").
# Usage: bash scripts/copy-files-to-s3.sh [--from <folder>] [--dry-run]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f apps/server/dist/copy-files-to-s3.js ]; then
  bash scripts/pnpm.sh install --frozen-lockfile
  bash scripts/pnpm.sh turbo run build --filter @hall/server
fi
exec node apps/server/dist/copy-files-to-s3.js "$@"
