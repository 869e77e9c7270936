#!/usr/bin/env bash
# Installs the npm dependencies from the lockfile when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "Installing dependencies from package-lock.json…"
  # Not `npm ci`: the registry these machines reach lacks other platforms' optional binaries (@swc/*-darwin…),
  # so the lockfile cannot list them and `npm ci` refuses it; `npm install` keeps to the locked versions.
  npm install --no-audit --no-fund
fi
