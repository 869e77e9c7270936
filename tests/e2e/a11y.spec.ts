import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SEARCH_MENU, openSearchBox, sampleGeneratedPages, searchInput, sitemapPaths, suggestions } from './helpers';

// Accessibility gate: axe-core over every page of the sitemap plus the search and not-found pages, in both
// colour modes. Any violation of impact "serious" or "critical" fails. Each page is loaded once, in dark mode, and
// checked; then the reader's own colour-mode toggle switches it to light and it is checked again. The pages are
// split into shards, each reusing one browser page. Loading a page once per mode, the gate's shards took 1,926 s
// of test time in all; this way (one load, settling without Playwright's 500 ms network idle, the sidebar checked
// only on the pages that show each sidebar) 1,356 s, both on this machine at load 8 (26 Nov 2026).

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
const SHARDS = 10;
const MODES = ['dark', 'light'] as const;
/** Served with status 404: Docusaurus' not-found page. */
const NOT_FOUND = '/this/page/does-not-exist';

/** Every path of the sitemap (generated reference pages sampled, see helpers.ts) plus /search and the not-found page. */
async function pagesToCheck(request: APIRequestContext): Promise<string[]> {
  const paths = await sitemapPaths(request);
  expect(paths.length, 'sitemap entries').toBeGreaterThan(10);
  return sampleGeneratedPages([...paths, '/search', NOT_FOUND]);
}

/**
 * axe with this gate's rules. Legacy mode runs axe.run() in the page itself: the default runPartial/finishRun path
 * opens a blank page and injects axe twice per call, which doubled the time. The site has no cross-origin frames.
 */
const axe = (page: Page) => new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).setLegacyMode();

/**
 * Pages whose docs sidebar the gate checks: each section's landing page and each reference's index, which between
 * them show every sidebar, collapsed and with its longest lists open. Every other page's sidebar is the same markup
 * with another item active, so it is left out there: it was a fifth of axe's time on a page.
 */
const SIDEBAR_PAGES = /^\/[\w-]+\/$|-reference\/$|\/api\/catalyst-apis$/;

/**
 * Waits until a loaded page has hydrated and has no request in flight for 150 ms: lazily loaded parts are there
 * once their chunks arrive. Playwright's network idle waits 500 ms with none, which was a quarter of a page's time.
 */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  for (let quiet = 0; quiet < 3; ) {
    await page.waitForTimeout(50);
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}

type Finding = { url: string; mode: string; id: string; impact: string; help: string; targets: string[] };

function describe(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.url} [${f.mode}] ${f.id} (${f.impact}): ${f.help}\n` +
        f.targets
          .slice(0, 8)
          .map((t) => `    ${t}`)
          .join('\n') +
        (f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''),
    )
    .join('\n');
}

async function blockingViolations(page: Page, url: string, mode: string): Promise<Finding[]> {
  const builder = axe(page);
  if (!SIDEBAR_PAGES.test(url)) builder.exclude('.theme-doc-sidebar-container');
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact && BLOCKING.has(v.impact))
    .map((v) => ({ url, mode, id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
}

/** Switches the page to light mode as a reader does: the system preference, then the navbar's toggle. */
async function switchToLight(page: Page, url: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ }).first();
  // The toggle cycles dark, system, light.
  for (let click = 0; click < 3 && (await page.locator('html').getAttribute('data-theme')) !== 'light'; click++) await toggle.click();
  await expect(page.locator('html'), url).toHaveAttribute('data-theme', 'light');
  // Colours change through CSS transitions: axe must read them once they have settled.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

for (let shard = 0; shard < SHARDS; shard++) {
  test(`axe finds nothing serious in dark or light mode, shard ${shard + 1}/${SHARDS}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const all = await pagesToCheck(request);
    const mine = all.filter((_, i) => i % SHARDS === shard);
    // The theme reads its choice from localStorage `theme` (no namespace) before first paint: every load starts dark.
    await page.addInitScript(() => {
      try {
        window.localStorage.setItem('theme', 'dark');
      } catch {
        // Storage is always available in these tests.
      }
    });

    let inFlight = 0;
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);

    const findings: Finding[] = [];
    for (const url of mine) {
      await page.emulateMedia({ colorScheme: 'dark' });
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status(), url).toBe(url === NOT_FOUND ? 404 : 200);
      await settle(page, () => inFlight);
      await expect(page.locator('html'), url).toHaveAttribute('data-theme', 'dark');
      await page.evaluate(() => document.fonts.ready);
      findings.push(...(await blockingViolations(page, url, 'dark')));
      await switchToLight(page, url);
      findings.push(...(await blockingViolations(page, url, 'light')));
    }
    expect(findings, `serious or critical axe violations:\n${describe(findings)}`).toEqual([]);
  });
}

