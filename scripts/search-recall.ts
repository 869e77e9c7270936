/**
 * Recall@3 of the built site's search on a query set, in Node, with the ranking the browser runs (src/search): the
 * fast loop for ranking work. The browser tests (tests/e2e/search-*.spec.ts) remain the gate.
 *
 *   tsx scripts/search-recall.ts [tests/search-real-questions.json] [--misses]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadIndexes, searchPages } from '../src/search/ranking';
import { isExpected, recallByPage, type QueryOutcome, type SearchQuery } from '../tests/e2e/search-runner';

// Piped into head, stop quietly.
process.stdout.on('error', () => process.exit(0));
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? 'tests/search-real-questions.json';
const queries = JSON.parse(readFileSync(file, 'utf8')) as SearchQuery[];
const indexes = loadIndexes(JSON.parse(readFileSync(path.join('build', 'search-index.json'), 'utf8')));
const outcomes: QueryOutcome[] = queries.map((q) => {
  const results = searchPages(indexes, q.query, 8);
  const pages = results.filter((r) => !r.isInterOfTree && !r.isLastOfTree).map((r) => r.document.u);
  const top = pages.slice(0, 3);
  const at = top.findIndex((u) => isExpected(u, q.expect));
  return { ...q, top, pages, options: results.length, rank: at >= 0 ? at + 1 : null, latencyMs: 0 };
});
for (const s of recallByPage(outcomes)) console.log(`${s.section}: ${(s.recall * 100).toFixed(1)} % over ${s.pages} pages`);
if (args.includes('--misses')) {
  for (const o of outcomes.filter((o) => o.rank === null)) {
    const deep = searchPages(indexes, o.query, 100).filter((r) => !r.isInterOfTree && !r.isLastOfTree).map((r) => r.document.u);
    const at = deep.findIndex((u) => isExpected(u, o.expect));
    console.log(`  "${o.query}" → ${[o.expect].flat().join(' | ')} (rank ${at >= 0 ? at + 1 : 'none'})\n      got ${o.top.join(', ')}`);
  }
}
