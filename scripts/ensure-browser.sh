#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium with a CJK font for the Chinese screens, and the
# server's document tests read the generated PDFs back with pdftotext (poppler-utils), and its alert
# rules are checked with promtool (Debian's prometheus package; its service is not started here).
# Installs them from Debian's packages when missing; never downloads a browser build.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || need+=(fonts-noto-cjk)
command -v pdftotext >/dev/null || need+=(poppler-utils)
command -v promtool >/dev/null || need+=(prometheus)
[ ${#need[@]} -eq 0 ] && exit 0
echo "Installing from Debian's packages: ${need[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" fontconfig >/dev/null