for (const mode of MODES) {
  test(`the search bar's open result list, highlighted row included, passes axe in ${mode} mode`, async ({ page }) => {
    // The list exists only while a reader searches, so the page scans above never see it.
    await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    await openSearchBox(page, '/catalyst/');
    await searchInput(page).pressSequentially('save state');
    const rows = suggestions(page);
    await expect(rows.nth(2)).toBeVisible();
    // Each keystroke redraws the list (and puts the highlight back on its first row): wait until the last one's list
    // has stopped changing before moving the highlight.
    await expect
      .poll(async () => {
        const before = (await rows.allTextContents()).join('|');
        await page.waitForTimeout(300);
        return before === (await rows.allTextContents()).join('|');
      })
      .toBe(true);
    // The first row is highlighted as the list opens; move the highlight onto a section row (tree icon, path).
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    // The whole dropdown: the listbox, the "No results" message's place and the link to all results.
    const results = await axe(page).include(SEARCH_MENU).analyze();
    const findings = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    expect(findings, 'axe violations in the search result list').toEqual([]);
  });
}

/**
 * What pa11y (axe best-practice rules and HTML_CodeSniffer) found in the 2026-11-25 audit, which the gate above does
 * not cover: its tags leave out best-practice rules, and it fails on serious and critical impact only.
 */
const PA11Y_RULES = ['duplicate-id', 'duplicate-id-aria', 'landmark-one-main', 'landmark-no-duplicate-banner', 'landmark-unique', 'landmark-banner-is-top-level', 'region', 'select-name'];
const PA11Y_PAGES = ['/', '/search?q=state', '/catalyst/api/catalyst-apis', '/catalyst/references/components-reference/', '/catalyst/concepts/appids', NOT_FOUND];

test("pa11y's findings stay fixed: one main and one banner landmark, content inside landmarks, unique ids, no form without a submit button", async ({ page }) => {
  test.setTimeout(90_000);
  const findings: string[] = [];
  for (const url of PA11Y_PAGES) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect(page.locator('html[data-has-hydrated="true"]'), url).toHaveCount(1);
    const results = await new AxeBuilder({ page }).withRules(PA11Y_RULES).options({ resultTypes: ['violations'] }).setLegacyMode().analyze();
    for (const v of results.violations) findings.push(`${url} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    // HTML_CodeSniffer H32.2: a form needs a submit button (or it is not a form).
    const formsWithoutSubmit = await page.locator('form:not(:has(button:not([type="button"]):not([type="reset"]), input[type="submit"], input[type="image"]))').count();
    if (formsWithoutSubmit) findings.push(`${url} H32.2: ${formsWithoutSubmit} form(s) without a submit button`);
  }
  expect(findings, 'pa11y findings').toEqual([]);
});

test('no built page repeats an id (HTML_CodeSniffer F77, Nu HTML Checker)', () => {
  const build = path.join(__dirname, '..', '..', 'build');
  const pages = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : []));
  })(build);
  expect(pages.length).toBeGreaterThan(300);
  const repeated: string[] = [];
  for (const file of pages) {
    // Script bodies may hold markup-like strings; ids are read from the markup alone.
    const html = readFileSync(file, 'utf8').replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
    const seen = new Set<string>();
    for (const [, , id] of html.matchAll(/<[a-zA-Z][^<>]*?\sid=("|')?([^"'\s>]+)\1?/g)) {
      if (seen.has(id)) repeated.push(`${path.relative(build, file)}: ${id}`);
      seen.add(id);
    }
  }
  expect([...new Set(repeated)], 'ids used twice in one page').toEqual([]);
});
