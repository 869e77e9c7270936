#!/usr/bin/env bash
# Makes sure the Debian packages the checks use are installed, never a tool's own download:
#   chromium   Debian's Chromium, for the browser tests, pa11y-ci and build-time diagrams (CHROMIUM_PATH)
#   java       a Java runtime, for the Nu HTML Checker (JAVA)
#   pyflakes   python3-pyflakes, for the content check's Python samples (CONTENT_CHECK_PYTHON)
#   nginx      nginx, for the test that serves the build with deploy/nginx.conf (NGINX_PATH); its own service is
#              not started (policy-rc.d), as the test runs nginx on a free port
# Usage: ensure-debian-packages.sh [chromium] [java] [pyflakes] [nginx]   (none named: all four)
# What is missing is installed in one apt-get run as root; otherwise the script says what to install and fails.
set -euo pipefail
[ $# -gt 0 ] || set -- chromium java pyflakes nginx
packages=()
hints=()
for tool in "$@"; do
  case $tool in
    chromium) test -x "${CHROMIUM_PATH:-/usr/bin/chromium}" || { packages+=(chromium); hints+=("chromium (or set CHROMIUM_PATH)"); } ;;
    java) command -v "${JAVA:-java}" >/dev/null || { packages+=(default-jre-headless); hints+=("default-jre-headless (or set JAVA)"); } ;;
    pyflakes) "${CONTENT_CHECK_PYTHON:-/usr/bin/python3}" -c 'import pyflakes' 2>/dev/null || { packages+=(python3-pyflakes); hints+=("python3-pyflakes (or point CONTENT_CHECK_PYTHON at a python3 that has it)"); } ;;
    nginx) test -x "${NGINX_PATH:-/usr/sbin/nginx}" || { packages+=(nginx); hints+=("nginx (or set NGINX_PATH)"); } ;;
    *) echo "ensure-debian-packages.sh: unknown tool '$tool' (chromium, java, pyflakes or nginx)" >&2; exit 2 ;;
  esac
done
[ ${#packages[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing from Debian's packages: ${packages[*]}…"
  apt-get update -qq
  policy=/usr/sbin/policy-rc.d
  created=
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  if [ -n "$created" ]; then rm -f "$policy"; fi
else
  missing=$(printf '%s, ' "${hints[@]}")
  echo "Missing: ${missing%, }. Run: sudo apt-get install -y ${packages[*]}" >&2
  exit 1
fi
