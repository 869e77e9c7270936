#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (never a test tool's own download).
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chromium from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH) and try again." >&2
  exit 1
fi
