#!/usr/bin/env bash
# Applies the retention policy once and reports what it removed: the audit trail archived past its months,
# query and verification records past their days, their files and expired drafts (docs/deploy.md, "Retention").
# Usage: bash scripts/retention.sh
set -euo pipefail
source "$(dirname "$0")/lib/server-command.sh"
server_command retention "$@"
