#!/usr/bin/env bash
# Installs, builds and starts the whole hall: the server (embedded PostgreSQL, migrations,
# demo data) serving the citizen app at / and the admin shell at /admin/ on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/pnpm.sh install --frozen-lockfile
bash scripts/pnpm.sh turbo run build
# The demo hall: stand-ins for WeChat, FaceID, SMS and the registry, and demo data (apps/server/README.md).
export HALL_MODE="${HALL_MODE:-demo}"
# The application flow opens on the hall's own region (邯郸市 130400 unless HALL_XZQDM names another),
# where the demo registry's certificates and the seeded businesses and sites are.
export HALL_APPLY_XZQDM="${HALL_APPLY_XZQDM:-${HALL_XZQDM:-130400}}"
exec node apps/server/dist/main.js
