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
  type GeneratedFiles,
  type RouteDecl,
} from '../../src/plugins/route-sections/split';

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

test("one section: the docs version route's pages, with the loaders only they use (the root's stays)", () => {
  const { sections } = planFromFiles(FILES);
  assert.deepEqual(sections, [
    { key: '/docs-e53', chunkName: 'routes-docs', childKeys: ['/docs/intro-8d8', '/docs/setup-cab'], registryNames: ['intro001', 'item0001', 'setup001'] },
  ]);
});

test("main.js's routes keep the tree, with the section's pages replaced by an import of its module", () => {
  const main = browserModule('routes.js', '', FILES.routes, FILES);
  const routes = evaluate(main);
  const docs = routes[1].routes![0].routes![0];
  assert.deepEqual(docs.routes, []);
  assert.deepEqual(docs.lazyRoutes, { lazy: ['routes-docs', './routes.js?routesOf=%2Fdocs-e53'] });
  assert.deepEqual(routes[0], { path: '/', component: { path: '/', hash: 'e5f' }, exact: true });
  assert.deepEqual(routes[2], { path: '*', component: { path: '*' } });
  assert.doesNotMatch(main, /\/docs\/intro/);
});

test("the section's module adds its entries to main.js's registry and chunk names, then exports the pages as they were", () => {
  const registry: Record<string, unknown> = {};
  const chunkNames: Record<string, unknown> = {};
  const pages = evaluate(browserModule('routes.js', 'routesOf=%2Fdocs-e53', FILES.routes, FILES), registry, chunkNames);
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

test("main.js's registry and chunk names lose what the section took, and the section's route names its module", () => {
  const registry = browserModule('registry.js', '', FILES.registry, FILES);
  assert.deepEqual([...parseRegistry(registry, 'registry.js').keys()], ['home0001', 'plugin01', 'root0001']);
  assert.deepEqual(JSON.parse(browserModule('routesChunkNames.json', '', FILES.chunkNames, FILES)), {
    '/-e5f': { __comp: 'home0001', __context: { plugin: 'plugin01' } },
    '/docs-67a': { __comp: 'root0001' },
    '/docs-f96': { __comp: 'root0001' },
    '/docs-e53': { __comp: 'root0001', __routes: 'routes-docs' },
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
});

test('the loader reads the three files beside the one it is given and watches them', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-sections-'));
  writeFileSync(path.join(dir, 'routes.js'), FILES.routes);
  writeFileSync(path.join(dir, 'registry.js'), FILES.registry);
  writeFileSync(path.join(dir, 'routesChunkNames.json'), FILES.chunkNames);
  const watched: string[] = [];
  const context = { resourcePath: path.join(dir, 'routes.js'), resourceQuery: '?routesOf=%2Fdocs-e53', addDependency: (file: string) => watched.push(file) };
  assert.match(routeSectionsLoader.call(context, FILES.routes), /"\/docs\/setup"/);
  assert.deepEqual(watched.sort(), ['registry.js', 'routes.js', 'routesChunkNames.json'].map((file) => path.join(dir, file)));
});
