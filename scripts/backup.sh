#!/usr/bin/env bash
# Takes an encrypted backup of a hall while it runs: its database and uploaded files, with a manifest
# (docs/deploy.md, "Backups"). Cron may run it; HALL_BACKUP_INTERVAL_HOURS has the hall take them itself.
# Usage: bash scripts/backup.sh [--to <folder>] [--keep <count>] [--key-file <file>]
set -euo pipefail
source "$(dirname "$0")/lib/server-command.sh"
PATH_OPTIONS="--to --key-file" server_command backup "$@"
