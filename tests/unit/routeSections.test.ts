// src/plugins/route-sections: the browser's route table split by section. Given the three generated files as
// Docusaurus 3.10 writes them, the main modules and the sections' modules together must hold exactly what the
// originals held, and a file of another shape must stop the build naming file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ShapeError } from '../../src/plugins/shape';
import {
  browserModule,
  parseRegistry,
  parseRoutes,
  planFromFiles,
  routeKey,
  type GeneratedFiles,
  type RouteDecl,
} from '../../src/plugins/route-sections/split';
import { ALL, bucketChunksToPrefetch, bucketOf, foldCase, loadLazyRoutes, subscribeBucketLoads, type Bucket, type MatchRoutes, type RouteLike } from '../../src/plugins/route-sections/client';

const routeSectionsLoader = require('../../src/plugins/route-sections/loader.cjs') as (this: object, source: string) => string;

/** A site with a home page, one docs section of two pages and the not-found route, as 3.10 writes it. */
const FILES: GeneratedFiles = {
  routes: `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '/docs',
    component: ComponentCreator('/docs', '67a'),
    routes: [
      {
        path: '/docs',
        component: ComponentCreator('/docs', 'f96'),
        routes: [
          {
            path: '/docs',
            component: ComponentCreator('/docs', 'e53'),
            routes: [
              {
                path: '/docs/intro',
                component: ComponentCreator('/docs/intro', '8d8'),
                exact: true,
                sidebar: "docs"
              },
              {
                path: '/docs/setup',
                component: ComponentCreator('/docs/setup', 'cab'),
                exact: true,
                sidebar: "docs"
              }
            ]
          }
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`,
  registry: `export default {
  "home0001": [() => import(/* webpackChunkName: "home0001" */ "@site/src/pages/index.tsx"), "@site/src/pages/index.tsx", require.resolveWeak("@site/src/pages/index.tsx")],
  "item0001": [() => import(/* webpackChunkName: "item0001" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],
  "intro001": [() => import(/* webpackChunkName: "intro001" */ "@site/docs/intro.md"), "@site/docs/intro.md", require.resolveWeak("@site/docs/intro.md")],
  "setup001": [() => import(/* webpackChunkName: "setup001" */ "@site/docs/setup.md"), "@site/docs/setup.md", require.resolveWeak("@site/docs/setup.md")],
  "plugin01": [() => import(/* webpackChunkName: "plugin01" */ "~docs/plugin.json"), "~docs/plugin.json", require.resolveWeak("~docs/plugin.json")],
  "root0001": [() => import(/* webpackChunkName: "root0001" */ "@theme/DocRoot"), "@theme/DocRoot", require.resolveWeak("@theme/DocRoot")],};
`,
  chunkNames: JSON.stringify({
    // The home page and a docs page share one entry: it stays in main.js.
    '/-e5f': { __comp: 'home0001', __context: { plugin: 'plugin01' } },
    '/docs-67a': { __comp: 'root0001' },
    '/docs-f96': { __comp: 'root0001' },
    '/docs-e53': { __comp: 'root0001' },
    '/docs/intro-8d8': { __comp: 'item0001', content: 'intro001', __context: { plugin: 'plugin01' } },
    '/docs/setup-cab': { __comp: 'item0001', content: 'setup001' },
  }),
};

