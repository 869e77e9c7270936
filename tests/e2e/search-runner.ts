/**
 * Runs reader queries through the navbar search in a real browser page and reports what came back: the pages of
 * the top suggestions, whether the expected page was among the first three, and how long each query took from
 * its last keystroke to rendered suggestions. Used by tests/e2e/search-quality.spec.ts and by scripts/bench.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { searchPages } from '../../src/search/ranking';
import { readIndexSet } from '../../src/plugins/search-shards/shardIndex';

/** `expect` lists every page that answers the query well, when more than one does (a guide and its reference page). */
export type SearchQuery = { query: string; expect: string | string[] };

/** Whether a result path is one of the pages a query expects. */
export const isExpected = (result: string, expected: SearchQuery['expect']) => [expected].flat().some((page) => samePage(result, page));

export type QueryOutcome = SearchQuery & {
  /** Page paths of the top suggestions, best first (at most `depth`); a page's sections listed under it do not count. */
  top: string[];
  /** Page path of every page entry in the list, in order (a page should appear once). */
  pages: string[];
  /** Number of options in the list: page entries and the sections grouped under them. */
  options: number;
  /** 1-based rank of the expected page among the top suggestions, or null. */
  rank: number | null;
  /** Milliseconds from the last keystroke to the suggestions being rendered. */
  latencyMs: number;
};

export type SearchQualityReport = {
  outcomes: QueryOutcome[];
  /** Share of queries whose expected page is in the top `depth` suggestions. */
  recall: number;
  misses: QueryOutcome[];
};

export const QUERIES_FILE = path.join(__dirname, '..', 'search-queries.json');

export function loadSearchQueries(file = QUERIES_FILE): SearchQuery[] {
  return JSON.parse(readFileSync(file, 'utf8')) as SearchQuery[];
}

/** Paths compare without a trailing slash, so /catalyst/ and /catalyst are the same page. */
export function samePage(a: string, b: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return norm(a) === norm(b);
}

const INPUT = '.navbar input.navbar__search-input';

/**
 * Opens `startPath` (the home page searches every section), waits for the search index, then runs each query.
 *
 * The suggestions carry no links: choosing one calls the router with the suggestion's URL. To read the URLs of
 * the top three without leaving the page, a capturing listener takes the autocomplete's own
 * `autocomplete:selected` event (its detail is the suggestion), records the URL and cancels the event, so the
 * dropdown stays open and no navigation happens. The spec checks once that Enter really opens that URL.
 */
