#!/usr/bin/env bash
# Applies the patches in patches/ to node_modules (run by npm after every install), then drops the bundler's
# persistent cache: it takes a package's files as unchanged while its version is, so it would keep the unpatched code.
set -euo pipefail
cd "$(dirname "$0")/.."
npx patch-package --error-on-fail --error-on-warn
rm -rf node_modules/.cache/rspack node_modules/.cache/webpack
