// Page-weight budgets read from the production build (HTML and chunk graph, no timings). Each page type's code, its
// gzipped first-load JS less what writing explains (its own content, its section's sidebar and the route table every
// page carries), must stay under its ceiling, so adding pages or words never fails here and adding code does; its
// CSS must stay under its own. The whole first-load JS is reported against issue 10's target (a multiple of stock
// Docusaurus 3.10.2). A browser check per page type keeps the count honest: the page may run no script on load
// that the budget does not count.
import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ChunkGraph } from '../../src/plugins/route-stylesheets/chunkGraph';
import { isDroppedClass } from '../../src/plugins/slim-infima';

const ROOT = path.resolve(__dirname, '../..');
const BUILD = path.join(ROOT, 'build');
const KB = 1024;

// Stock Docusaurus 3.10.2's guide page (create-docusaurus classic, measured by `npm run bench`).
const STOCK_GUIDE_JS = 172 * KB;
const STOCK_CSS = 15 * KB;

type PageType = {
  name: string;
  pathname: string;
  /** Issue 10's targets, as multiples of stock: reported on every run, not yet met by every page type. */
  jsTarget: number;
  cssTarget: number;
  /**
   * What the page's code may weigh: its first-load JS less what writing explains (see writingAndCode), measured on
   * 26 Nov 2026 plus 2 %. A change that adds code to the page type fails here; lower the ceiling whenever the code
   * gets lighter. Raised once by 0.1-0.6 KB (27 Nov 2026) for the route buckets' table and merge code in main.js and
   * the runtime, which took a Catalyst page's route data from its whole section's (17.8 KB) to its bucket's (2.2 KB). Raised again
   * (27 Nov 2026) by 0.5-0.6 KB on docs pages (0.1 on home: the bucket merge's branch step in main.js) for the sidebar
   * branches' code (DocRoot and DocSidebarItem/Link wrappers, withBranches), which took the Catalyst version props, data
   * every Catalyst page loads, from 5.9 to 0.6 KB: the sidebar's categories now come with their pages' buckets. Raised
   * by 0.1 KB (27 Nov 2026, home, guide, API, CLI and component pages, not-found page) for the code in main.js that
   * hands the search index's head and term shards to the worker as bytes, moved rather than copied (src/search/
   * prefetch.ts handOver), where the page's main thread had copied 450 KB of text to it at ten times the pages: the
   * shared code was 13-50 bytes gz over the ceilings before. Raised by 0.1 KB (28 Nov 2026; guide, diagram, API, CLI
   * and component pages, /search) for the search box's clear button drawn as an SVG and named "Clear search", where it
   * held the character "✕", whose fallback font lookup held up the first keystroke's frame: main.js 1-33 bytes gz over.
   * Raised by 0.1 KB (28 Nov 2026; home, not-found page) for the search box loading the search on a press
   * (`onPointerDown`), before a tap's focus: 95-311 ms sooner first results from a tap on the phone profile; main.js
   * 2-8 bytes gz over with the handler trimmed to `loadIndex` itself.
   * CSS does not grow with pages (the same at twice the pages), so its ceiling is on the whole.
   */
  codeCeiling: number;
  cssCeiling: number;
  /** Lazy chunk groups (webpackChunkName) the page renders on first load, beyond its route's chunks. */
  lazyGroups?: string[];
};