export async function runSearchQueries(
  page: Page,
  queries: SearchQuery[],
  { startPath = '/', depth = 3 }: { startPath?: string; depth?: number } = {},
): Promise<SearchQualityReport> {
  await page.goto(startPath);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  // Run under tsx (the bench), esbuild's keepNames wraps functions in __name(); the page has no such helper.
  await page.evaluate('window.__name = window.__name || ((f) => f)');
  const input = page.locator(INPUT).first();
  await input.click();
  // The input becomes an ARIA combobox once autocomplete is set up, i.e. once the index has loaded.
  await page.locator(`${INPUT}[role="combobox"]`).first().waitFor({ state: 'attached', timeout: 30_000 });

  await page.evaluate(() => {
    type Picked = { u: string; h?: string; type: number };
    const w = window as unknown as { __searchPicks: Picked[]; __searchCapture: boolean };
    w.__searchPicks = [];
    w.__searchCapture = true;
    document.addEventListener(
      'autocomplete:selected',
      (event) => {
        if (!w.__searchCapture) return;
        // zepto (inside autocomplete.js) passes the handler arguments on the event as _args.
        // Type 0 is a page's title entry; headings and text of that page are listed under it.
        const args = (event as Event & { _args?: [{ document: Picked; type: number }] })._args;
        if (args?.[0]?.document) w.__searchPicks.push({ ...args[0].document, type: args[0].type });
        event.stopPropagation();
        event.preventDefault();
      },
      true,
    );
  });

  const outcomes: QueryOutcome[] = [];
  for (const { query, expect } of queries) {
    const result = await page.evaluate(
      async ({ query, depth, selector }) => {
        const w = window as unknown as { __searchPicks: { u: string; h?: string; type: number }[] };
        const field = document.querySelector<HTMLInputElement>(selector)!;
        const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        // The search dropdown: the listbox of options, or the "No results" message beside it.
        const menu = () => document.querySelector('.navbar [class*="dropdownMenu"]');
        const options = () => Array.from(menu()?.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]') ?? []);
        // The rows are drawn as soon as they are ranked and their sections' text is filled in when the pages' files
        // come (src/search/fillRows.ts): the list is the query's answer once its listbox is no longer busy.
        const settled = () => {
          const box = menu();
          return !!box && ((options().length > 0 && !box.querySelector('[role="listbox"][aria-busy="true"]')) || /No results/i.test(box.textContent ?? ''));
        };
        /** Types `value` as one input event and resolves when the dropdown next re-renders with an answer. */
        const type = (value: string) =>
          new Promise<number>((resolve, reject) => {
            const box = menu();
            let start = 0;
            const timer = setTimeout(() => reject(new Error(`no suggestions for "${value}" within 10 s`)), 10_000);
            const observer = new MutationObserver(() => {
              if (!settled()) return;
              observer.disconnect();
              clearTimeout(timer);
              resolve(performance.now() - start);
            });
            if (box) observer.observe(box, { childList: true, subtree: true, characterData: true });
            field.focus();
            valueSetter.call(field, value);
            start = performance.now();
            field.dispatchEvent(new Event('input', { bubbles: true }));
            if (!box) {
              // The dropdown is created on first use: poll until it has an answer.
              const poll = () => (settled() ? (clearTimeout(timer), resolve(performance.now() - start)) : setTimeout(poll, 5));
              poll();
            }
          });
        // Everything but the last character first, as a reader types; time only the last keystroke. A reader's
        // keystrokes come a frame or more apart, so the results of the one before are on screen (styled, laid out
        // and painted) before the last: without that wait its painting would be counted in the last one's time.
        // (Its list complete, too: a list filled in after the last keystroke would be taken for that one's answer.)
        if (query.length > 1) await type(query.slice(0, -1));
        await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
        const latencyMs = await type(query);
        const pages: string[] = [];
        const all = options();
        for (const option of all) {
          w.__searchPicks = [];
          option.click();
          const picked = w.__searchPicks[0];
          if (!picked) pages.push('(unknown)');
          else if (picked.type === 0) pages.push(new URL(picked.u, location.origin).pathname);
        }
        return { top: pages.slice(0, depth), pages, options: all.length, latencyMs };
      },
      { query, depth, selector: INPUT },
    );
    const index = result.top.findIndex((p) => isExpected(p, expect));
    outcomes.push({ query, expect, ...result, rank: index >= 0 ? index + 1 : null });
  }
  await page.evaluate(() => {
    (window as unknown as { __searchCapture: boolean }).__searchCapture = false;
  });

  const misses = outcomes.filter((o) => o.rank === null);
  return { outcomes, recall: outcomes.length ? (outcomes.length - misses.length) / outcomes.length : 0, misses };
}

/** The built site, which the browser tests serve. */
export const BUILD_DIR = path.join(__dirname, '..', '..', 'build');

/**
 * The same queries ranked in Node, by the code the navbar search's worker runs (`searchPages`, src/search/ranking.ts)
 * over the built site's whole index (the home page searches every section), read as the worker reads it: what the
 * list would show, without a browser. The browser half, `runSearchQueries`, is checked against this on a sample of
 * every set (tests/e2e/search-quality.spec.ts); the recall gates then rank every query here, in seconds.
 */
export async function rankInNode(queries: SearchQuery[], { buildDir = BUILD_DIR, depth = 3 }: { buildDir?: string; depth?: number } = {}): Promise<SearchQualityReport> {
  const indexes = readIndexSet(buildDir, 'search-index.json');
  const outcomes: QueryOutcome[] = [];
  for (const { query, expect } of queries) {
    const results = await searchPages(indexes, query, 8);
    // A page's row, then its sections' rows (marked as the tree under it).
    const pages = results.filter((r) => !r.isInterOfTree && !r.isLastOfTree).map((r) => new URL(r.document.u, 'http://site').pathname);
    const top = pages.slice(0, depth);
    const index = top.findIndex((p) => isExpected(p, expect));
    outcomes.push({ query, expect, top, pages, options: results.length, rank: index >= 0 ? index + 1 : null, latencyMs: 0 });
  }
  const misses = outcomes.filter((o) => o.rank === null);
  return { outcomes, recall: outcomes.length ? (outcomes.length - misses.length) / outcomes.length : 0, misses };
}

