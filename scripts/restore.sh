#!/usr/bin/env bash
# Restores a backup of scripts/backup.sh into an empty data folder or an empty database (docs/deploy.md, "Backups").
# Usage: bash scripts/restore.sh <backup folder> [--key-file <file>]
set -euo pipefail
source "$(dirname "$0")/lib/server-command.sh"
PATH_OPTIONS="--key-file" POSITIONAL_PATHS=1 server_command restore "$@"
