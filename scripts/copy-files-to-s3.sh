#!/usr/bin/env bash
# Copies a hall's uploaded files from the local folder to the object storage the S3_* settings name,
# under the same keys, before the hall is started with HALL_STORAGE=s3 (docs/deploy.md, "Uploaded files").
# Usage: bash scripts/copy-files-to-s3.sh [--from <folder>] [--dry-run]
set -euo pipefail
source "$(dirname "$0")/lib/server-command.sh"
PATH_OPTIONS="--from" server_command copy-files-to-s3 "$@"