// Targets of issue 10: guides and reference pages 1.1× stock's guide JS, a page with a diagram 1.2×, an API
// operation page 1.5× before its request panel is opened; CSS 1.2× stock, API pages 1.6×.
const GUIDE = { jsTarget: 1.1 * STOCK_GUIDE_JS, cssTarget: 1.2 * STOCK_CSS };
// 18.0 KB until the glossary (/markdown-page, a route the spec lists) brought Docusaurus's Markdown-page layout and its
// few rules into the site's stylesheet: 18,432 -> 18,447 bytes gz.
const CSS_CEILING = 18.05 * KB;
const PAGE_TYPES: PageType[] = [
  { name: 'home', pathname: '/', ...GUIDE, codeCeiling: 133.0 * KB, cssCeiling: CSS_CEILING },
  { name: 'guide', pathname: '/catalyst/concepts/components', ...GUIDE, codeCeiling: 153.8 * KB, cssCeiling: CSS_CEILING },
  {
    name: 'guide with a diagram',
    pathname: '/conductor/overview/architecture',
    jsTarget: 1.2 * STOCK_GUIDE_JS,
    cssTarget: 1.2 * STOCK_CSS,
    codeCeiling: 153.6 * KB,
    cssCeiling: CSS_CEILING,
  },
  {
    name: 'API operation',
    pathname: '/catalyst/api/save-state',
    jsTarget: 1.5 * STOCK_GUIDE_JS,
    cssTarget: 1.6 * STOCK_CSS,
    codeCeiling: 153.8 * KB,
    cssCeiling: 22.9 * KB,
  },
  { name: 'CLI reference page', pathname: '/catalyst/references/cli-reference/apikey', ...GUIDE, codeCeiling: 153.8 * KB, cssCeiling: CSS_CEILING },
  { name: 'component page', pathname: '/catalyst/references/components-reference/bindings', ...GUIDE, codeCeiling: 153.8 * KB, cssCeiling: CSS_CEILING },
  // Raised by 0.1 KB (27 Nov 2026): built on Node 24, the same source minifies with a few exports in another order,
  // and this page's code came to 136,910 B gz against 136,908.8 (its Node 20 build passes). The site builds on both.
  { name: '/search', pathname: '/search', ...GUIDE, codeCeiling: 133.9 * KB, cssCeiling: CSS_CEILING },
  // Raised by 0.1 KB (27 Nov 2026): main.js is 34 bytes gz heavier with the search box's one-answer-per-query code
  // (askOnce, src/search/fillRows.ts) on top of the sidebar branches' merge step put this page under 0.05 KB over.
  { name: 'not-found page', pathname: '/404.html', ...GUIDE, codeCeiling: 132.8 * KB, cssCeiling: CSS_CEILING },
];

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(readFileSync(path.join(BUILD, file)), { level: 6 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

function htmlFile(pathname: string): string {
  return path.join(BUILD, pathname.endsWith('.html') ? pathname : path.join(pathname, 'index.html'));
}

/** Files the HTML itself loads: its scripts and stylesheets on this origin. */
function htmlAssets(html: string): { js: string[]; css: string[] } {
  const local = (url: string) => url.replace(/^\//, '');
  const js = [...html.matchAll(/<script [^>]*src=["']?(\/[^"' >]+\.js)/g)].map((m) => local(m[1]));
  const css = [...html.matchAll(/<link [^>]*rel=["']?stylesheet["']? [^>]*href=["']?(\/[^"' >]+\.css)/g)].map((m) => local(m[1]));
  return { js, css };
}

/**
 * The not-found route is not in the route registry: Docusaurus's ComponentCreator loads `@theme/NotFound` for
 * the `*` path with an import whose chunk ids are written into main.js.
 */
function notFoundChunkIds(mainJs: string): string[] {
  const loader = /"\*"===\w+\)return[^]{0,80}?loader:\(\)=>([^]*?)\.then\(/.exec(mainJs);
  if (!loader) throw new Error('cannot find the not-found route loader in main.js');
  return [...loader[1].matchAll(/\.e\("?(\w+)"?\)/g)].map((m) => m[1]);
}

/** The files a page type's budget counts: what its HTML loads, its route's chunks and its lazyGroups. */
function countedAssets(type: PageType): { js: string[]; css: string[] } {
  const graph = new ChunkGraph(path.join(ROOT, '.docusaurus'));
  const html = readFileSync(htmlFile(type.pathname), 'utf8');
  const fromHtml = htmlAssets(html);
  expect(fromHtml.js.length, `${type.pathname} loads no script`).toBeGreaterThan(0);
  const fromRoute = graph.routeAssets(type.pathname, type.lazyGroups);
  if (type.pathname === '/404.html') {
    const main = fromHtml.js.find((f) => /\/main\.[^/]+\.js$/.test(f));
    const ids = notFoundChunkIds(readFileSync(path.join(BUILD, main!), 'utf8'));
    const notFound = graph.chunkAssets(ids);
    fromRoute.js.push(...notFound.js);
    fromRoute.css.push(...notFound.css);
  }
  return {
    js: [...new Set([...fromHtml.js, ...fromRoute.js])],
    css: [...new Set([...fromHtml.css, ...fromRoute.css])],
  };
}

/**
 * A page's first-load JS split into what writing explains and the code. Writing adds bytes in three places: the
 * page's own compiled content, its docs version's props (sidebars and the list of docs, which name every page of the
 * section) and its section's routes module (its pages' routes, chunk names and chunk files: src/plugins/route-sections
 * keeps them out of main.js and the runtime, facebook/docusaurus#7256). A file shared by route data and code counts
 * as code. Nothing else grows with the page count: `npm run bench -- --scale=2` shows main.js and the runtime the
 * same size at twice the pages (bench/HISTORY.md, 27 Nov 2026).
 * The ceilings hold the code, so a writer who adds pages or words is never over budget, and a change that adds
 * code to a page type is.
 */
function writingAndCode(type: PageType, js: string[], jsBytes: number): { content: number; code: number } {
  const graph = new ChunkGraph(path.join(ROOT, '.docusaurus'));
  const dataNames = graph.routeDataChunkNames(type.pathname);
  const codeNames = graph.routeChunkNames(type.pathname).filter((name) => !dataNames.includes(name));
  const codeFiles = new Set(graph.groupAssets([...codeNames, ...(type.lazyGroups ?? [])], { required: false }).js);
  const dataFiles = graph.groupAssets(dataNames, { required: false }).js.filter((file) => js.includes(file) && !codeFiles.has(file));
  const content = dataFiles.reduce((sum, f) => sum + gzipBytes(f), 0);
  return { content, code: jsBytes - content };
}

test.describe('first-load budgets (production build)', () => {
  test.skip(!existsSync(path.join(BUILD, 'index.html')), 'needs a production build (CI=true npm run build)');

  for (const type of PAGE_TYPES) {
    test(`${type.name} (${type.pathname}) stays within its JS and CSS budgets`, () => {
      const { js, css } = countedAssets(type);
      const jsBytes = js.reduce((sum, f) => sum + gzipBytes(f), 0);
      const cssBytes = css.reduce((sum, f) => sum + gzipBytes(f), 0);
      const { content, code } = writingAndCode(type, js, jsBytes);
      const describe = (what: string, files: string[], bytes: number, ceiling: number) =>
        `${type.name} ${type.pathname}: ${what} ${(bytes / KB).toFixed(1)} KB gz > ceiling ${(ceiling / KB).toFixed(1)} KB ` +
        `(${files.map((f) => `${path.basename(f)} ${(gzipBytes(f) / KB).toFixed(1)}`).join(', ')})`;
      const vsTarget = (bytes: number, target: number) =>
        `${(bytes / KB).toFixed(1)} KB, target ${(target / KB).toFixed(1)} KB ${bytes <= target ? 'met' : 'not met'}`;
      console.log(
        `${type.name}: JS ${vsTarget(jsBytes, type.jsTarget)} (${js.length} files; code ${(code / KB).toFixed(1)} KB, ` +
          `writing ${(content / KB).toFixed(1)} KB); CSS ${vsTarget(cssBytes, type.cssTarget)}`,
      );
      const codeWhat = `code (first-load JS less ${(content / KB).toFixed(1)} KB that writing explains)`;
      expect.soft(code, describe(codeWhat, js, code, type.codeCeiling)).toBeLessThanOrEqual(type.codeCeiling);
      expect.soft(cssBytes, describe('CSS', css, cssBytes, type.cssCeiling)).toBeLessThanOrEqual(type.cssCeiling);
    });
  }

  for (const type of PAGE_TYPES) {
    // The figures above are only true if the page runs nothing else on its own: a chunk that loads right after
    // hydration (a lazy component the page renders at once) must be counted through lazyGroups.
    test(`${type.name} (${type.pathname}) runs no script on load beyond those its budget counts`, async ({ page }) => {
      const counted = new Set(countedAssets(type).js.map((file) => `/${file}`));
      const ran: string[] = [];
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      page.on('request', (request) => {
        const url = new URL(request.url());
        // Scripts only: prefetch hints (link rel=prefetch) download without running.
        if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/js/')) ran.push(url.pathname);
      });
      await page.goto(type.pathname);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(ran.length, 'scripts seen').toBeGreaterThan(0);
      // The search worker (/search starts it to list results) runs off the main thread and is not in the chunk
      // graph: the bench's in-browser figure counts it (/search: 2 KB more than this test's). Its script's request
      // can come before the page's worker event, so the list is polled: a chunk that is no worker stays in it.
      const uncounted = () => ran.filter((file) => !counted.has(file) && !workers.includes(file));
      await expect.poll(uncounted, { message: 'scripts run on load that the budget does not count', timeout: 5000 }).toEqual([]);
    });
  }

  for (const type of PAGE_TYPES.filter((t) => t.pathname !== '/404.html')) {
    // src/plugins/route-scripts lists the route's chunks in the HTML, so they download beside main.js; a chunk
    // the runtime has to add itself on load is a round trip after main.js. Only lazy groups may come that way.
    // (The not-found page is left out: its chunk ids are written into main.js, not into the route table.)
    test(`${type.name} (${type.pathname}) gets its route chunks from its HTML`, async ({ page }) => {
      const graph = new ChunkGraph(path.join(ROOT, '.docusaurus'));
      const lazy = new Set(graph.groupAssets(type.lazyGroups ?? []).js.map((file) => `/${file}`));
      const listed = htmlAssets(readFileSync(htmlFile(type.pathname), 'utf8')).js;
      const route = graph.routeAssets(type.pathname).js;
      expect(route.length, 'route chunks').toBeGreaterThan(0);
      expect(route.filter((file) => !listed.includes(file)), 'route chunks missing from the HTML').toEqual([]);
      // The bundler's runtime marks the script elements it adds with data-rspack, and removes them once loaded.
      await page.addInitScript(() => {
        const added: string[] = ((window as unknown as { addedScripts: string[] }).addedScripts = []);
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of Array.from(record.addedNodes)) {
              if (node instanceof HTMLScriptElement && node.hasAttribute('data-rspack')) added.push(new URL(node.src).pathname);
            }
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(type.pathname);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      const added = await page.evaluate(() => (window as unknown as { addedScripts: string[] }).addedScripts);
      expect(added.filter((file) => !lazy.has(file)), 'scripts the runtime added on load').toEqual([]);
    });
  }

  test('the request explorer is not part of an API page before the reader opens it', () => {
    const graph = new ChunkGraph(path.join(ROOT, '.docusaurus'));
    const explorer = graph.groupAssets(['api-request-explorer']).js;
    const page = graph.routeAssets('/catalyst/api/save-state').js;
    const ownExplorerFiles = explorer.filter((f) => !page.includes(f));
    expect(ownExplorerFiles.length, 'the explorer chunk group has files of its own').toBeGreaterThan(0);
    const explorerBytes = ownExplorerFiles.reduce((sum, f) => sum + gzipBytes(f), 0);
    // The explorer with its request builder is far larger than the page: a merge of the two would show here.
    expect(explorerBytes).toBeGreaterThan(50 * KB);
  });

  test('the request panel brings its own styles, with the code-tab logos of the offered languages only', () => {
    const offered = [...readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8').matchAll(/logoClass: '([\w-]+)'/g)].map((m) => m[1]);
    expect(offered.length, 'languageTabs in docusaurus.config.ts').toBeGreaterThan(3);
    const graph = new ChunkGraph(path.join(ROOT, '.docusaurus'));
    const linked = htmlAssets(readFileSync(htmlFile('/catalyst/api/save-state'), 'utf8')).css;
    // patches/docusaurus-theme-openapi-docs moves the panel's styles to ApiExplorer/explorer-panel.scss, which the
    // panel's chunk imports: they load when the reader opens the panel, not with the page.
    const panel = graph.groupAssets(['api-request-explorer']).css;
    expect(panel.length, 'stylesheets of the request panel').toBeGreaterThan(0);
    expect(panel.filter((file) => linked.includes(file)), 'panel stylesheets linked from the page').toEqual([]);
    const read = (files: string[]) => files.map((file) => readFileSync(path.join(BUILD, file), 'utf8')).join('\n');
    const tabClasses = (css: string) => new Set([...css.matchAll(/\.openapi-tabs__code-item--([\w-]+)/g)].map((m) => m[1]));
    expect([...tabClasses(read(linked))], 'code-tab styles on the page before the panel opens').toEqual([]);
    // src/plugins/slim-openapi-styles: of the theme's twenty-odd languages, the offered ones and the sample and
    // variant tabs remain.
    const styled = tabClasses(read(panel));
    expect(offered.filter((name) => !styled.has(name)), 'offered languages without their tab style').toEqual([]);
    expect([...styled].filter((name) => !offered.includes(name)).sort()).toEqual(['sample', 'variant']);
  });

  test('the route chunk registry carries no module paths, in main.js or the sections\' routes (src/plugins/slim-chunk-registry)', () => {
    const html = readFileSync(htmlFile('/'), 'utf8');
    const main = htmlAssets(html).js.find((f) => /\/main\.[^/]+\.js$/.test(f));
    // route-sections moves each section's entries into its routes module.
    const graph = new ChunkGraph(path.join(ROOT, '.docusaurus'));
    const sections = graph.groupAssets(graph.sectionChunkNames()).js;
    expect(sections.length, 'sections\' routes modules').toBeGreaterThanOrEqual(4);
    const source = [main!, ...sections].map((file) => readFileSync(path.join(BUILD, file), 'utf8')).join('\n');
    // Each entry is [loader, module path, module id]; the loader and id stay, the path server rendering reads goes.
    const entries = [...source.matchAll(/"?[\w-]+"?:\[\(\)=>.*?\),("(?:[^"\\]|\\.)*"),\d+\]/g)].map((m) => m[1]);
    expect(entries.length, 'registry entries found').toBeGreaterThan(300);
    expect(entries.filter((modulePath) => modulePath !== '""')).toEqual([]);
  });

  test('no built page uses an Infima class that src/plugins/slim-infima drops', () => {
    const pages = readdirSync(BUILD, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(300);
    const used: string[] = [];
    for (const file of pages) {
      const html = readFileSync(path.join(BUILD, file), 'utf8');
      for (const [, quoted, bare] of html.matchAll(/\sclass=(?:"([^"]*)"|([^\s>"]+))/g)) {
        for (const name of (quoted ?? bare).split(/\s+/)) if (isDroppedClass(name)) used.push(`${file}: ${name}`);
      }
    }
    expect(used, 'classes the stylesheet no longer has').toEqual([]);
    // The check itself: the numbered-pagination and spacing classes are dropped, the docs' pagination-nav kept.
    expect([isDroppedClass('pagination__item'), isDroppedClass('margin--xs'), isDroppedClass('pagination-nav__link')]).toEqual([true, true, false]);
  });
});
