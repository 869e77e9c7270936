#!/usr/bin/env bash
# Makes sure Java is there for the Nu HTML Checker (vnu.jar), from Debian's packages (never a tool's own download).
set -euo pipefail
java=${JAVA:-java}
if command -v "$java" >/dev/null; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Java from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
else
  echo "Java is missing: run 'sudo apt-get install -y default-jre-headless' (or set JAVA) and try again." >&2
  exit 1
fi
