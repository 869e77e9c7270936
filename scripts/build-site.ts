// `npm run build` runs this in place of `docusaurus build`. From TWO_PROCESSES_FROM pages up it is the same build in two
// processes: the first bundles (Rspack, client and server) and exits; the second renders every page from the bundles on
// disk and runs the plugins' postBuild hooks. Rspack keeps the memory it used for the bundles until its process ends,
// so in one process the rendering and the search index were built on top of it. At ten times the site's pages (3,454,
// persistent cache off) one process peaked at 6.13 GiB, two at 4.34 GiB (bundling) and 2.87 GiB (the rest); at four
// times, 4.05 → 2.65 and 1.83 GiB, in the same time, with the same output byte for byte. Below the threshold one
// process it is: the second process loads the site again (about 5 s at today's 349 pages: 61.1 vs 55.9 s, median of
// three paired runs), and a build of that size peaks near 1.6 GiB anyway.
// Docusaurus reads both switches in `buildLocale.js` (DOCUSAURUS_EXIT_AFTER_BUNDLING, DOCUSAURUS_SKIP_BUNDLING).
// Arguments after `--` go to every `docusaurus build` run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sections } from '../src/sections';
import { SERIAL_BUNDLING } from '../src/plugins/serial-bundling';
import { bundledServerEntry, bundlingHeapCeilingMb, markdownPages, outDirOf, ranOutOfHeap, withHeapCeiling } from './build-site-check';

/** Pages (Markdown and MDX files in the sections' folders, generated ones included) from which the build splits. */
const TWO_PROCESSES_FROM = 1000;

const ROOT = path.join(__dirname, '..');
const DOCUSAURUS = path.join(ROOT, 'node_modules', '.bin', 'docusaurus');
const args = process.argv.slice(2);
const outDir = path.resolve(ROOT, outDirOf(args));

function docusaurusBuild(env: Record<string, string>): ReturnType<typeof spawnSync> {
  const run = spawnSync(DOCUSAURUS, ['build', ...args], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.error) throw run.error;
  return run;
}

function exitOnFailure(run: ReturnType<typeof spawnSync>): void {
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const pages = sections.reduce((sum, section) => sum + markdownPages(path.join(ROOT, section.folder)), 0);
if (pages < TWO_PROCESSES_FROM) {
  exitOnFailure(docusaurusBuild({}));
  process.exit(0);
}
console.log(`scripts/build-site.ts: ${pages} pages, so bundling and rendering run in two processes`);
// The bundling run also compiles the server bundle after the client's (src/plugins/serial-bundling), keeps no
// persistent cache (Docusaurus's DOCUSAURUS_NO_PERSISTENT_CACHE; a clean CI clone has none to read) and runs under a
// V8 heap ceiling (bundlingHeapCeilingMb). At ten times the pages, cold, its peak was 5.76 GiB with both compilers at
// once and the cache written, 4.15 GiB without the cache, 3.50-3.74 GiB (four runs, median 3.73) with the server after
// the client, and 3.44-3.48 GiB (two runs) with a 1,536 MB ceiling as well.
const bundling = { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', [SERIAL_BUNDLING]: 'true' };
const ceiling = bundlingHeapCeilingMb(pages);
const capped = docusaurusBuild({ ...bundling, NODE_OPTIONS: withHeapCeiling(process.env.NODE_OPTIONS, ceiling) });
if (ranOutOfHeap(capped)) {
  // A site whose bundling needs more live heap than the ceiling allows builds anyway, with V8's own limit.
  console.warn(`scripts/build-site.ts: bundling ran out of its ${ceiling} MB heap ceiling; bundling again without it (raise the MB per page in bundlingHeapCeilingMb)`);
  exitOnFailure(docusaurusBuild(bundling));
} else {
  exitOnFailure(capped);
}
// If Docusaurus stopped reading the switch, the first run built everything and removed the server bundle: say so
// instead of letting the second run fail on a missing file.
const problem = bundledServerEntry(outDir);
if (problem) {
  console.error(problem);
  process.exit(1);
}
exitOnFailure(docusaurusBuild({ DOCUSAURUS_SKIP_BUNDLING: 'true' }));