/** Evaluates a routes module written by split.ts, with stand-ins for its imports; `import()` becomes { lazy: [chunk, module] }. */
function evaluate(source: string, registry: Record<string, unknown> = {}, chunkNames: Record<string, unknown> = {}): RouteDecl[] {
  const body = source
    .replace(/^import .*$/gm, '')
    .replace(/^export const (positions|sidebarBranches) = .*$/gm, '')
    .replace(/export default/, 'return')
    .replace(/\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\/ ("[^"]+")\)/g, '{ lazy: [$1, $2] }')
    .replace(/require\.resolveWeak\([^)]*\)/g, '"id"');
  // A development runtime: no chunk tables, so the section's module leaves them alone.
  return new Function('ComponentCreator', 'registry', 'routesChunkNames', '__webpack_require__', body.replace(/(\{ lazy: \[)([\w-]+)/g, '$1"$2"'))(
    (p: string, hash?: string) => (hash === undefined ? { path: p } : { path: p, hash }),
    registry,
    chunkNames,
    {},
  );
}

test("one section, its small segments in its rest bucket: the docs version route's pages, with the loaders only they use", () => {
  const { sections } = planFromFiles(FILES);
  assert.deepEqual(sections, [
    {
      key: '/docs-e53',
      bucket: '',
      segments: ['INTRO', 'SETUP'],
      chunkName: 'routes-docs-rest',
      childKeys: ['/docs/intro-8d8', '/docs/setup-cab'],
      positions: [0, 1],
      registryNames: ['intro001', 'item0001', 'setup001'],
    },
  ]);
});

test("main.js's routes keep the tree, with the section's pages replaced by a table of its buckets' imports", () => {
  const main = browserModule('routes.js', '', FILES.routes, FILES);
  const routes = evaluate(main);
  const docs = routes[1].routes![0].routes![0];
  assert.deepEqual(docs.routes, []);
  const rest = ['routes-docs-rest', { lazy: ['routes-docs-rest', './routes.js?routesOf=%2Fdocs-e53&bucket='] }];
  assert.deepEqual(docs.lazyRouteBuckets, { INTRO: rest, SETUP: rest });
  assert.equal(docs.lazyRouteBuckets!.INTRO, docs.lazyRouteBuckets!.SETUP, 'one bucket, under each of its segments');
  assert.deepEqual(routes[0], { path: '/', component: { path: '/', hash: 'e5f' }, exact: true });
  assert.deepEqual(routes[2], { path: '*', component: { path: '*' } });
  assert.doesNotMatch(main, /\/docs\/intro/);
});

test("a bucket's module adds its entries to main.js's registry and chunk names, then exports its pages as they were", () => {
  const registry: Record<string, unknown> = {};
  const chunkNames: Record<string, unknown> = {};
  const pages = evaluate(browserModule('routes.js', 'routesOf=%2Fdocs-e53&bucket=', FILES.routes, FILES), registry, chunkNames);
  assert.deepEqual(pages, parseRoutes(FILES.routes, 'routes.js')[1].routes![0].routes![0].routes);
  assert.deepEqual(Object.keys(registry), ['intro001', 'item0001', 'setup001']);
  // The loader imports the page; the module path, which only server rendering reads, is left out as
  // slim-chunk-registry leaves it out of main.js's entries.
  assert.deepEqual(registry.intro001, [{ lazy: ['intro001', '@site/docs/intro.md'] }, '', 'id']);
  assert.deepEqual(chunkNames, {
    '/docs/intro-8d8': { __comp: 'item0001', content: 'intro001', __context: { plugin: 'plugin01' } },
    '/docs/setup-cab': { __comp: 'item0001', content: 'setup001' },
  });
});

test("main.js's registry and chunk names lose what the buckets took", () => {
  const registry = browserModule('registry.js', '', FILES.registry, FILES);
  assert.deepEqual([...parseRegistry(registry, 'registry.js').keys()], ['home0001', 'plugin01', 'root0001']);
  assert.deepEqual(JSON.parse(browserModule('routesChunkNames.json', '', FILES.chunkNames, FILES)), {
    '/-e5f': { __comp: 'home0001', __context: { plugin: 'plugin01' } },
    '/docs-67a': { __comp: 'root0001' },
    '/docs-f96': { __comp: 'root0001' },
    '/docs-e53': { __comp: 'root0001' },
  });
});

test('a generated file of another shape stops the build naming the file and the line', () => {
  const registry = FILES.registry.replace('"setup001": [() => import(', '"setup001": [async () => import(');
  assert.throws(
    () => browserModule('registry.js', '', registry, { ...FILES, registry }, '/site/.docusaurus'),
    (error: unknown) => error instanceof ShapeError && /\/site\/\.docusaurus\/registry\.js .*found line 5: /.test(error.message),
  );
  const routes = FILES.routes.replace("ComponentCreator('/docs/setup', 'cab')", "lazy('/docs/setup')");
  assert.throws(
    () => browserModule('routes.js', '', routes, { ...FILES, routes }, '/site/.docusaurus'),
    (error: unknown) => error instanceof ShapeError && /\/site\/\.docusaurus\/routes\.js .*lazy is not defined/.test(error.message),
  );
  assert.throws(
    () => browserModule('routes.js', 'routesOf=%2Fnone-123', FILES.routes, FILES),
    (error: unknown) => error instanceof ShapeError && /a section keyed \/none-123/.test(error.message),
  );
  assert.throws(
    () => browserModule('routes.js', 'routesOf=%2Fdocs-e53&bucket=NONE', FILES.routes, FILES),
    (error: unknown) => error instanceof ShapeError && /a section keyed \/docs-e53 with a bucket "NONE"/.test(error.message),
  );
});

test('the loader reads the three files beside the one it is given and watches them', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-sections-'));
  writeFileSync(path.join(dir, 'routes.js'), FILES.routes);
  writeFileSync(path.join(dir, 'registry.js'), FILES.registry);
  writeFileSync(path.join(dir, 'routesChunkNames.json'), FILES.chunkNames);
  const watched: string[] = [];
  const context = { resourcePath: path.join(dir, 'routes.js'), resourceQuery: '?routesOf=%2Fdocs-e53&bucket=', addDependency: (file: string) => watched.push(file) };
  assert.match(routeSectionsLoader.call(context, FILES.routes), /"\/docs\/setup"/);
  assert.deepEqual(watched.sort(), ['registry.js', 'routes.js', 'routesChunkNames.json'].map((file) => path.join(dir, file)));
});

// Buckets: a section's pages split by their first path segment below the section, loaded one at a time by the
// patched client (client.ts). Together they must hold every page once, merge back in the full list's order and
// match every pathname as the full list does.
const { matchRoutes } = require('react-router-config') as { matchRoutes: MatchRoutes };

/** A section at /guide with pages in several buckets, the section's own page, mixed case and a trailing slash. */
function bigSection(paths: string[]): GeneratedFiles {
  const child = (p: string, i: number) => `              {
                path: '${p}',
                component: ComponentCreator('${p}', 'h${i}'),
                exact: true
              }`;
  const routes = FILES.routes.replace(/routes: \[\n {14}\{\n {16}path: '\/docs\/intro'[\s\S]*?\n {12}\]/, `routes: [\n${paths.map(child).join(',\n')}\n            ]`).replaceAll("'/docs'", "'/guide'").replaceAll("path: '/docs',", "path: '/guide',");
  const chunkNames = Object.fromEntries([
    ['/-e5f', { __comp: 'home0001' }],
    ['/guide-67a', { __comp: 'root0001' }],
    ['/guide-f96', { __comp: 'root0001' }],
    ['/guide-e53', { __comp: 'root0001' }],
    ...paths.map((p, i) => [`${p}-h${i}`, { __comp: 'item0001', content: `page${i}` }]),
  ]);
  const registry = `export default {\n${['home0001', 'root0001', 'item0001', ...paths.map((_, i) => `page${i}`)]
    .map((name) => `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "@site/${name}.md"), "@site/${name}.md", require.resolveWeak("@site/${name}.md")],`)
    .join('\n')}\n};\n`;
  return { routes, registry, chunkNames: JSON.stringify(chunkNames) };
}

