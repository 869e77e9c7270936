// Benchmark of this site beside a stock Docusaurus 3.10.2 site: build time, first-load page weight, search index size, search latency and recall, Lighthouse scores. `npm run bench` (not part of npm test); `--quick` skips the stock site and Lighthouse; `--lighthouse-runs=N` sets the mobile runs per page (median, default 3); `--cold-search-runs=N` the first searches per start page (median, default 3). `--scale=N` (N ≥ 2) builds a copy of the site with its content multiplied N times instead and prints it beside the same copy at scale 1 (no stock site, no Lighthouse): see the scale mode below.
//
// Builds never run in this worktree: `docusaurus clear` deletes node_modules/.cache, and node_modules here may
// be a link to another checkout's. The site is copied (git-tracked and new files) to a temporary folder whose
// node_modules is a real folder of links to the installed packages, so the clear, the cold build and the warm
// build only touch that copy. The stock site is created and installed under the same temporary folder.
// Results go to bench/results.json and a table on stdout.

import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync, symlinkSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_PATH, CHROMIUM_FLAGS } from '../tests/chromium';
import { loadSearchQueries, measureColdFirstResults, percentile, recallByPage, runSearchQueries, describeMisses } from '../tests/e2e/search-runner';
import { sections } from '../src/sections';
import { SHARD_FOLDER } from '../src/search/shards';
import { multiplySections, type Sidebars } from './scale-copies';
import { sampleProcessTree, type MemorySample } from './process-tree-memory';

const ROOT = path.resolve(__dirname, '..');
const QUICK = process.argv.includes('--quick');
/** A whole number of runs from `--<name>=N`, `fallback` without it; anything else stops the bench. */
function runsOption(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const runs = arg === undefined ? fallback : Number(arg.slice(name.length + 3));
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`${arg}: give a whole number of runs, 1 or more (--${name}=${fallback})`);
  return runs;
}
/**
 * Lighthouse mobile runs per page (`--lighthouse-runs=N`, default 3): one run on this 2-core machine swings by up to
 * ten points from one bench to the next (stock's guide 96 then 92), so each mobile score is the median of N runs,
 * taken in rounds over all pages so that a busy moment does not land on one page's runs only. Desktop scores
 * hardly move and get one run.
 */
const LIGHTHOUSE_RUNS = runsOption('lighthouse-runs', 3);
/**
 * First searches per start page (`--cold-search-runs=N`, default 3), in rounds over the start pages; each start's
 * figures are its median run's. One run swings by up to 500 ms on this 2-core machine (the phone profile's throttled
 * threads share two cores with the server and the browser's other processes): 1,548 then 2,101 ms from `/catalyst/`,
 * same build, back to back.
 */
const COLD_SEARCH_RUNS = runsOption('cold-search-runs', 3);
const WORK = path.join(os.tmpdir(), 'diagrid-docs-bench');
const RESULTS = path.join(ROOT, 'bench', 'results.json');
const LOGS = path.join(ROOT, 'bench', 'logs');
const STOCK_VERSION = '3.10.2';
/** `--scale=N`: the scale mode (one form only, with `=`; `--scale N` is refused rather than read as scale 1). */
const SCALE_ARG = process.argv.find((a) => a === '--scale' || a.startsWith('--scale='));
const SCALE = SCALE_ARG === undefined ? null : Number(SCALE_ARG.slice('--scale='.length));
if (SCALE_ARG === '--scale') throw new Error('--scale: write the factor with an equals sign, --scale=10');
if (SCALE !== null && !(Number.isInteger(SCALE) && SCALE >= 2)) throw new Error(`${SCALE_ARG}: give a whole number, 2 or more (--scale=10)`);
const SCALE_RESULTS = path.join(ROOT, 'bench', 'results-scale.json');

const PAGE_TYPES = ['home', 'guide', 'diagram', 'api', 'cli', 'component', 'search', 'notFound'] as const;
type PageType = (typeof PAGE_TYPES)[number];
const PAGE_LABELS: Record<PageType, string> = {
  home: 'home /',
  guide: 'guide page',
  diagram: 'guide with a diagram',
  api: 'API operation',
  cli: 'CLI reference page',
  component: 'component page',
  search: '/search',
  notFound: 'not-found page',
};
const NOT_FOUND_PATH = '/this-page-does-not-exist';

type SiteName = 'ours' | 'stock';
type Site = { name: SiteName; dir: string; pages: Record<PageType, string | null> };

type Failure = { error: string };
type Result<T> = T | Failure;
const failed = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'error' in value && Object.keys(value).length === 1;

/** Runs one measurement; a failure is reported and recorded instead of stopping the benchmark. */
async function attempt<T>(label: string, fn: () => Promise<T>): Promise<Result<T>> {
  const started = performance.now();
  process.stdout.write(`• ${label} … `);
  try {
    const value = await fn();
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);
    console.log(`error: ${message}`);
    return { error: message };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Processes

/** Runs a command to completion with its output in a log file; throws with the log's tail on failure. */
function run(command: string, args: string[], cwd: string, logName: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  mkdirSync(LOGS, { recursive: true });
  const logFile = path.join(LOGS, `${logName}.log`);
  const log = createWriteStream(logFile);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      log.end(() => {
        if (code === 0) return resolve();
        const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join(' | ');
        reject(new Error(`${command} ${args.join(' ')} exited ${code} (see ${path.relative(ROOT, logFile)}): ${tail}`));
      });
    });
  });
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------------------
// Sites

