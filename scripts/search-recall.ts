/**
 * Recall@3 of the built site's search on a query set, in Node, with the ranking the browser runs (src/search): the
 * fast loop for ranking work. The recall gates (tests/e2e/search-*.spec.ts) rank the same way (`rankInNode`), and
 * check on a sample that the browser's search box lists the same pages.
 *
 *   tsx scripts/search-recall.ts [tests/search-real-questions.json] [--misses]
 */
import { readFileSync } from 'node:fs';
import { searchPages } from '../src/search/ranking';
import { readIndexSet } from '../src/plugins/search-shards/shardIndex';
import { isExpected, rankInNode, recallByPage, type SearchQuery } from '../tests/e2e/search-runner';

// Piped into head, stop quietly.
process.stdout.on('error', () => process.exit(0));
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--')) ?? 'tests/search-real-questions.json';
const queries = JSON.parse(readFileSync(file, 'utf8')) as SearchQuery[];
// The whole site's index, its head and shards read as the worker reads them.
const indexes = readIndexSet('build', 'search-index.json');
async function main(): Promise<void> {
  const { outcomes } = await rankInNode(queries, { buildDir: 'build' });
  for (const s of recallByPage(outcomes)) console.log(`${s.section}: ${(s.recall * 100).toFixed(1)} % over ${s.pages} pages`);
  if (args.includes('--misses')) {
    for (const o of outcomes.filter((o) => o.rank === null)) {
      const deep = (await searchPages(indexes, o.query, 100)).filter((r) => !r.isInterOfTree && !r.isLastOfTree).map((r) => r.document.u);
      const at = deep.findIndex((u) => isExpected(u, o.expect));
      console.log(`  "${o.query}" → ${[o.expect].flat().join(' | ')} (rank ${at >= 0 ? at + 1 : 'none'})\n      got ${o.top.join(', ')}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