/** Segments A (11 pages, one of them /guide/a itself) and B (10, in mixed case) get buckets; the rest share one. */
const PATHS = [
  '/guide/',
  ...Array.from({ length: 10 }, (_, i) => [`/guide/a/p${i}`, i % 2 ? `/guide/B/x${i}` : `/guide/b/x${i}/`]).flat(),
  '/guide/small',
  '/guide/c/d/e',
  '/guide/a',
  '/guide/z/last/',
];

test('buckets hold every page of the section exactly once, and their positions give back the full order', () => {
  const files = bigSection(PATHS);
  const { routes, sections } = planFromFiles(files);
  const full = routes[1].routes![0].routes![0].routes!.map(routeKey);
  assert.equal(full.length, PATHS.length);
  assert.deepEqual(sections.map((s) => [s.bucket, s.segments, s.chunkName]), [
    ['', ['', 'SMALL', 'C', 'Z'], 'routes-guide-rest'],
    ['A', ['A'], 'routes-guide-a'],
    ['B', ['B'], 'routes-guide-b'],
  ]);
  const placed = sections.flatMap((s) => s.childKeys.map((key, i) => ({ key, at: s.positions[i] })));
  assert.deepEqual(placed.map((p) => p.key).sort(), [...full].sort(), 'each page in one bucket');
  assert.deepEqual(placed.sort((a, b) => a.at - b.at).map((p) => p.key), full, 'positions restore the order');
  assert.equal(new Set(sections.map((s) => s.chunkName)).size, sections.length, 'one chunk per bucket');
  for (const s of sections) assert.deepEqual(s.registryNames, s.positions.map((i) => `page${i}`).sort(), `${s.bucket}'s own pages' loaders`);
});

