#!/usr/bin/env bash
# `npm test`: installs what the tests need, then typecheck, the OpenAPI lint, unit tests, the content check (every sample
# and named thing against the SDKs, the API description and upstream data), the production build (where broken links,
# anchors and Markdown links fail), the Nu HTML Checker over every built page, pa11y-ci (axe and HTML_CodeSniffer) over
# each page type in both colour modes, and the browser tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-debian-packages.sh
echo "== typecheck"; npm run --silent typecheck
echo "== API spec lint"; npm run --silent lint:api
echo "== unit tests"; npm run --silent test:unit
echo "== content check"; npx tsx scripts/check-content.ts
echo "== production build"; CI=true npm run --silent build
echo "== valid HTML (Nu HTML Checker)"; npx tsx scripts/check-html.ts
echo "== accessibility (pa11y-ci)"; npx tsx scripts/check-a11y.ts
echo "== browser tests"; npx playwright test
