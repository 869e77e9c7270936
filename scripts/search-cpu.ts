// The search worker's CPU for a first query, in Node, over a built site's index files (no network): parsing the
// head, loading it (loadIndexSet), reading the query's term shards, and ranking. `npx tsx scripts/search-cpu.ts
// <build folder> [context] [query] [runs]`. After the worker's warm-up (as in the browser), the first run is a
// reader's first query (cold code); the median of the runs is warm. The phone profile's CPU is about four times
// slower. Run it a few times, and alternately for the builds compared: one process's first run is noisy.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { searchBeforePageFiles, warmUp } from '../src/search/searchWorker';
import { loadIndexSet, SHARD_FOLDER, TERMS_PREFIX, type SearchHead } from '../src/search/shards';

const [buildDir = 'build', context = 'catalyst', query = 'state', runsArg = '10'] = process.argv.slice(2);
const runs = Number(runsArg);
const headFile = path.join(buildDir, `search-index${context ? `-${context}` : ''}.json`);
const headText = readFileSync(headFile, 'utf8');
const texts = new Map<string, string>();
// Files read from disk once: the runs time the parsing, not the disk.
function read(file: string): unknown {
  const at = file.startsWith(TERMS_PREFIX) ? path.join(headFile.replace(/\.json$/, ''), file.slice(TERMS_PREFIX.length)) : path.join(buildDir, SHARD_FOLDER, file);
  if (!texts.has(at)) texts.set(at, readFileSync(at, 'utf8'));
  return JSON.parse(texts.get(at)!);
}

async function main(): Promise<void> {
  await warmUp();
  const totals: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    const head = JSON.parse(headText) as SearchHead;
    const parsed = performance.now();
    const set = loadIndexSet(head, async (file) => read(file));
    const loaded = performance.now();
    const { rows } = await searchBeforePageFiles(set, query, 8);
    const ranked = performance.now();
    totals.push(ranked - start);
    if (run === 0) {
      const pages = rows.filter((row) => row.page === false).map((row) => row.document.u);
      console.log(`first run: parse ${(parsed - start).toFixed(1)} ms, load ${(loaded - parsed).toFixed(1)} ms, shards and ranking ${(ranked - loaded).toFixed(1)} ms; ${pages.length} pages, first ${pages[0]}`);
    }
  }
  totals.sort((a, b) => a - b);
  console.log(`head and first query, median of ${runs} runs (warm): ${totals[runs >> 1].toFixed(1)} ms`);
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
