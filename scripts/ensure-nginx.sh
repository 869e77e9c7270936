#!/usr/bin/env bash
# Makes sure nginx is there for the test that runs deploy/nginx.conf over the build, from Debian's packages. The
# package's own service is not started (policy-rc.d): the test runs its own nginx on a free port.
set -euo pipefail
nginx=${NGINX_PATH:-/usr/sbin/nginx}
if [ -x "$nginx" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing nginx from Debian's packages…"
  apt-get update -qq
  policy=/usr/sbin/policy-rc.d
  created=
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  if [ -n "$created" ]; then rm -f "$policy"; fi
else
  echo "nginx is missing: run 'sudo apt-get install -y nginx' (or set NGINX_PATH) and try again." >&2
  exit 1
fi
