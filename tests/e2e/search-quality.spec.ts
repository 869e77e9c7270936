import { test, expect } from '@playwright/test';
import path from 'node:path';
import { openPage, searchInput, sitemapPaths, suggestions } from './helpers';
import { describeMisses, loadSearchQueries, rankInNode, recallByPage, runSearchQueries, samePage } from './search-runner';

// Search quality: the reader queries of tests/search-queries.json, typed into the navbar search of the home
// page (which searches every section), must find their expected page in the top 3 pages listed. The gates rank every
// query in Node with the code the search's worker runs, over the built index (`rankInNode`); the last test here types a
// sample of every query set into the browser's search box and checks that it lists exactly those pages. Recall@3 is
// counted over distinct pages (each page's share of its queries that find it, averaged over pages, so a page with
// many queries weighs no more than one with few), overall and in every section.
// The target is 95 % in every section (issue 11); on the 250 queries here the ranking reaches 98.0 % overall
// (Catalyst 97.3 over 72 pages, Conductor 99.0 over 32, enterprise Dapr 100 over 4, Workflow Composer 100 over 2).

const MIN_RECALL = 0.95;
const queries = loadSearchQueries();

test('the query set is large enough and every expected page is in the sitemap', async ({ request }) => {
  expect(queries.length).toBeGreaterThanOrEqual(40);
  const pages = await sitemapPaths(request);
  const unknown = queries.filter((q) => !q.query.trim() || ![q.expect].flat().every((e) => pages.some((p) => samePage(p, e))));
  expect(unknown, 'queries with an empty text or an expected page the site does not serve').toEqual([]);
});

test('every guide page has at least three reader queries and every API operation one', async ({ request }) => {
  const pages = await sitemapPaths(request);
  const count = (page: string) => queries.filter((q) => [q.expect].flat().some((e) => samePage(e, page))).length;
  // Generated references are reached by name; release notes are left out of the index; the home page and /search
  // are not answers.
  const notGuide = /^\/(search)?$|\/release-notes$|\/api\/|\/references\/(cli|components)-reference\//;
  const guides = pages.filter((p) => !notGuide.test(p));
  const operations = pages.filter((p) => p.startsWith('/catalyst/api/'));
  expect(guides.length).toBeGreaterThan(60);
  expect(guides.filter((p) => count(p) < 3), 'guide pages with fewer than three queries').toEqual([]);
  expect(operations.filter((p) => count(p) < 1), 'API operations without a query').toEqual([]);
});

test(`recall@3 over distinct pages is at least ${MIN_RECALL * 100} % in every section`, async () => {
  const report = await rankInNode(queries);
  const bySection = recallByPage(report.outcomes);
  const lines = bySection.map((s) => `${s.section}: ${(s.recall * 100).toFixed(1)} % over ${s.pages} pages`);
  const summary = `recall@3 ${lines.join('; ')} (queries ${queries.length - report.misses.length}/${queries.length})`;
  console.log(report.misses.length ? `${summary}; misses:\n${describeMisses(report.misses)}` : summary);
  for (const s of bySection) expect(s.recall, `${summary}; misses:\n${describeMisses(report.misses)}`).toBeGreaterThanOrEqual(MIN_RECALL);
});

/**
 * Every SAMPLE_EVERY-th query of each set (tests/search-queries.json and both real-question sets), and every query
 * the ranking misses in Node: 99 of the 393 queries today, about 40 s of test time, where typing all of them into
 * the browser took 142 s in CI (26 Nov 2026).
 */
const SAMPLE_EVERY = 6;
const QUERY_SETS = ['search-queries.json', 'search-real-questions.json', 'search-real-questions-heldout.json'].map((file) =>
  loadSearchQueries(path.join(__dirname, '..', file)),
);

test('the navbar search lists, row for row, the pages the ranking in Node lists, on a sample of every query set', async ({ page }) => {
  test.setTimeout(120_000);
  const sample = [];
  for (const set of QUERY_SETS) {
    const misses = new Set((await rankInNode(set)).misses.map((m) => m.query));
    sample.push(...set.filter((q, k) => k % SAMPLE_EVERY === 0 || misses.has(q.query)));
  }
  expect(sample.length).toBeGreaterThan(60);
  const inNode = await rankInNode(sample);
  const inBrowser = await runSearchQueries(page, sample);
  // Each query's page rows in order, and how many rows in all (pages and the sections under them).
  const shown = (report: typeof inNode) => report.outcomes.map((o) => ({ query: o.query, pages: o.pages, options: o.options }));
  expect(shown(inBrowser), 'the browser list against the ranking in Node').toEqual(shown(inNode));

  // The runner reads each suggestion's URL without navigating; choosing the first one for real must open it.
  const first = inBrowser.outcomes.find((o) => o.top.length > 0)!;
  await openPage(page, '/');
  await searchInput(page).click();
  await searchInput(page).fill(first.query);
  await expect(suggestions(page).first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe(first.top[0]);
});