/** The section a page path belongs to: its first path segment ("catalyst", "conductor", …). */
export const sectionOf = (pagePath: string) => pagePath.split('/')[1] || '(home)';

/**
 * Recall@depth over distinct pages: each expected page scores the share of its queries that found it, and a
 * section's recall is the mean over its pages; the first row is the whole site.
 */
export function recallByPage(outcomes: QueryOutcome[]): { section: string; recall: number; pages: number }[] {
  const byPage = new Map<string, { hits: number; total: number }>();
  for (const o of outcomes) {
    const key = [o.expect].flat()[0].replace(/\/+$/, '') || '/';
    const entry = byPage.get(key) ?? { hits: 0, total: 0 };
    entry.total += 1;
    if (o.rank !== null) entry.hits += 1;
    byPage.set(key, entry);
  }
  const rows = (filter: (page: string) => boolean, section: string) => {
    const pages = [...byPage].filter(([p]) => filter(p));
    return { section, pages: pages.length, recall: pages.reduce((sum, [, e]) => sum + e.hits / e.total, 0) / (pages.length || 1) };
  };
  const sections = [...new Set([...byPage.keys()].map(sectionOf))].sort();
  return [rows(() => true, 'all'), ...sections.map((s) => rows((p) => sectionOf(p) === s, s))];
}

export function describeMisses(misses: QueryOutcome[]): string {
  return misses
    .map((m) => `  "${m.query}": expected ${m.expect}, got ${m.top.length ? m.top.join(', ') : 'no results'}`)
    .join('\n');
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Lighthouse's mobile profile as DevTools applies it: slow 4G (562.5 ms round trip, 1.47 Mbit/s down, 608 kbit/s
 * up, i.e. 1.6 Mbit/s and 675 kbit/s with Lighthouse's 0.9 factor) and the CPU slowed down 4×.
 */
export const PHONE_PROFILE = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (607.5 * 1024) / 8, cpuSlowdown: 4 };

/**
 * Time from a reader focusing the search box and typing `query` to the first suggestions, on a page opened with an
 * empty cache under the phone profile: it includes fetching and loading the section's index, which the search bar
 * only requests once it is used. Chromium's CPU slowdown applies to the page's main thread (the search worker
 * runs beside it), so the figure is, if anything, a little better than a real phone would give.
 */
export async function measureColdFirstResults(
  page: Page,
  startPath: string,
  query: string,
  /** Called once the page has hydrated, just before the query is typed (the bench counts what the search fetches from here). */
  beforeQuery?: () => void,
): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  // No response bodies kept for this session: with the defaults, DevTools copies each response and, when it ends,
  // decodes a text one (the index's head, 230-300 KB of JSON at ten times the pages) on the page's main thread, 23-40
  // ms at the phone's CPU in traces, which no reader's phone spends. Playwright's own session still does it once.
  await cdp.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const { cpuSlowdown, ...network } = PHONE_PROFILE;
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  try {
    await page.goto(startPath, { timeout: 120_000 });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 120_000 });
    await page.evaluate('window.__name = window.__name || ((f) => f)');
    beforeQuery?.();
    return await page.evaluate(
      ({ query, selector }) =>
        new Promise<number>((resolve, reject) => {
          const field = document.querySelector<HTMLInputElement>(selector)!;
          const answered = () => {
            const box = document.querySelector('.navbar [class*="dropdownMenu"]');
            return !!box && (box.querySelector('[role="listbox"] [role="option"]') !== null || /No results/i.test(box.textContent ?? ''));
          };
          const start = performance.now();
          field.focus();
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, query);
          field.dispatchEvent(new Event('input', { bubbles: true }));
          const timer = setTimeout(() => reject(new Error(`no suggestions for "${query}" within 120 s`)), 120_000);
          const poll = () => (answered() ? (clearTimeout(timer), resolve(performance.now() - start)) : setTimeout(poll, 10));
          poll();
        }),
      { query, selector: INPUT },
    );
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}
