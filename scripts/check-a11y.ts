// `npm run check:a11y [folder]`: pa11y-ci, an accessibility suite nobody here wrote, with both its engines (axe and
// HTML_CodeSniffer, WCAG 2 AA) over one page of each type in the production build (build/ unless a folder is given),
// in dark and in light mode. It serves the build with the host headers the site ships (Content-Security-Policy
// included), drives Debian's Chromium, prints every issue with its page, mode, engine, rule and element, and exits 1
// on any error.
//
// Errors only: what axe can only flag for a person to review (text over a gradient or inside an SVG, say) is capped
// at a warning (`levelCapWhenNeedsReview`), and warnings are not asked for. Every error either engine reports fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/chromium';
import { startHostServer } from '../tests/hostServer';

// pa11y-ci ships no type declarations; this is the part of its API used here.
type Issue = { code: string; type: string; message: string; selector: string; runner: string; context?: string };
type Report = { total: number; passes: number; errors: number; results: Record<string, (Issue | Error)[]> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pa11yCi: (urls: string[], options: Record<string, unknown>) => Promise<Report> = require('pa11y-ci');

/** One page of each type the site serves, the ones the budgets and the bench measure. */
export const PAGES: { type: string; path: string }[] = [
  { type: 'home', path: '/' },
  { type: 'guide', path: '/catalyst/concepts/components' },
  { type: 'guide with a diagram', path: '/conductor/overview/architecture' },
  { type: 'API introduction', path: '/catalyst/api/catalyst-apis' },
  { type: 'API operation', path: '/catalyst/api/save-state' },
  { type: 'CLI reference page', path: '/catalyst/references/cli-reference/appid/create' },
  { type: 'components catalogue', path: '/catalyst/references/components-reference' },
  { type: 'component page', path: '/catalyst/references/components-reference/pubsub/kafka' },
  { type: 'search results', path: '/search?q=state' },
  { type: 'not-found page', path: '/this-page-does-not-exist' },
];

export const MODES = ['dark', 'light'] as const;

/** The page's address in one colour mode: Docusaurus reads `docusaurus-theme` from the query before storage. */
export function pageUrl(origin: string, pagePath: string, mode: (typeof MODES)[number]): string {
  const url = new URL(pagePath, origin);
  url.searchParams.set('docusaurus-theme', mode);
  return url.href;
}

async function main(): Promise<void> {
  const buildDir = path.resolve(process.argv[2] ?? 'build');
  const { server, origin } = await startHostServer(buildDir);
  // One pa11y-ci run per colour mode, side by side, each with a Chromium of its own: a page spends most of its time
  // waiting (for the network to go quiet, then the 500 ms below), so two browsers take about half as long as one.
  // Within one browser pa11y-ci's `concurrency: 2` loses targets (below).
  const profiles = MODES.map((mode) => mkdtempSync(path.join(tmpdir(), `pa11y-chromium-${mode}-`)));
  try {
    const reports = await Promise.all(
      MODES.map((mode, k) =>
        pa11yCi(
          PAGES.map((page) => pageUrl(origin, page.path, mode)),
          {
            runners: ['axe', 'htmlcs'],
            standard: 'WCAG2AA',
            includeWarnings: false,
            includeNotices: false,
            levelCapWhenNeedsReview: 'warning',
            // One page at a time: with two, Chromium 156 drops targets under pa11y-ci ("Protocol error (Target.closeTarget)").
            concurrency: 1,
            timeout: 60_000,
            // After hydration: the catalogue's filters and the search results are drawn in the browser.
            wait: 500,
            viewport: { width: 1280, height: 1024 },
            chromeLaunchConfig: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, `--user-data-dir=${profiles[k]}`] },
          },
        ),
      ),
    );
    const failures = reports.flatMap((report) =>
      Object.entries(report.results).flatMap(([url, issues]) =>
        issues.map((issue) => (issue instanceof Error ? `${url}: ${issue.message}` : `${url}: [${issue.runner}] ${issue.code}: ${issue.message} (${issue.selector})`)),
      ),
    );
    const passes = reports.reduce((sum, report) => sum + report.passes, 0);
    const total = reports.reduce((sum, report) => sum + report.total, 0);
    console.log(`pa11y-ci (axe + HTML_CodeSniffer, WCAG2AA): ${PAGES.length} page types × ${MODES.length} modes, ${passes} of ${total} clean`);
    if (failures.length) {
      console.error(failures.join('\n'));
      process.exitCode = 1;
    }
  } finally {
    server.close();
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
