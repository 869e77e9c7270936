import { test, expect } from '@playwright/test';
import path from 'node:path';
import { sitemapPaths } from './helpers';
import { describeMisses, loadSearchQueries, rankInNode, recallByPage, samePage } from './search-runner';

// Questions developers asked in public (Dapr issue trackers), typed as they typed them, each with the thread it
// came from and the page that answers it, chosen by reading the site (tests/search-real-questions.json). Unlike
// tests/search-queries.json, nobody here wrote them, so they measure search on what readers actually type.
type RealQuestion = ReturnType<typeof loadSearchQueries>[number] & { source: string };
const questions = loadSearchQueries(path.join(__dirname, '..', 'search-real-questions.json')) as RealQuestion[];
// A held-out set (tests/search-real-questions-heldout.json): 32 more questions, collected the same way before the
// ranking work of issue #26 and never tuned on. If the tuned set's figure rises and this one does not, the changes
// fit the 111 questions rather than readers.
const heldOut = loadSearchQueries(path.join(__dirname, '..', 'search-real-questions-heldout.json')) as RealQuestion[];

for (const [name, set, size] of [['real-question', questions, 100], ['held-out', heldOut, 30]] as const) {
  test(`the ${name} set is large, sourced, and every expected page is served`, async ({ request }) => {
    expect(set.length).toBeGreaterThanOrEqual(size);
    expect(set.filter((q) => !/^https:\/\//.test(q.source ?? '')).map((q) => q.query), 'questions without a public source').toEqual([]);
    const pages = await sitemapPaths(request);
    const unknown = set.filter((q) => ![q.expect].flat().every((e) => pages.some((p) => samePage(p, e))));
    expect(unknown.map((q) => q.query), 'questions whose expected page the site does not serve').toEqual([]);
  });
}

test('no held-out question is also in the tuned set', () => {
  const tuned = new Set(questions.flatMap((q) => [q.query.toLowerCase(), q.source]));
  expect(heldOut.filter((q) => tuned.has(q.query.toLowerCase()) || tuned.has(q.source)).map((q) => q.query)).toEqual([]);
});

// The target is 95 % in every section (issue #26): from 48.0 % when collected, ranking rules about how readers type,
// reader vocabulary in front matter and expected pages corrected after reading them reached, on 27 November 2026,
// Catalyst 95.2 %, Conductor 87.5 % and enterprise Dapr 100 %, while the held-out set stayed at 87.5 % (see below).
// Conductor's last three misses asked what no page answered (a Helm upgrade's "unknown field controlPlaneTrustDomain",
// sidecar logs from the CLI, an app's subscribed topics); with those answers written, Conductor is at 100 %.
// This holds each section at that figure: a change that finds fewer real answers fails.
const FLOOR: Record<string, number> = { catalyst: 0.95, conductor: 1, 'enterprise-dapr': 1 };

// Ranked in Node with the browser's code (`rankInNode`); tests/e2e/search-quality.spec.ts checks on a sample of both
// sets that the browser's search box lists the same pages.
test("recall@3 on the real questions does not fall below today's figure in any section", async () => {
  const report = await rankInNode(questions);
  const bySection = recallByPage(report.outcomes);
  const summary = `real questions: recall@3 ${bySection.map((s) => `${s.section}: ${(s.recall * 100).toFixed(1)} % over ${s.pages} pages`).join('; ')} (queries ${questions.length - report.misses.length}/${questions.length})`;
  console.log(report.misses.length ? `${summary}; misses:\n${describeMisses(report.misses)}` : summary);
  for (const s of bySection.filter((s) => s.section in FLOOR)) expect(s.recall, summary).toBeGreaterThanOrEqual(FLOOR[s.section]);
});

// The held-out set's floor: its figure when collected, 87.5 % (Catalyst 100 %, Conductor 71.4 %, enterprise Dapr
// 62.5 %), unchanged by every round of ranking and vocabulary work since (measured after each change, never tuned
// on). Its misses are not to be fixed one by one: that would make it one more tuned set.
const HELD_OUT_FLOOR: Record<string, number> = { catalyst: 1, conductor: 0.71, 'enterprise-dapr': 0.62 };

test('recall@3 on the held-out real questions does not fall below its figure in any section', async () => {
  const report = await rankInNode(heldOut);
  const bySection = recallByPage(report.outcomes);
  const summary = `held-out questions: recall@3 ${bySection.map((s) => `${s.section}: ${(s.recall * 100).toFixed(1)} % over ${s.pages} pages`).join('; ')} (queries ${heldOut.length - report.misses.length}/${heldOut.length})`;
  console.log(summary);
  for (const s of bySection.filter((s) => s.section in HELD_OUT_FLOOR)) expect(s.recall, summary).toBeGreaterThanOrEqual(HELD_OUT_FLOOR[s.section]);
});
