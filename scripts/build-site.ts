// `npm run build` runs this in place of `docusaurus build`. From SPLIT_FROM pages up it is the same build in three
// processes: the first bundles the client (Rspack) and exits, the second bundles the server and exits, and the third
// renders every page from the bundles on disk and runs the plugins' postBuild hooks. Rspack keeps the memory it used
// for a bundle until its process ends, so in one process the rendering and the search index were built on top of it,
// and the server bundle on top of the client's. At ten times the site's pages (3,454, persistent cache off) one process
// peaked at 6.13 GiB, two (bundling, then the rest) at 4.34 and 2.87 GiB; at four times, 4.05 → 2.65 and 1.83 GiB,
// in the same time, with the same output byte for byte. Below the threshold one process it is: each further process
// loads the site again (about 5 s at today's 349 pages: 61.1 vs 55.9 s with two, median of three paired runs), and a
// build of that size peaks near 1.6 GiB anyway.
// Docusaurus reads both switches in `buildLocale.js` (DOCUSAURUS_EXIT_AFTER_BUNDLING, DOCUSAURUS_SKIP_BUNDLING).
// Arguments after `--` go to every `docusaurus build` run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sections } from '../src/sections';
import { BUNDLE_ONLY, type CompilerName } from '../src/plugins/one-compiler-bundling';
import { bundledServerEntry, bundlingHeapCeilingMb, markdownPages, moveServerBundle, outDirOf, ranOutOfHeap, withHeapCeiling, withOutDir } from './build-site-check';

/** Pages (Markdown and MDX files in the sections' folders, generated ones included) from which the build splits. */
const SPLIT_FROM = 1000;

const ROOT = path.join(__dirname, '..');
const DOCUSAURUS = path.join(ROOT, 'node_modules', '.bin', 'docusaurus');
const args = process.argv.slice(2);
const outDir = path.resolve(ROOT, outDirOf(args));

function docusaurusBuild(runArgs: string[], env: Record<string, string>): ReturnType<typeof spawnSync> {
  const run = spawnSync(DOCUSAURUS, ['build', ...runArgs], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.error) throw run.error;
  return run;
}

function exitOnFailure(run: ReturnType<typeof spawnSync>): void {
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const pages = sections.reduce((sum, section) => sum + markdownPages(path.join(ROOT, section.folder)), 0);
if (pages < SPLIT_FROM) {
  exitOnFailure(docusaurusBuild(args, {}));
  process.exit(0);
}
console.log(`scripts/build-site.ts: ${pages} pages, so the client bundle, the server bundle and the pages are built in three processes`);
// Each bundling run keeps one of Docusaurus's two compilers and empties the other (src/plugins/one-compiler-bundling),
// keeps no persistent cache (Docusaurus's DOCUSAURUS_NO_PERSISTENT_CACHE; a clean CI clone has none to read) and runs
// under a V8 heap ceiling (bundlingHeapCeilingMb). At ten times the pages, cold, bundling peaked at 5.76 GiB with both
// compilers at once and the cache written, 4.15 GiB without the cache, 3.44-3.86 GiB with the server compiled after
// the client in the same process, and 3.11 GiB (client) and 2.39 GiB (server) in processes of their own.
const ceiling = bundlingHeapCeilingMb(pages);
function bundle(only: CompilerName, runArgs: string[]): void {
  const env = { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true', [BUNDLE_ONLY]: only };
  const capped = docusaurusBuild(runArgs, { ...env, NODE_OPTIONS: withHeapCeiling(process.env.NODE_OPTIONS, ceiling) });
  if (!ranOutOfHeap(capped)) return exitOnFailure(capped);
  // A site whose bundling needs more live heap than the ceiling allows builds anyway, with V8's own limit.
  console.warn(`scripts/build-site.ts: bundling (${only}) ran out of its ${ceiling} MB heap ceiling; bundling again without it (raise the MB per page in bundlingHeapCeilingMb)`);
  exitOnFailure(docusaurusBuild(runArgs, env));
}
// The client run writes the output folder (Docusaurus empties it first). The server run has a folder of its own, as
// Docusaurus empties the output folder of every bundling run; its server bundle then moves into the output folder.
bundle('client', args);
const serverOut = `${outDir}.server-bundle`;
bundle('server', withOutDir(args, serverOut));
// If Docusaurus stopped reading the switch, the bundling run built everything and removed the server bundle: say so
// instead of letting the rendering run fail on a missing file.
const problem = bundledServerEntry(serverOut);
if (problem) {
  console.error(problem);
  process.exit(1);
}
moveServerBundle(serverOut, outDir);
exitOnFailure(docusaurusBuild(args, { DOCUSAURUS_SKIP_BUNDLING: 'true' }));
