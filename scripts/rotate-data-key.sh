#!/usr/bin/env bash
# Reseals the citizens' personal data under the first key of HALL_DATA_KEY and of HALL_DATA_INDEX_KEY, in batches, while the hall runs.
# Usage: bash scripts/rotate-data-key.sh [--batch-size N]
# The database is the hall's: DATABASE_URL, else the embedded one in HALL_DATA_DIR (./data), running or not.
set -euo pipefail
source "$(dirname "$0")/lib/server-command.sh"
server_command rotate-data-key "$@"