/** Copies this site (tracked and new files) to WORK/ours with a private node_modules of links. */
function prepareOurCopy(name = 'ours'): string {
  const dir = path.join(WORK, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout
    .toString()
    .split('\0')
    .filter((f) => f && !/^(node_modules|build|\.docusaurus|bench)(\/|$)/.test(f));
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (entry === '.cache') continue; // the bundler cache stays private to the copy
    symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

/** Creates and installs the stock classic TypeScript site once; later runs reuse it. */
async function prepareStock(): Promise<string> {
  const dir = path.join(WORK, 'stock');
  const marker = path.join(dir, 'node_modules', '@docusaurus', 'core', 'package.json');
  if (existsSync(marker) && JSON.parse(readFileSync(marker, 'utf8')).version === STOCK_VERSION) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  await run(
    'npx',
    ['--yes', `create-docusaurus@${STOCK_VERSION}`, 'stock', 'classic', '--typescript', '--skip-install'],
    WORK,
    'stock-create',
  );
  // The registry here lacks @docsearch/core 4.7.1, which preset-classic pulls in through @docsearch/react.
  const pkgFile = path.join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  pkg.overrides = { ...pkg.overrides, '@docsearch/react': '4.7.0' };
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  await run('npm', ['install', '--no-audit', '--no-fund'], dir, 'stock-install');
  return dir;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

type BuildFigures = { coldSeconds: number; warmSeconds: number; htmlPages: number; coldPagesPerSecond: number; warmPagesPerSecond: number };

/** `docusaurus clear` then `npm run build` (cold), then `npm run build` again (warm). */
async function measureBuilds(site: Site): Promise<BuildFigures> {
  const env = { CI: 'true' };
  await run('npx', ['docusaurus', 'clear'], site.dir, `${site.name}-clear`);
  const coldSeconds = await timed(() => run('npm', ['run', 'build'], site.dir, `${site.name}-build-cold`, env));
  const warmSeconds = await timed(() => run('npm', ['run', 'build'], site.dir, `${site.name}-build-warm`, env));
  const htmlPages = htmlFiles(path.join(site.dir, 'build')).length;
  return {
    coldSeconds,
    warmSeconds,
    htmlPages,
    coldPagesPerSecond: htmlPages / coldSeconds,
    warmPagesPerSecond: htmlPages / warmSeconds,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Static server with gzip (docusaurus serve does not compress)

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.xml', '.txt', '.map']);

function gzipSize(body: Buffer): number {
  return zlib.gzipSync(body, { level: 6 }).length;
}

async function serve(root: string): Promise<{ baseURL: string; close: () => Promise<void> }> {
  const gzCache = new Map<string, Buffer>();
  const resolveFile = (pathname: string): string | undefined => {
    const clean = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const base = path.join(root, clean);
    if (!base.startsWith(root)) return undefined;
    const candidates = pathname.endsWith('/')
      ? [path.join(base, 'index.html')]
      : [base, `${base}.html`, path.join(base, 'index.html')];
    return candidates.find((c) => existsSync(c) && statSync(c).isFile());
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let file = resolveFile(url.pathname);
    let status = 200;
    if (!file) {
      file = path.join(root, '404.html');
      status = 404;
    }
    const ext = path.extname(file);
    let body: Buffer = readFileSync(file);
    const headers: Record<string, string> = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      let gz = gzCache.get(file);
      if (!gz) gzCache.set(file, (gz = zlib.gzipSync(body, { level: 6 })));
      body = gz;
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = String(body.length);
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  // 4273 is this worktree's port; when it is taken (a test server), let the system choose one.
  await listen(Number(process.env.BENCH_PORT ?? 4273)).catch(() => listen(0));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Page weight

type PageWeight = {
  jsGzip: number;
  cssGzip: number;
  prefetchGzip: number;
  transfer: number;
  uncompressed: number;
  requests: number;
};

/**
 * Loads a page in a fresh context and sums what it fetched until the network was idle (500 ms without a
 * request). Each URL counts once. First-load JS and CSS are the scripts and stylesheets the page itself loads;
 * Docusaurus also prefetches the chunks of linked routes while idle, which is counted apart (and in the total).
 */
async function measurePage(browser: Browser, baseURL: string, pagePath: string): Promise<PageWeight> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const responses: import('@playwright/test').Response[] = [];
  page.on('response', (response) => responses.push(response));
  try {
    await page.goto(pagePath, { waitUntil: 'networkidle' });
    const weight: PageWeight = { jsGzip: 0, cssGzip: 0, prefetchGzip: 0, transfer: 0, uncompressed: 0, requests: 0 };
    const kinds = new Map<string, string>();
    const bodies = new Map<string, { gz: number; raw: number; compressible: boolean }>();
    for (const response of responses) {
      const url = new URL(response.url());
      if (url.protocol === 'data:' || url.protocol === 'blob:') continue;
      const type = response.request().resourceType();
      // A chunk that is both prefetched and executed counts as executed.
      if (type === 'script' || type === 'stylesheet' || !kinds.has(url.href)) kinds.set(url.href, type);
      if (bodies.has(url.href)) continue;
      let body: Buffer;
      try {
        body = await response.body();
      } catch {
        continue; // redirects have no body
      }
      const contentType = response.headers()['content-type'] ?? '';
      bodies.set(url.href, { gz: gzipSize(body), raw: body.length, compressible: /text|javascript|json|xml|svg/.test(contentType) });
    }
    for (const [href, body] of bodies) {
      const type = kinds.get(href);
      weight.requests += 1;
      weight.uncompressed += body.raw;
      weight.transfer += body.compressible ? body.gz : body.raw;
      if (type === 'script') weight.jsGzip += body.gz;
      else if (type === 'stylesheet') weight.cssGzip += body.gz;
      else if (type === 'other' && /\.js$/.test(new URL(href).pathname)) weight.prefetchGzip += body.gz;
    }
    return weight;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Search

/**
 * A search index file's size, or a group's (`file` ends ", all": `files` is how many; ", largest": `name` is which).
 * The labels carry no count or name, so the scale table's rows line up across the two sites.
 */
type IndexFile = { file: string; raw: number; gzip: number; files?: number; name?: string };

/** Each context's head (build/search-index*.json), then the shards beside them (src/search/shards.ts): all, and the largest. */
function searchIndexSizes(buildDir: string): IndexFile[] {
  const files = readdirSync(buildDir).filter((f) => /^search-index.*\.json$/.test(f));
  if (!files.length) throw new Error('no build/search-index*.json');
  const sizes = (dir: string, names: string[]) =>
    names.map((file) => {
      const body = readFileSync(path.join(dir, file));
      return { file, raw: body.length, gzip: gzipSize(body) };
    });
  const out: IndexFile[] = sizes(buildDir, files.sort());
  const shardDir = path.join(buildDir, SHARD_FOLDER);
  const groups: [string, IndexFile[]][] = [
    // Term shards: in a folder beside each context's head, one per two-letter start of their terms.
    ...files.map((head): [string, IndexFile[]] => {
      const folder = path.join(buildDir, head.replace(/\.json$/, ''));
      return [`${path.basename(folder)}/*.json (term shards)`, existsSync(folder) ? sizes(folder, readdirSync(folder)) : []];
    }),
    [`${SHARD_FOLDER}/page-*.json`, existsSync(shardDir) ? sizes(shardDir, readdirSync(shardDir).filter((f) => f.startsWith('page-'))) : []],
  ];
  for (const [label, all] of groups) {
    if (!all.length) continue;
    const largest = all.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    out.push({ file: `${label}, all`, raw: all.reduce((sum, f) => sum + f.raw, 0), gzip: all.reduce((sum, f) => sum + f.gzip, 0), files: all.length });
    out.push({ file: `${label}, largest`, raw: largest.raw, gzip: largest.gzip, name: largest.file });
  }
  return out;
}

/**
 * Where a reader's first search starts, per page type: what one search downloads depends on the context (a section's
 * head and shards, or the whole site's on the home page) and on what the page has already loaded.
 */
const COLD_SEARCH_STARTS = { home: '/', guide: '/catalyst/concepts/components', api: '/catalyst/api/save-state', catalyst: '/catalyst/' } as const;
type ColdSearchStart = keyof typeof COLD_SEARCH_STARTS;

type SearchFigures = {
  queries: number;
  recall: number;
  misses: string[];
  p50: number;
  p95: number;
  /** Recall@3 over distinct pages, whole site and per section. */
  pageRecall: { section: string; recall: number; pages: number }[];
  /** A first search on the phone profile with a cold cache, from each start page: time to first results and bytes. */
  coldSearch: Partial<Record<ColdSearchStart, Result<ColdSearch>>>;
};

async function measureSearch(browser: Browser, baseURL: string): Promise<SearchFigures> {
  const context = await browser.newContext({ baseURL });
  try {
    const queries = loadSearchQueries();
    if (queries.length < 30) throw new Error(`only ${queries.length} queries; need 30 or more`);
    const report = await runSearchQueries(await context.newPage(), queries);
    const latencies = report.outcomes.map((o) => o.latencyMs);
    return {
      queries: queries.length,
      recall: report.recall,
      misses: describeMisses(report.misses).split('\n').filter(Boolean),
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      pageRecall: recallByPage(report.outcomes),
      coldSearch: await measureColdSearches(browser, baseURL, 'ours', COLD_SEARCH_RUNS),
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Lighthouse

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category | 'cls', number | null>;

async function lighthouse(url: string, preset: 'mobile' | 'desktop', logName: string): Promise<Scores> {
  const out = path.join(WORK, 'lighthouse', `${logName}.json`);
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { force: true });
  await run(
    path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    ROOT,
    `lighthouse-${logName}`,
    { CHROME_PATH: CHROMIUM_PATH },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (report.runtimeError?.code) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  const scores = {} as Scores;
  for (const c of CATEGORIES) {
    const score = report.categories?.[c]?.score;
    scores[c] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  const cls = report.audits?.['cumulative-layout-shift']?.numericValue;
  scores.cls = typeof cls === 'number' ? cls : null;
  return scores;
}

/** Each category's median over the runs that gave scores; CLS the largest, as the worst a reader may see. */
function medianScores(runs: Result<Scores>[]): Result<Scores> {
  const ok = runs.filter((r): r is Scores => !failed(r));
  if (ok.length === 0) return runs[0];
  const median = (values: number[]) => {
    const sorted = values.slice().sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const pick = (key: keyof Scores, combine: (values: number[]) => number) => {
    const values = ok.map((r) => r[key]).filter((v): v is number => typeof v === 'number');
    return values.length ? combine(values) : null;
  };
  const scores = {} as Scores;
  for (const c of CATEGORIES) scores[c] = pick(c, median);
  scores.cls = pick('cls', (values) => Math.max(...values));
  return scores;
}

// ---------------------------------------------------------------------------------------------------------
// One site, end to end

type SiteResults = {
  build: Result<BuildFigures>;
  pages: Partial<Record<PageType, Result<PageWeight>>>;
  searchIndex: Result<IndexFile[]> | null;
  search: Result<SearchFigures> | null;
  lighthouse: Partial<Record<'mobile' | 'desktop', Partial<Record<PageType, Result<Scores>>>>>;
};

async function measureSite(site: Site, browser: Result<Browser>): Promise<SiteResults> {
  console.log(`\n== ${site.name} (${site.dir})`);
  const results: SiteResults = { build: { error: 'not run' }, pages: {}, searchIndex: null, search: null, lighthouse: {} };
  results.build = await attempt(`${site.name}: clear, cold build, warm build`, () => measureBuilds(site));
  const buildDir = path.join(site.dir, 'build');
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    for (const type of PAGE_TYPES) if (site.pages[type]) results.pages[type] = { error: 'no build' };
    return results;
  }
  const server = await attempt(`${site.name}: serve build/ with gzip`, () => serve(buildDir));
  if (failed(server)) return results;
  try {
    for (const type of PAGE_TYPES) {
      const pagePath = site.pages[type];
      if (!pagePath) continue;
      results.pages[type] = failed(browser)
        ? browser
        : await attempt(`${site.name}: page weight of ${pagePath}`, () => measurePage(browser, server.baseURL, pagePath));
    }
    if (site.name === 'ours') {
      results.searchIndex = await attempt(`${site.name}: search index sizes`, async () => searchIndexSizes(buildDir));
      results.search = failed(browser)
        ? browser
        : await attempt(`${site.name}: search latency and recall@3`, () => measureSearch(browser, server.baseURL));
    }
    if (!QUICK) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const byPage: Partial<Record<PageType, Result<Scores>>> = {};
        results.lighthouse[preset] = byPage;
        const runs = preset === 'mobile' ? LIGHTHOUSE_RUNS : 1;
        const perPage = new Map<PageType, Result<Scores>[]>();
        for (let round = 1; round <= runs; round += 1) {
          for (const type of PAGE_TYPES) {
            const pagePath = site.pages[type];
            if (!pagePath) continue;
            // Lighthouse gives no scores for a document answered with 404, so the not-found page is measured at
            // /404.html, the same page served with 200.
            const lhPath = type === 'notFound' ? '/404.html' : pagePath;
            const label = runs > 1 ? ` (run ${round} of ${runs})` : '';
            const scores = await attempt(`${site.name}: Lighthouse ${preset} ${lhPath}${label}`, () =>
              lighthouse(`${server.baseURL}${lhPath}`, preset, `${site.name}-${preset}-${type}${runs > 1 ? `-${round}` : ''}`),
            );
            perPage.set(type, [...(perPage.get(type) ?? []), scores]);
          }
        }
        for (const [type, all] of perPage) byPage[type] = medianScores(all);
      }
    }
  } finally {
    await server.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------
// Report

type Cell = number | string | null;
type Row = { group: string; metric: string; ours: Cell; stock: Cell; unit?: string; digits?: number };

function value<T, V>(result: Result<T> | null | undefined, pick: (t: T) => V): V | string | null {
  if (result === undefined || result === null) return null;
  if (failed(result)) return `error: ${result.error}`;
  return pick(result as T);
}

function rows(ours: SiteResults, stock: SiteResults | null): Row[] {
  const stockOr = <V,>(fn: (s: SiteResults) => V): V | string => (stock ? fn(stock) : 'skipped');
  const out: Row[] = [];
  const build = (pick: (b: BuildFigures) => number, metric: string, unit: string, digits: number) =>
    out.push({ group: 'build', metric, ours: value(ours.build, pick), stock: stockOr((s) => value(s.build, pick)), unit, digits });
  build((b) => b.coldSeconds, 'cold build (clear + build)', 's', 1);
  build((b) => b.warmSeconds, 'warm build', 's', 1);
  build((b) => b.htmlPages, 'HTML pages', '', 0);
  build((b) => b.coldPagesPerSecond, 'pages per second, cold', '/s', 2);
  build((b) => b.warmPagesPerSecond, 'pages per second, warm', '/s', 2);

  const KB = 1024;
  for (const type of PAGE_TYPES) {
    const page = (site: SiteResults, pick: (w: PageWeight) => number) =>
      type in site.pages ? value(site.pages[type], pick) : 'n/a';
    const metrics: [string, (w: PageWeight) => number, string, number][] = [
      ['first-load JS, gzip', (w) => w.jsGzip / KB, 'KB', 1],
      ['first-load CSS, gzip', (w) => w.cssGzip / KB, 'KB', 1],
      ['prefetched route chunks, gzip', (w) => w.prefetchGzip / KB, 'KB', 1],
      ['total transfer (gzip where compressible)', (w) => w.transfer / KB, 'KB', 1],
      ['total uncompressed', (w) => w.uncompressed / KB, 'KB', 1],
      ['requests', (w) => w.requests, '', 0],
    ];
    for (const [metric, pick, unit, digits] of metrics) {
      out.push({
        group: `page: ${PAGE_LABELS[type]}`,
        metric,
        ours: page(ours, pick),
        stock: stockOr((s) => page(s, pick)),
        unit,
        digits,
      });
    }
    // Issue 10's targets compare every page type with stock's guide (JS) and stock's CSS.
    const stockGuide = stock?.pages.guide;
    if (stockGuide && !failed(stockGuide) && ours.pages[type] && !failed(ours.pages[type])) {
      const w = ours.pages[type] as PageWeight;
      out.push({ group: `page: ${PAGE_LABELS[type]}`, metric: 'first-load JS ÷ stock guide', ours: w.jsGzip / stockGuide.jsGzip, stock: 'n/a', unit: '×', digits: 2 });
      out.push({ group: `page: ${PAGE_LABELS[type]}`, metric: 'first-load CSS ÷ stock guide', ours: w.cssGzip / stockGuide.cssGzip, stock: 'n/a', unit: '×', digits: 2 });
    }
  }

  if (failed(ours.searchIndex) || !ours.searchIndex) {
    out.push({ group: 'search index', metric: 'search-index*.json', ours: value(ours.searchIndex, () => 0), stock: 'n/a' });
  } else {
    for (const f of ours.searchIndex) {
      if (f.files !== undefined) out.push({ group: 'search index', metric: `${f.file}: files`, ours: f.files, stock: 'n/a', digits: 0 });
      if (f.name !== undefined) out.push({ group: 'search index', metric: `${f.file}: which`, ours: f.name, stock: 'n/a' });
      out.push({ group: 'search index', metric: `${f.file} raw`, ours: f.raw / KB, stock: 'n/a', unit: 'KB', digits: 1 });
      out.push({ group: 'search index', metric: `${f.file} gzip`, ours: f.gzip / KB, stock: 'n/a', unit: 'KB', digits: 1 });
    }
  }
  const search = (metric: string, pick: (s: SearchFigures) => number, unit: string, digits: number) =>
    out.push({ group: 'search', metric, ours: value(ours.search, pick), stock: 'n/a', unit, digits });
  search('latency p50 (last keystroke → suggestions)', (s) => s.p50, 'ms', 1);
  search('latency p95', (s) => s.p95, 'ms', 1);
  search('recall@3', (s) => s.recall * 100, '%', 1);
  for (const section of ['all', 'catalyst', 'conductor', 'enterprise-dapr', 'workflow-composer']) {
    search(`recall@3 over distinct pages: ${section}`, (s) => (s.pageRecall.find((r) => r.section === section)?.recall ?? NaN) * 100, '%', 1);
  }
  for (const [key, start] of Object.entries(COLD_SEARCH_STARTS) as [ColdSearchStart, string][]) {
    const cold = (pick: (c: ColdSearch) => number) => (s: SearchFigures) => {
      const c = s.coldSearch[key];
      return c && !failed(c) ? pick(c) : NaN;
    };
    search(`first search, phone profile, cold cache, from ${start}: time to first results`, cold((c) => c.ms), 'ms', 0);
    search(`first search, phone profile, cold cache, from ${start}: downloaded once it opens`, cold((c) => c.downloadBytes / KB), 'KB', 1);
    search(`first search, phone profile, cold cache, from ${start}: request rounds`, cold((c) => c.rounds), '', 0);
  }

  for (const preset of ['mobile', 'desktop'] as const) {
    for (const type of PAGE_TYPES) {
      for (const category of [...CATEGORIES, 'cls'] as const) {
        const score = (site: SiteResults) => {
          if (QUICK) return 'skipped';
          const byPage = site.lighthouse[preset];
          if (!byPage || !(type in byPage)) return 'n/a';
          return value(byPage[type], (s) => s[category] ?? NaN);
        };
        out.push({
          group: `Lighthouse ${preset}${preset === 'mobile' && LIGHTHOUSE_RUNS > 1 ? ` (median of ${LIGHTHOUSE_RUNS})` : ''}: ${PAGE_LABELS[type]}`,
          metric: category === 'cls' ? 'cumulative layout shift' : category,
          ours: score(ours),
          stock: stockOr(score),
          digits: category === 'cls' ? 3 : 0,
        });
      }
    }
  }
  return out;
}

function format(cell: Cell, unit = '', digits = 1): string {
  if (cell === null) return '—';
  if (typeof cell === 'string') return cell.length > 40 ? `${cell.slice(0, 39)}…` : cell;
  if (Number.isNaN(cell)) return '—';
  return `${cell.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

/** Prints rows of two figures each with their ratio (second over first when `ratioOfSecond`), grouped by `group`. */
function printComparison(
  rows: { group: string; metric: string; first: Cell; second: Cell; unit?: string; digits?: number }[],
  head: [string, string, string],
  ratioOfSecond: boolean,
): void {
  const lines = rows.map((r) => {
    const [num, den] = ratioOfSecond ? [r.second, r.first] : [r.first, r.second];
    const ratio = typeof num === 'number' && typeof den === 'number' && den !== 0 ? `${(num / den).toFixed(2)}×` : '';
    return [`${r.group} · ${r.metric}`, format(r.first, r.unit, r.digits), format(r.second, r.unit, r.digits), ratio];
  });
  const columns = ['metric', ...head];
  const widths = columns.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cols: string[]) => cols.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${fmt(columns)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  let group = '';
  for (const [i, line] of lines.entries()) {
    if (rows[i].group !== group && group) console.log('');
    group = rows[i].group;
    console.log(fmt(line));
  }
}

function printTable(table: Row[]): void {
  printComparison(table.map((r) => ({ ...r, first: r.ours, second: r.stock })), ['ours', `stock ${STOCK_VERSION}`, 'ours/stock'], false);
}

// ---------------------------------------------------------------------------------------------------------

/**
 * How fast the host is, as a run starts (in the scale mode, before each site's first searches): the fastest of eight
 * timings of a fixed piece of work (20,000 made-up records sorted by name, then written as JSON and read back), in ms,
 * lower is faster. The phone profile slows the page's CPU four times relative to the host, not to a fixed phone, so
 * its figures move with the host: this lets runs on different machines, or on a busy one, be told apart. The fastest,
 * not the median: the timings alternate with the collector's work (16-28 ms in one process here), and the fastest held
 * at 16-18 ms on this 2-core machine when quiet and 40-42 ms beside two busy loops.
 */
function hostCpuMs(): number {
  const runs: number[] = [];
  for (let run = 0; run < 8; run += 1) {
    const start = performance.now();
    const records = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `term-${(i * 104_729) % 20_000}` }));
    records.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (JSON.parse(JSON.stringify(records)).length !== records.length) throw new Error('host CPU timing: records lost');
    runs.push(performance.now() - start);
  }
  return Math.min(...runs);
}

/** The browser's version, for the results: the phone-profile figures depend on its throttling and scheduling. */
const browserVersion = (browser: Result<Browser>): string => (failed(browser) ? 'not launched' : browser.version());

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`Benchmark${QUICK ? ' (--quick: no stock site, no Lighthouse)' : ''}; working folder ${WORK}`);
  const loadAverageAtStart = os.loadavg();
  const hostCpuAtStart = hostCpuMs();
  console.log(`machine: ${os.cpus().length} cores, load average ${loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}, host CPU ${hostCpuAtStart.toFixed(1)} ms for the fixed workload`);
  mkdirSync(WORK, { recursive: true });

  const browser = await attempt('launch Chromium', () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }));
  try {
    const oursDir = await attempt('copy the site to the working folder', async () => prepareOurCopy());
    const ours: SiteResults = failed(oursDir)
      ? { build: oursDir, pages: {}, searchIndex: null, search: null, lighthouse: {} }
      : await measureSite(
          {
            name: 'ours',
            dir: oursDir,
            pages: {
              home: '/',
              guide: '/catalyst/concepts/components',
              diagram: '/conductor/overview/architecture',
              api: '/catalyst/api/save-state',
              cli: '/catalyst/references/cli-reference/apikey',
              component: '/catalyst/references/components-reference/bindings',
              search: '/search',
              notFound: NOT_FOUND_PATH,
            },
          },
          browser,
        );

    let stock: SiteResults | null = null;
    if (!QUICK) {
      const stockDir = await attempt(`create and install stock Docusaurus ${STOCK_VERSION} (first run only)`, prepareStock);
      stock = failed(stockDir)
        ? { build: stockDir, pages: {}, searchIndex: null, search: null, lighthouse: {} }
        : await measureSite(
            {
              name: 'stock',
              dir: stockDir,
              pages: {
                home: '/',
                guide: '/docs/intro',
                diagram: null,
                api: null,
                cli: null,
                component: null,
                search: null,
                notFound: NOT_FOUND_PATH,
              },
            },
            browser,
          );
    }

    const table = rows(ours, stock);
    printTable(table);
    if (!failed(ours.search) && ours.search?.misses.length) {
      console.log(`\nsearch misses (recall@3):\n${ours.search.misses.join('\n')}`);
    }
    writeResults(RESULTS, started, {
      generatedAt: new Date().toISOString(),
      quick: QUICK,
      machine: { cores: os.cpus().length, node: process.version, chromium: browserVersion(browser), hostCpuMs: hostCpuAtStart, loadAverageAtStart },
      pages: { notFound: `${NOT_FOUND_PATH} (Lighthouse: /404.html)` },
      ours,
      stock,
      table,
    });
  } finally {
    if (!failed(browser)) await browser.close();
  }
}

/** Writes a run's figures as JSON and says where, with the run's wall time. */
function writeResults(file: string, started: number, results: Record<string, unknown>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(ROOT, file)} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------------------
// Scale mode: `npm run bench -- --scale=N`
//
// Issue 29: how the site behaves with N times its pages. One temporary copy of the site is generated
// (`tsx scripts/gen-all.ts`), built and measured as it is (scale 1), then each section's pages, hand-written and
// generated, are copied N-1 times into `<section>/scale-2/` … `scale-N/` (scripts/scale-copies.ts), and the
// copy is cleared, built and measured again; the two columns come from the same run. Both builds are cold
// (`docusaurus clear` first) and run the site's own build, `scripts/build-site.ts` (three processes from 1,000 pages
// up), with CI=true so a broken link in a copy fails the build. No stock site and no Lighthouse. While a build runs, the bench sums the resident memory of the build
// process and all its descendants from /proc every 100 ms (the peak of that sum is the build's peak memory;
// `/usr/bin/time -v` would give the largest single process only), Docusaurus's own perf log
// (DOCUSAURUS_PERF_LOGGER=true) names each phase with its duration, and a preloaded probe logs every thread's
// V8 heap once a second, so the peak can be placed in a phase and split into JS heap and the rest (Rspack's
// native memory, code, buffers). The timeline goes to bench/logs/scale-<n>-memory.json.

/** Written to the temporary folder and preloaded with `--require`: one JSON line per thread per second. */
const MEMORY_PROBE_SOURCE = `'use strict';
const fs = require('node:fs');
const v8 = require('node:v8');
const { threadId } = require('node:worker_threads');
const file = process.env.BENCH_MEMORY_PROBE;
if (file) {
  const write = () => {
    const m = process.memoryUsage();
    const h = v8.getHeapStatistics();
    fs.appendFileSync(file, JSON.stringify({ t: Date.now(), pid: process.pid, threadId, rss: m.rss, heapTotal: h.total_heap_size, heapUsed: h.used_heap_size, external: m.external, arrayBuffers: m.arrayBuffers, malloced: h.malloced_memory }) + '\\n');
  };
  write();
  setInterval(write, 1000).unref();
}
`;

type ProbeLine = { t: number; pid: number; threadId: number; rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number; malloced: number };
type Phase = { label: string; start: number; end: number; peakTreeRss: number };
type MemoryFigures = {
  method: string;
  peakTreeRss: number;
  peakAt: number;
  /** The Docusaurus build phase (`Build > en > …`) running at the peak, and the innermost perf phase (≥ 1 s). */
  peakPhase: string | null;
  peakInnermostPhase: string | null;
  /** Resident bytes per command name at the peak (the build's node process, Chromium for build-time diagrams, …). */
  peakByName: Record<string, number>;
  /** At the probe line nearest the peak: the V8 heaps of all threads, what Node counts outside them, and the rest. */
  atPeak: { threads: number; jsHeapTotal: number; jsHeapUsed: number; external: number; nativeOther: number; rss: number } | null;
  phases: Phase[];
};
type ScaleBuild = {
  seconds: number;
  /** CPU time (user + system) of the whole process tree: steadier than wall time on a shared machine. */
  cpuSeconds: number;
  loadAverageAtStart: number[];
  htmlPages: number;
  pagesPerSecond: number;
  memory: MemoryFigures;
};
type ColdSearchRequest = { url: string; type: string; bytes: number; startMs: number; endMs: number };
/**
 * `rounds`: the longest chain of requests each issued after the one before it finished (see `requestRounds`).
 * `runsMs`: every run's time, where the figures are the median run's (`measureColdSearches`).
 */
type ColdSearch = { ms: number; downloadBytes: number; rounds: number; requests: ColdSearchRequest[]; runsMs?: number[] };

/**
 * The request rounds on a search's critical path: the longest chain of requests each issued after the one before
 * it had finished. Each round costs a round trip whatever the machine's load (the phone profile adds 562.5 ms to
 * every request); requests queued for one of HTTP/1.1's six connections are not counted as a round of their own.
 */
function requestRounds(requests: Pick<ColdSearchRequest, 'startMs' | 'endMs'>[]): number {
  const sorted = [...requests].sort((a, b) => a.endMs - b.endMs);
  const depth = new Map<(typeof sorted)[number], number>();
  for (const request of [...requests].sort((a, b) => a.startMs - b.startMs)) {
    const before = sorted.filter((other) => other.endMs <= request.startMs).map((other) => depth.get(other) ?? 0);
    depth.set(request, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...depth.values());
}
type ScaleResults = {
  build: Result<ScaleBuild>;
  mainJsGzip: Result<number>;
  pages: Partial<Record<PageType, Result<PageWeight>>>;
  searchIndex: Result<IndexFile[]> | null;
  coldSearch: Partial<Record<ColdSearchStart, Result<ColdSearch>>>;
  /** `hostCpuMs` just before the first searches. */
  hostCpuMs?: number;
  copiedPages?: Record<string, number>;
};

const SCALE_PAGES: Record<PageType, string> = {
  home: '/',
  guide: '/catalyst/concepts/components',
  diagram: '/conductor/overview/architecture',
  api: '/catalyst/api/save-state',
  cli: '/catalyst/references/cli-reference/apikey',
  component: '/catalyst/references/components-reference/bindings',
  search: '/search',
  notFound: NOT_FOUND_PATH,
};

/** `[PERF] <label> - <duration> - (…)` lines of Docusaurus's perf logger, with the time the line was printed. */
function perfPhases(lines: { t: number; text: string }[]): { label: string; start: number; end: number }[] {
  const phases: { label: string; start: number; end: number }[] = [];
  for (const { t, text } of lines) {
    // eslint-disable-next-line no-control-regex
    const plain = text.replace(/\u001b\[[0-9;]*m/g, '');
    const match = /^\[PERF\](?:\[KO\])? (.+) - ([\d.]+) (ms|seconds!) - \(/.exec(plain);
    if (!match) continue;
    const seconds = Number(match[2]) / (match[3] === 'ms' ? 1000 : 1);
    phases.push({ label: match[1], start: t - seconds, end: t });
  }
  return phases;
}

/** Clear, then `docusaurus build` with the tree sampler, the perf log and the heap probe. */
async function measureScaleBuild(dir: string, label: string): Promise<ScaleBuild> {
  await run('npx', ['docusaurus', 'clear'], dir, `${label}-clear`);
  mkdirSync(LOGS, { recursive: true });
  const probeFile = path.join(WORK, 'memory-probe.cjs');
  writeFileSync(probeFile, MEMORY_PROBE_SOURCE);
  const probeLog = path.join(WORK, `${label}-probe.jsonl`);
  rmSync(probeLog, { force: true });
  const logFile = path.join(LOGS, `${label}-build.log`);
  const log = createWriteStream(logFile);
  const lines: { t: number; text: string }[] = [];
  const loadAverageAtStart = os.loadavg();
  const started = performance.now();
  const startedEpoch = Date.now();
  // The site's own build, as `npm run build` runs it (scripts/build-site.ts: from 1,000 pages, client bundle, server bundle and
  // rendering in three processes).
  // `node --import tsx`, as package.json's build script runs it: one process, where the tsx command relays to a second.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-site.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      CI: 'true',
      DOCUSAURUS_PERF_LOGGER: 'true',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${probeFile}`.trim(),
      BENCH_MEMORY_PROBE: probeLog,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const sampler = sampleProcessTree(child.pid!, 100);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const t = (performance.now() - started) / 1000;
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push({ t, text: line });
        log.write(`[${t.toFixed(1)}s] ${line}\n`);
      }
    });
  }
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  const samples = sampler.stop();
  await new Promise<void>((resolve) => log.end(resolve));
  if (code !== 0) {
    const tail = lines.slice(-8).map((l) => l.text).join(' | ');
    throw new Error(`docusaurus build exited ${code} (see ${path.relative(ROOT, logFile)}): ${tail}`);
  }
  // The sampler's clock starts a moment after the child; near enough at 100 ms sampling.
  const peak = samples.reduce((a, b) => (b.treeRss > a.treeRss ? b : a));
  const phases: Phase[] = perfPhases(lines)
    .filter((p) => p.end - p.start >= 1)
    .map((p) => ({
      ...p,
      peakTreeRss: Math.max(0, ...samples.filter((s) => s.t >= p.start && s.t <= p.end).map((s) => s.treeRss)),
    }));
  const containing = phases.filter((p) => peak.t >= p.start && peak.t <= p.end).sort((a, b) => a.end - a.start - (b.end - b.start));
  const probe: ProbeLine[] = existsSync(probeLog)
    ? readFileSync(probeLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))
    : [];
  const peakEpoch = startedEpoch + peak.t * 1000;
  let atPeak: MemoryFigures['atPeak'] = null;
  if (probe.length) {
    // Each thread's line nearest the peak (within 1.5 s), so threads that ended earlier are left out.
    const nearest = new Map<string, ProbeLine>();
    for (const line of probe) {
      const key = `${line.pid}:${line.threadId}`;
      const best = nearest.get(key);
      if (Math.abs(line.t - peakEpoch) <= 1500 && (!best || Math.abs(line.t - peakEpoch) < Math.abs(best.t - peakEpoch))) nearest.set(key, line);
    }
    const threads = [...nearest.values()];
    if (threads.length) {
      const jsHeapTotal = threads.reduce((sum, l) => sum + l.heapTotal, 0);
      const external = threads.reduce((sum, l) => sum + l.external, 0);
      atPeak = {
        threads: threads.length,
        jsHeapTotal,
        jsHeapUsed: threads.reduce((sum, l) => sum + l.heapUsed, 0),
        external,
        nativeOther: peak.treeRss - jsHeapTotal - external,
        rss: peak.treeRss,
      };
    }
  }
  writeFileSync(
    path.join(LOGS, `${label}-memory.json`),
    `${JSON.stringify({ samples: samples.filter((_, i) => i % 5 === 0), phases, probe: probe.map((l) => ({ ...l, t: (l.t - startedEpoch) / 1000 })) })}\n`,
  );
  const htmlPages = htmlFiles(path.join(dir, 'build')).length;
  return {
    seconds,
    cpuSeconds: sampler.cpuSeconds(),
    loadAverageAtStart,
    htmlPages,
    pagesPerSecond: htmlPages / seconds,
    memory: {
      method: 'sum of VmRSS (/proc/<pid>/stat) over the build process and its descendants, every 100 ms',
      peakTreeRss: peak.treeRss,
      peakAt: peak.t,
      peakPhase: containing.filter((p) => /^Build > [^>]+ > [^>]+$/.test(p.label)).at(-1)?.label ?? null,
      peakInnermostPhase: containing[0]?.label ?? null,
      peakByName: peak.byName,
      atPeak,
      phases,
    },
  };
}

/** The one main.*.js every page loads, gzipped. */
function mainJsGzip(buildDir: string): number {
  const jsDir = path.join(buildDir, 'assets', 'js');
  const main = readdirSync(jsDir).filter((f) => /^main\.[^.]+\.js$/.test(f));
  if (main.length !== 1) throw new Error(`expected one assets/js/main.*.js, found ${main.length}`);
  return gzipSize(readFileSync(path.join(jsDir, main[0])));
}

/**
 * A reader's first search on a cold cache under the phone profile: time to first suggestions and every byte the
 * page fetched from the moment the query is typed (the index and the search code; route prefetches excluded),
 * as sent on the wire (the bench's server gzips).
 */
async function measureColdSearch(browser: Browser, baseURL: string, startPath: string): Promise<ColdSearch> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    let typing = false;
    let typedAt = 0;
    const fetched: import('@playwright/test').Request[] = [];
    // When each request started and finished, from the moment the query is typed: the search's waterfall.
    const times = new Map<import('@playwright/test').Request, [number, number]>();
    page.on('request', (request) => {
      if (typing) times.set(request, [performance.now() - typedAt, NaN]);
    });
    page.on('requestfinished', (request) => {
      if (!typing) return;
      fetched.push(request);
      const at = times.get(request);
      if (at) at[1] = performance.now() - typedAt;
    });
    const ms = await measureColdFirstResults(page, startPath, 'state', () => {
      typing = true;
      typedAt = performance.now();
    });
    typing = false;
    const requests = [];
    for (const request of fetched) {
      // A prefetched route chunk (<link rel="prefetch">) is "other"; the search fetches its index and code itself.
      if (request.resourceType() === 'other' && !/search-index/.test(request.url())) continue;
      const sizes = await request.sizes();
      const [startMs, endMs] = times.get(request) ?? [NaN, NaN];
      // A worker's own script reports no body size; its Content-Length (gzipped, from the bench's server) stands in.
      const length = Number((await request.response())?.headers()['content-length'] ?? 0);
      requests.push({ url: new URL(request.url()).pathname, type: request.resourceType(), bytes: sizes.responseBodySize || length, startMs, endMs });
    }
    return { ms, downloadBytes: requests.reduce((sum, r) => sum + r.bytes, 0), rounds: requestRounds(requests), requests };
  } finally {
    await context.close();
  }
}

/**
 * The first search from each start page (COLD_SEARCH_STARTS), each in a fresh browser context, `runs` times in rounds
 * over the start pages: each start's figures are those of its median run (by time), with every run's time beside them.
 */
async function measureColdSearches(browser: Browser, baseURL: string, label = 'ours', runs = 1): Promise<Partial<Record<ColdSearchStart, Result<ColdSearch>>>> {
  const all: Partial<Record<ColdSearchStart, Result<ColdSearch>[]>> = {};
  for (let run = 0; run < runs; run += 1) {
    for (const [key, start] of Object.entries(COLD_SEARCH_STARTS) as [ColdSearchStart, string][]) {
      (all[key] ??= []).push(await attempt(`${label}: first search on a phone from ${start}`, () => measureColdSearch(browser, baseURL, start)));
    }
  }
  const out: Partial<Record<ColdSearchStart, Result<ColdSearch>>> = {};
  for (const [key, list] of Object.entries(all) as [ColdSearchStart, Result<ColdSearch>[]][]) {
    const done = list.filter((r): r is ColdSearch => !failed(r));
    if (done.length < list.length || runs === 1) {
      out[key] = list.find(failed) ?? list[0];
      continue;
    }
    const median = percentile(done.map((r) => r.ms), 50);
    out[key] = { ...done.find((r) => r.ms === median)!, runsMs: done.map((r) => r.ms) };
  }
  return out;
}

/**
 * `--cold-search[=<build folder>]`: only the first search from each start page, against a build already made
 * (default build/), `--runs=N` times each (default 3; medians printed, every run in the log): the quick loop for work
 * on what a search downloads.
 */
async function mainColdSearch(buildDir: string, runs: number): Promise<void> {
  console.log(`First search on the phone profile, cold cache, from each start page; ${buildDir}, ${runs} runs; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  console.log(`Chromium ${browser.version()}; host CPU: ${hostCpuMs().toFixed(1)} ms for the fixed workload (lower is faster)`);
  const server = await serve(buildDir);
  try {
    const all: Record<string, ColdSearch[]> = {};
    for (let run = 0; run < runs; run += 1) {
      for (const [key, result] of Object.entries(await measureColdSearches(browser, server.baseURL))) {
        if (failed(result)) throw new Error(`${key}: ${result.error}`);
        (all[key] ??= []).push(result);
        console.log(`  run ${run + 1} ${key.padEnd(9)} ${result.ms.toFixed(0).padStart(5)} ms ${(result.downloadBytes / 1024).toFixed(1).padStart(7)} KB ${result.rounds} rounds  ${result.requests.map((r) => `${r.url.replace(/^.*\//, '')} ${(r.bytes / 1024).toFixed(1)} KB ${r.startMs.toFixed(0)}–${r.endMs.toFixed(0)} ms`).join(', ')}`);
      }
    }
    for (const [key, list] of Object.entries(all)) {
      const median = (pick: (c: ColdSearch) => number) => percentile(list.map(pick), 50);
      console.log(`${COLD_SEARCH_STARTS[key as ColdSearchStart].padEnd(32)} median ${median((c) => c.ms).toFixed(0)} ms, ${(median((c) => c.downloadBytes) / 1024).toFixed(1)} KB, ${median((c) => c.rounds)} request rounds`);
    }
  } finally {
    await server.close();
    await browser.close();
  }
}

async function measureScaleSite(dir: string, label: string, browser: Result<Browser>): Promise<ScaleResults> {
  const results: ScaleResults = { build: { error: 'not run' }, mainJsGzip: { error: 'not run' }, pages: {}, searchIndex: null, coldSearch: {} };
  results.build = await attempt(`${label}: clear and build (memory sampled)`, () => measureScaleBuild(dir, label));
  const buildDir = path.join(dir, 'build');
  if (failed(results.build)) return results;
  results.mainJsGzip = await attempt(`${label}: main.js`, async () => mainJsGzip(buildDir));
  results.searchIndex = await attempt(`${label}: search index sizes`, async () => searchIndexSizes(buildDir));
  if (failed(browser)) return results;
  const server = await attempt(`${label}: serve build/ with gzip`, () => serve(buildDir));
  if (failed(server)) return results;
  try {
    for (const type of PAGE_TYPES) {
      results.pages[type] = await attempt(`${label}: page weight of ${SCALE_PAGES[type]}`, () => measurePage(browser, server.baseURL, SCALE_PAGES[type]));
    }
    results.hostCpuMs = hostCpuMs();
    results.coldSearch = await measureColdSearches(browser, server.baseURL, label, COLD_SEARCH_RUNS);
  } finally {
    await server.close();
  }
  return results;
}

type ScaleRow = { group: string; metric: string; one: Cell; many: Cell; unit?: string; digits?: number };

function scaleRows(one: ScaleResults, many: ScaleResults): ScaleRow[] {
  const KB = 1024;
  // Memory in GiB (2^30 bytes), labelled so; the peak also in GB (10^9 bytes), the unit issue 29's 4 GB bound is in.
  const GiB = 1024 ** 3;
  const out: ScaleRow[] = [];
  const add = (group: string, metric: string, pick: (r: ScaleResults) => Cell, unit = '', digits = 1) =>
    out.push({ group, metric, one: pick(one), many: pick(many), unit, digits });
  add('build', 'HTML pages', (r) => value(r.build, (b) => b.htmlPages), '', 0);
  add('build', 'build wall time (clear + docusaurus build)', (r) => value(r.build, (b) => b.seconds), 's', 1);
  add('build', 'pages per second', (r) => value(r.build, (b) => b.pagesPerSecond), '/s', 1);
  add('build', 'CPU time, whole process tree (user + system)', (r) => value(r.build, (b) => b.cpuSeconds), 's', 1);
  add('build', 'load average (1 min) when the build started', (r) => value(r.build, (b) => b.loadAverageAtStart[0]), '', 2);
  add('build', 'peak memory, whole process tree', (r) => value(r.build, (b) => b.memory.peakTreeRss / GiB), 'GiB', 2);
  add('build', 'peak memory, whole process tree, in GB', (r) => value(r.build, (b) => b.memory.peakTreeRss / 1e9), 'GB', 2);
  add('build', 'phase at the peak', (r) => value(r.build, (b) => b.memory.peakPhase ?? '—'));
  add('build', 'at the peak: V8 heaps (all threads)', (r) => value(r.build, (b) => (b.memory.atPeak ? b.memory.atPeak.jsHeapTotal / GiB : NaN)), 'GiB', 2);
  add('build', 'at the peak: Node external (buffers)', (r) => value(r.build, (b) => (b.memory.atPeak ? b.memory.atPeak.external / GiB : NaN)), 'GiB', 2);
  add('build', 'at the peak: rest (Rspack native, code, malloc)', (r) => value(r.build, (b) => (b.memory.atPeak ? b.memory.atPeak.nativeOther / GiB : NaN)), 'GiB', 2);
  add('page weight', 'main.js, gzip', (r) => value(r.mainJsGzip, (b) => b / KB), 'KB', 1);
  for (const type of PAGE_TYPES) {
    add(`page: ${PAGE_LABELS[type]}`, 'first-load JS, gzip', (r) => value(r.pages[type], (w) => w.jsGzip / KB), 'KB', 1);
    add(`page: ${PAGE_LABELS[type]}`, 'first-load CSS, gzip', (r) => value(r.pages[type], (w) => w.cssGzip / KB), 'KB', 1);
  }
  const indexFiles = [...new Set([one, many].flatMap((r) => (r.searchIndex && !failed(r.searchIndex) ? r.searchIndex.map((f) => f.file.replace(/\?.*$/, '')) : [])))];
  for (const file of indexFiles) {
    const entry = (all: IndexFile[]) => all.find((f) => f.file === file);
    if (file.endsWith(', all')) add('search index', `${file}: files`, (r) => value(r.searchIndex, (all) => entry(all)?.files ?? NaN), '', 0);
    // Copies repeat their original word for word, which gzip finds within its 32 KB window: the raw size is the
    // truer measure of a site with that many different pages.
    add('search index', `${file} raw`, (r) => value(r.searchIndex, (all) => (entry(all)?.raw ?? NaN) / KB), 'KB', 1);
    add('search index', `${file} gzip`, (r) => value(r.searchIndex, (all) => (entry(all)?.gzip ?? NaN) / KB), 'KB', 1);
  }
  add('first search, phone profile', 'host CPU: fixed workload before the searches (lower is faster)', (r) => r.hostCpuMs ?? NaN, 'ms', 1);
  for (const [key, start] of Object.entries(COLD_SEARCH_STARTS) as [ColdSearchStart, string][]) {
    add(`first search, phone profile, from ${start}`, 'downloaded once the query is typed', (r) => value(r.coldSearch[key], (s) => s.downloadBytes / KB), 'KB', 1);
    add(`first search, phone profile, from ${start}`, 'time to first results', (r) => value(r.coldSearch[key], (s) => s.ms), 'ms', 0);
    add(`first search, phone profile, from ${start}`, 'request rounds', (r) => value(r.coldSearch[key], (s) => s.rounds), '', 0);
  }
  return out;
}

function printScaleTable(table: ScaleRow[], scale: number): void {
  printComparison(table.map((r) => ({ ...r, first: r.one, second: r.many })), ['scale 1', `scale ${scale}`, 'ratio'], true);
}

async function mainScale(scale: number): Promise<void> {
  const started = performance.now();
  console.log(`Scale benchmark: the site at scale 1, then its content × ${scale}; working folder ${WORK}`);
  const loadAverageAtStart = os.loadavg();
  // The commit measured: the one checked out as the run starts (its copy of the site is taken now).
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).stdout.toString().trim();
  console.log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, load average ${loadAverageAtStart.map((l) => l.toFixed(2)).join(' ')}`);
  mkdirSync(WORK, { recursive: true });
  const browser = await attempt('launch Chromium', () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }));
  try {
    const dir = prepareOurCopy('scale');
    await attempt('generate the API, CLI and components pages (tsx scripts/gen-all.ts)', () =>
      run(path.join(dir, 'node_modules', '.bin', 'tsx'), ['scripts/gen-all.ts'], dir, 'scale-gen'),
    );
    const one = await measureScaleSite(dir, 'scale-1', browser);
    const copied = await attempt(`copy every section's pages ${scale - 1} times`, async () =>
      multiplySections(dir, sections, scale, (file) => (require(file) as { default: Sidebars }).default),
    );
    const many: ScaleResults = failed(copied)
      ? { build: copied, mainJsGzip: copied, pages: {}, searchIndex: null, coldSearch: {} }
      : { ...(await measureScaleSite(dir, `scale-${scale}`, browser)), copiedPages: copied };
    const table = scaleRows(one, many);
    printScaleTable(table, scale);
    for (const [label, r] of [['scale 1', one], [`scale ${scale}`, many]] as const) {
      if (failed(r.build)) continue;
      console.log(`\n${label}: phases of ≥ 1 s (Docusaurus perf log) and the peak memory of the process tree in each`);
      console.log(`  peak ${(r.build.memory.peakTreeRss / 1024 ** 3).toFixed(2)} GiB at ${r.build.memory.peakAt.toFixed(1)} s in ${r.build.memory.peakInnermostPhase}; by process: ${Object.entries(r.build.memory.peakByName).map(([name, bytes]) => `${name} ${(bytes / 1024 ** 3).toFixed(2)} GiB`).join(', ')}`);
      // Top-level phases only (the perf log also times every SSG task and every plugin); all are in the JSON.
      for (const p of r.build.memory.phases.filter((phase) => /^(Build > [^>]+ > [^>]+|[^>]+)$/.test(phase.label) && !/^SSG Worker/.test(phase.label))) {
        console.log(`  ${p.start.toFixed(1).padStart(6)}–${p.end.toFixed(1).padEnd(6)} s  ${(p.peakTreeRss / 1024 ** 3).toFixed(2)} GiB  ${p.label}`);
      }
    }
    writeResults(SCALE_RESULTS, started, {
      generatedAt: new Date().toISOString(),
      scale,
      commit,
      machine: { cores: os.cpus().length, totalMemory: os.totalmem(), node: process.version, chromium: browserVersion(browser), loadAverageAtStart },
      pages: SCALE_PAGES,
      scale1: one,
      scaleN: many,
      table,
    });
  } finally {
    if (!failed(browser)) await browser.close();
  }
}

const COLD_SEARCH_ARG = process.argv.find((a) => a === '--cold-search' || a.startsWith('--cold-search='));
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 3);
(COLD_SEARCH_ARG !== undefined
  ? mainColdSearch(path.resolve(COLD_SEARCH_ARG.slice('--cold-search='.length) || path.join(ROOT, 'build')), RUNS)
  : SCALE === null
    ? main()
    : mainScale(SCALE)
).catch((error) => {
  console.error(error);
  process.exit(1);
});
