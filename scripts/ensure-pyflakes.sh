#!/usr/bin/env bash
# Makes sure Debian's python3 has pyflakes, which the content check runs over every Python sample.
set -euo pipefail
python=${CONTENT_CHECK_PYTHON:-/usr/bin/python3}
if "$python" -c 'import pyflakes' 2>/dev/null; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing pyflakes from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pyflakes >/dev/null
else
  echo "pyflakes is missing: run 'sudo apt-get install -y python3-pyflakes' (or point CONTENT_CHECK_PYTHON at a python3 that has it)." >&2
  exit 1
fi