/** The main routes with each bucket's import replaced by its module evaluated, as the browser would load it. */
function browserRoutes(files: GeneratedFiles, loads: string[]): RouteLike[] {
  const routes = evaluate(browserModule('routes.js', '', files.routes, files)) as RouteLike[];
  const section = routes[1].routes![0].routes![0];
  const replaced = new Map<unknown, Bucket>();
  for (const [segment, value] of Object.entries(section.lazyRouteBuckets!)) {
    if (!replaced.has(value)) {
      const [chunkName, lazy] = value as unknown as [string, { lazy: [string, string] }];
      const source = browserModule('routes.js', lazy.lazy[1].split('?')[1], files.routes, files);
      replaced.set(value, [
        chunkName,
        async () => {
          loads.push(chunkName);
          const branches = /^export const sidebarBranches = (.*);$/m.exec(source);
          return {
            default: evaluate(source),
            positions: JSON.parse(/export const positions = (.*);/.exec(source)![1]),
            ...(branches && { sidebarBranches: JSON.parse(branches[1]) }),
          };
        },
      ]);
    }
    section.lazyRouteBuckets![segment] = replaced.get(value)!;
  }
  return routes;
}

test('loading the buckets a pathname needs matches it as the full route table does, in any order of visits', async () => {
  const files = bigSection(PATHS);
  const full = parseRoutes(files.routes, 'routes.js') as RouteLike[];
  const pathnames = [...PATHS, ...PATHS.map((p) => p.toUpperCase()), ...PATHS.map((p) => (p.endsWith('/') ? p.slice(0, -1) : `${p}/`)), '/guide/a/none', '/guide/q', '/guide'];
  for (const order of [pathnames, [...pathnames].reverse()]) {
    const loads: string[] = [];
    const routes = browserRoutes(files, loads);
    for (const pathname of order) {
      await loadLazyRoutes(routes, pathname, matchRoutes);
      const got = matchRoutes(routes, pathname).map((m) => m.route.path);
      const want = matchRoutes(full, pathname).map((m) => m.route.path);
      assert.deepEqual(got, want, pathname);
    }
    assert.equal(new Set(loads).size, loads.length, 'each bucket loaded once');
    const section = routes[1].routes![0].routes![0];
    assert.deepEqual(section.routes!.map((r) => r.path), PATHS, 'all buckets merged in the full order');
    // Keyed by place, so a page keeps its element when a bucket is merged in front of it.
    assert.deepEqual(section.routes!.map((r) => r.key), PATHS.map((_, i) => `lazy-${i}`));
  }
});

test('a pathname loads only its own bucket; one in no bucket loads nothing; a pending load is shared', async () => {
  const loads: string[] = [];
  const routes = browserRoutes(bigSection(PATHS), loads);
  assert.deepEqual(bucketChunksToPrefetch(routes, '/guide/a/p1', matchRoutes), ['routes-guide-a']);
  await Promise.all([loadLazyRoutes(routes, '/guide/a/p2', matchRoutes), loadLazyRoutes(routes, '/guide/A/p3/', matchRoutes)]);
  assert.deepEqual(loads, ['routes-guide-a']);
  assert.deepEqual(bucketChunksToPrefetch(routes, '/guide/a/p1', matchRoutes), [], 'a loaded bucket is not prefetched');
  await loadLazyRoutes(routes, '/guide/nowhere/page', matchRoutes);
  await loadLazyRoutes(routes, '/other/a', matchRoutes);
  assert.deepEqual(bucketChunksToPrefetch(routes, '/guide/nowhere', matchRoutes), []);
  assert.deepEqual(loads, ['routes-guide-a']);
  await loadLazyRoutes(routes, '/guide', matchRoutes);
  await loadLazyRoutes(routes, '/guide/small', matchRoutes);
  assert.deepEqual(loads, ['routes-guide-a', 'routes-guide-rest'], "the rest bucket, once for its segments");
});

