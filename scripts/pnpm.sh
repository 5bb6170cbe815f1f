#!/usr/bin/env bash
# Runs the pnpm pinned in package.json's packageManager, fetched by npx (nothing global needed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$(node -p "require('$root/package.json').packageManager.split('@')[1]")"
exec npx -y "pnpm@$version" "$@"
