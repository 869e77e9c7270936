import { test, expect } from '@playwright/test';
import path from 'node:path';
import { sitemapPaths } from './helpers';
import { describeMisses, loadSearchQueries, recallByPage, runSearchQueries, samePage } from './search-runner';

// Questions developers asked in public (Dapr issue trackers), typed as they typed them, each with the thread it
// came from and the page that answers it, chosen by reading the site (tests/search-real-questions.json). Unlike
// tests/search-queries.json, nobody here wrote them, so they measure search on what readers actually type.
const questions = loadSearchQueries(path.join(__dirname, '..', 'search-real-questions.json')) as (ReturnType<typeof loadSearchQueries>[number] & { source: string })[];

test('the real-question set is large, sourced, and every expected page is served', async ({ request }) => {
  expect(questions.length).toBeGreaterThanOrEqual(100);
  expect(questions.filter((q) => !/^https:\/\//.test(q.source ?? '')).map((q) => q.query), 'questions without a public source').toEqual([]);
  const pages = await sitemapPaths(request);
  const unknown = questions.filter((q) => ![q.expect].flat().every((e) => pages.some((p) => samePage(p, e))));
  expect(unknown.map((q) => q.query), 'questions whose expected page the site does not serve').toEqual([]);
});

// The target is 95 % in every section (issue #26). On 26 November 2026 the ranking reached 48.0 % on these questions
// (Catalyst 42.7 %, Conductor 58.3 %, enterprise Dapr 55.6 %), and 67.5 % once names pasted from code were also read as
// their words, pasted punctuation was trimmed, question words counted little and API operation pages stepped back
// less (Catalyst 70.1 %, Conductor 64.3 %, enterprise Dapr 55.6 %), and 71.8 % once a possessive was read as its word,
// a backend's component page was named by its name inside a longer question, and words no page holds stopped diluting
// the title and together boosts (Catalyst 76.6 %, Conductor 64.3 %, enterprise Dapr 55.6 %); then 74.8 % once headings
// and descriptions weighed nearly as much as keywords, inflected function words ("having") counted little, each known
// word's synonyms were read in turn, and readers' words for permissions (rights) and multi-tenancy (isolation) became
// synonyms (Catalyst 76.6 %, Conductor 69.6 %, enterprise Dapr 80.6 %). Until the target is met this holds each section
// at today's figure: a change that finds fewer real answers fails.
const FLOOR: Record<string, number> = { catalyst: 0.76, conductor: 0.69, 'enterprise-dapr': 0.8 };

test("recall@3 on the real questions does not fall below today's figure in any section", async ({ page }) => {
  test.setTimeout(240_000);
  const report = await runSearchQueries(page, questions);
  const bySection = recallByPage(report.outcomes);
  const summary = `real questions: recall@3 ${bySection.map((s) => `${s.section}: ${(s.recall * 100).toFixed(1)} % over ${s.pages} pages`).join('; ')} (queries ${questions.length - report.misses.length}/${questions.length})`;
  console.log(report.misses.length ? `${summary}; misses:\n${describeMisses(report.misses)}` : summary);
  for (const s of bySection.filter((s) => s.section in FLOOR)) expect(s.recall, summary).toBeGreaterThanOrEqual(FLOOR[s.section]);
});