test('a section whose pages a path segment cannot tell apart (a parameter, a page not marked exact) is one bucket', () => {
  for (const odd of ['/guide/:id', '/guide/(x|y)']) {
    const { sections } = planFromFiles(bigSection([...PATHS, odd]));
    assert.deepEqual(sections.map((s) => [s.bucket, s.chunkName, s.childKeys.length]), [[ALL, 'routes-guide-all', PATHS.length + 1]], odd);
  }
  const files = bigSection(PATHS);
  const notExact = { ...files, routes: files.routes.replace(/(ComponentCreator\('\/guide\/small', 'h\d+'\)),\n {16}exact: true/, '$1') };
  assert.notEqual(notExact.routes, files.routes);
  assert.deepEqual(planFromFiles(notExact).sections.map((s) => s.bucket), [ALL]);
});

test('bucketOf folds case as a case-insensitive match does, and places pathnames outside the section nowhere', () => {
  assert.equal(bucketOf('/guide', '/guide/Concepts/x'), 'CONCEPTS');
  assert.equal(bucketOf('/guide', '/GUIDE/'), '');
  assert.equal(bucketOf('/guide', '/guide'), '');
  assert.equal(bucketOf('/guide', '/guidebook/x'), undefined);
  assert.equal(bucketOf('/', '/guide/x'), 'GUIDE');
  assert.equal(foldCase('straße'), 'STRAßE');
});

// Sidebar branches (docs-lean-version-props/sidebarBranches.ts) ride on the section route and go with its buckets.
const BRANCHES = {
  'guide#1': { segments: ['A'], items: [{ type: 'link', label: 'A0', href: '/guide/a/p0' }] },
  'guide#2': { segments: ['B', 'SMALL'], items: [{ type: 'link', label: 'B1', href: '/guide/B/x1' }] },
  'guide#3': { segments: ['Z'], items: [{ type: 'link', label: 'Z', href: '/guide/z/last/' }] },
};

function withBranchesOnSection(files: GeneratedFiles): GeneratedFiles {
  const routes = files.routes.replace("component: ComponentCreator('/guide', 'e53'),", `component: ComponentCreator('/guide', 'e53'),\n            sidebarBranches: ${JSON.stringify(BRANCHES)},`);
  assert.notEqual(routes, files.routes);
  return { ...files, routes };
}

test("a section's sidebar branches leave main.js; each bucket carries those with a link among its pages", () => {
  const files = withBranchesOnSection(bigSection(PATHS));
  const main = browserModule('routes.js', '', files.routes, files);
  assert.doesNotMatch(main, /sidebarBranches|A0|B1/);
  const { sections } = planFromFiles(files);
  const carried = Object.fromEntries(
    sections.map((s) => {
      const source = browserModule('routes.js', `routesOf=${encodeURIComponent(s.key)}&bucket=${encodeURIComponent(s.bucket)}`, files.routes, files);
      return [s.chunkName, Object.keys(JSON.parse(/^export const sidebarBranches = (.*);$/m.exec(source)![1]))];
    }),
  );
  assert.deepEqual(carried, {
    'routes-guide-rest': ['guide#2', 'guide#3'],
    'routes-guide-a': ['guide#1'],
    'routes-guide-b': ['guide#2'],
  });
});

test("loading a bucket puts its branches on the section route, a new object each time, and tells the subscribers", async () => {
  const loads: string[] = [];
  const routes = browserRoutes(withBranchesOnSection(bigSection(PATHS)), loads);
  const section = routes[1].routes![0].routes![0];
  const branchesOf = () => section.sidebarBranches as Record<string, unknown> | undefined;
  let told = 0;
  const unsubscribe = subscribeBucketLoads(() => (told += 1));
  assert.equal(branchesOf(), undefined);
  await loadLazyRoutes(routes, '/guide/b/x0/', matchRoutes);
  const first = branchesOf();
  assert.deepEqual(Object.keys(first ?? {}), ['guide#2']);
  await loadLazyRoutes(routes, '/guide/a/p1', matchRoutes);
  assert.notEqual(branchesOf(), first, 'a new object, so a render can tell');
  assert.deepEqual(Object.keys(branchesOf() ?? {}).sort(), ['guide#1', 'guide#2']);
  assert.equal(told, 2);
  unsubscribe();
  await loadLazyRoutes(routes, '/guide/small', matchRoutes);
  assert.equal(told, 2, 'unsubscribed');
  assert.deepEqual(Object.keys(branchesOf() ?? {}).sort(), ['guide#1', 'guide#2', 'guide#3']);
});
