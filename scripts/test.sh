#!/usr/bin/env bash
# `npm test`: installs what the tests need, then typecheck, the OpenAPI lint, unit tests, the content check (every sample
# and named thing against the SDKs, the API description and upstream data), the production build (where broken links,
# anchors and Markdown links fail), the Nu HTML Checker over every built page, pa11y-ci (axe and HTML_CodeSniffer) over
# each page type in both colour modes, and the browser tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's heading says how long the one before it took, so a CI log shows where the minutes go.
started=$SECONDS
step() {
  echo "== $1 (previous step $((SECONDS - started)) s, ${SECONDS} s in all)"
  started=$SECONDS
}
step "install"; bash scripts/ensure-deps.sh
bash scripts/ensure-debian-packages.sh
step "typecheck"; npm run --silent typecheck
step "API spec lint"; npm run --silent lint:api
step "unit tests"; npm run --silent test:unit
step "content check"; npx tsx scripts/check-content.ts
step "production build"; CI=true npm run --silent build
step "valid HTML (Nu HTML Checker)"; npx tsx scripts/check-html.ts
step "accessibility (pa11y-ci)"; npx tsx scripts/check-a11y.ts
step "browser tests"; npx playwright test
step "done"
