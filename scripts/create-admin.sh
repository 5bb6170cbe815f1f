#!/usr/bin/env bash
# Creates a hall's first 系统管理员 and prints a temporary password (changed at first sign-in).
# Usage: bash scripts/create-admin.sh <username> <display name> [--force]
# The database is the hall's: DATABASE_URL, else the embedded one in HALL_DATA_DIR (./data), running or not.
set -euo pipefail
source "$(dirname "$0")/lib/server-command.sh"
server_command create-admin "$@"
