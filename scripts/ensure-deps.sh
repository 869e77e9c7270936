#!/usr/bin/env bash
# Installs the npm dependencies from the lockfile when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing dependencies from package-lock.json (npm ci)…"
  npm ci --no-audit --no-fund
fi
