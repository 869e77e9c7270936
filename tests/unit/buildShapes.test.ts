// The build-time assertions on the private shapes our local plugins read (src/plugins/shape.ts and its callers):
// each is given the shape as this Docusaurus writes it, which passes, and a changed one, which must fail with
// `[<plugin>] expected <shape>, found <what>: <what to do>`.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ShapeError, describe, expectShape } from '../../src/plugins/shape';
import { ChunkGraph } from '../../src/plugins/route-stylesheets/chunkGraph';
import { expectMarkImport, markImportLine } from '../../src/plugins/lazy-search-highlight';
import { expectGlobalVersions } from '../../src/plugins/docs-lean-version-props';
import { withoutPresetEnv } from '../../src/plugins/css-prefixed-by-lightningcss';
import { expectCodeTabRules } from '../../src/plugins/slim-openapi-styles';
import { expectRehypeRawImport } from '../../src/plugins/api-markdown';
import { expectLoadedContent } from '../../src/plugins/loadedContent';

const stripModulePaths = require('../../src/plugins/slim-chunk-registry/strip-module-paths.cjs') as (this: object, source: string) => string;
const keepLanguages = require('../../src/plugins/slim-prism/keep-languages.cjs') as (this: object, source: string) => string;

/** The message pattern every assertion shares, for the plugin named. */
const shapeMessage = (plugin: string) => new RegExp(`^(?:\\w*Error: )?\\[${plugin}\\] expected .+, found .+: .+`, 's');

test('expectShape passes a true condition and throws plugin, shape, finding and fix otherwise', () => {
  expectShape('some-plugin', true, { expected: 'x', found: () => assert.fail('found is not computed when the shape holds'), fix: 'f' });
  assert.throws(
    () => expectShape('some-plugin', 0, { expected: 'an array of routes', found: () => describe({ a: 1, b: 2 }), fix: 'read routes.js' }),
    (error: unknown) =>
      error instanceof ShapeError &&
      error.message === '[some-plugin] expected an array of routes, found an object with keys a, b: read routes.js',
  );
  assert.equal(describe([]), 'an array of 0');
  assert.equal(describe(undefined), 'nothing');
});

/** The folders `generatedFiles` made, removed once this file's tests are done. */
const made: string[] = [];
after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A generated-files folder holding the three files ChunkGraph reads, as Docusaurus 3.10 writes them. */
function generatedFiles(routes: string, chunkNames: object, manifest: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'chunk-graph-'));
  made.push(dir);
  writeFileSync(path.join(dir, 'routes.js'), routes);
  writeFileSync(path.join(dir, 'routesChunkNames.json'), JSON.stringify(chunkNames));
  writeFileSync(path.join(dir, 'client-manifest.json'), JSON.stringify(manifest));
  return dir;
}
const ROUTES = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  { path: '/search', component: ComponentCreator('/search', '822'), exact: true },
  { path: '*', component: ComponentCreator('*') },
];
`;
const CHUNK_NAMES = { '/search-822': { __comp: '1a4e3797', __context: { plugin: '138e0e15' } } };
const MANIFEST = {
  entrypoints: ['main'],
  origins: { '1a4e3797': ['92'], '138e0e15': ['30'] },
  assets: { '92': { js: [{ file: 'assets/js/92.0000aaaa.js' }] }, '30': { js: [{ file: 'assets/js/30.0000bbbb.js' }] } },
};

test('ChunkGraph reads routes.js, routesChunkNames.json and client-manifest.json as Docusaurus 3.10 writes them', () => {
  const graph = new ChunkGraph(generatedFiles(ROUTES, CHUNK_NAMES, MANIFEST), 'route-scripts');
  assert.deepEqual(graph.routeAssets('/search').js.sort(), ['assets/js/30.0000bbbb.js', 'assets/js/92.0000aaaa.js']);
});

test('a changed routes.js, route key or client manifest fails the build naming the plugin', () => {
  // Routes made by another helper than ComponentCreator(path, hash): nothing to evaluate them with.
  const renamed = ROUTES.replace(/ComponentCreator\(/g, 'createRouteComponent(');
  assert.throws(() => new ChunkGraph(generatedFiles(renamed, CHUNK_NAMES, MANIFEST), 'route-scripts'), (error: Error) => {
    assert.match(error.message, shapeMessage('route-scripts'));
    assert.match(error.message, /expected \.docusaurus\/routes\.js to export a non-empty array of routes/);
    assert.match(error.message, /createRouteComponent is not defined/);
    return true;
  });
  // Chunk names keyed by path alone.
  assert.throws(() => new ChunkGraph(generatedFiles(ROUTES, { '/search': CHUNK_NAMES['/search-822'] }, MANIFEST), 'route-stylesheets'), (error: Error) => {
    assert.match(error.message, shapeMessage('route-stylesheets'));
    assert.match(error.message, /routesChunkNames\.json to be an object keyed by each route's `<path>-<hash>` \(as \/search-822\)/);
    return true;
  });
  // Manifest groups keyed by something other than the chunk names.
  const { origins: _origins, ...noOrigins } = MANIFEST;
  assert.throws(() => new ChunkGraph(generatedFiles(ROUTES, CHUNK_NAMES, { ...noOrigins, chunkGroups: {} }), 'route-scripts'), (error: Error) => {
    assert.match(error.message, shapeMessage('route-scripts'));
    assert.match(error.message, /found an object with keys entrypoints, assets, chunkGroups/);
    return true;
  });
});

test('slim-chunk-registry: a registry.js entry without its module path fails the loader', () => {
  const entry = (middle: string) =>
    `export default {\n  "0029b39e": [() => import(/* webpackChunkName: "0029b39e" */ "@site/a.mdx"), ${middle}require.resolveWeak("@site/a.mdx")],\n};\n`;
  assert.match(stripModulePaths.call({ resourcePath: 'registry.js' }, entry('"@site/a.mdx", ')), /import\(.*\), "", require\.resolveWeak/);
  assert.throws(() => stripModulePaths.call({ resourcePath: '.docusaurus/registry.js' }, entry('')), (error: Error) => {
    assert.match(error.message, shapeMessage('slim-chunk-registry'));
    assert.match(error.message, /found `"0029b39e": \[\(\) => import/);
    return true;
  });
});

test('slim-prism: prism-react-renderer without its grammar markers fails the loader', () => {
  const context = (source: string) => ({ resourcePath: 'dist/index.mjs', getOptions: () => ({ files: [] }), addDependency() {}, source });
  const good = '// src/prism-langs.ts\nvar Prism = __toESM(require_prism());\nGRAMMARS\n// src/themes/index.ts\nrest';
  assert.equal(keepLanguages.call(context(good), good).includes('GRAMMARS'), false);
  const moved = good.replace('// src/prism-langs.ts', '// src/prism/languages.ts');
  assert.throws(() => keepLanguages.call(context(moved), moved), shapeMessage('slim-prism'));
});

test('lazy-search-highlight: a generated search module that no longer imports mark.js by path fails', () => {
  const markPath = '/site/node_modules/mark.js/dist/mark.js';
  expectMarkImport(`export const indexHash = "x";\n${markImportLine(markPath)}\n`, markPath, 'generated.js');
  assert.throws(() => expectMarkImport('export const Mark = null;\n', markPath, 'generated.js'), (error: Error) => {
    assert.match(error.message, shapeMessage('lazy-search-highlight'));
    assert.match(error.message, /found export const Mark = null; in generated\.js/);
    return true;
  });
  assert.throws(() => expectMarkImport(undefined, markPath, 'generated.js'), /found no file generated\.js/);
});

test('docs-lean-version-props: global data without versions[].docs fails', () => {
  expectGlobalVersions({ path: '/x', versions: [{ name: 'current', path: '/x', mainDocId: 'index', docs: [{ id: 'index', path: '/x/' }] }] }, 'x');
  assert.throws(() => expectGlobalVersions({ versions: [{ path: '/x', mainDocId: 'index', docIds: ['index'] }] }, 'x'), shapeMessage('docs-lean-version-props'));
});

test('css-prefixed-by-lightningcss: options.plugins without the preset entry fails', () => {
  const other = { postcssPlugin: 'slim-infima' };
  assert.deepEqual(withoutPresetEnv([['/nm/postcss-preset-env/dist/index.cjs', {}], other]), [other]);
  assert.throws(() => withoutPresetEnv([require('node:path'), other]), (error: Error) => {
    assert.match(error.message, shapeMessage('css-prefixed-by-lightningcss'));
    assert.match(error.message, /found 0 such entries/);
    return true;
  });
});

test('slim-openapi-styles: code-tab rules renamed in the theme fail', () => {
  const kept = new Set(['curl', 'python']);
  const scss = '.openapi-tabs__code-item--curl {}\n.openapi-tabs__code-item--python {}\n.openapi-tabs__code-item--ruby {}\n';
  expectCodeTabRules(scss, kept, '_CodeTabs.scss');
  assert.throws(() => expectCodeTabRules(scss.replace(/code-item--/g, 'code-tab--'), kept, '_CodeTabs.scss'), (error: Error) => {
    assert.match(error.message, shapeMessage('slim-openapi-styles'));
    assert.match(error.message, /found 0 such classes, none for curl, python/);
    return true;
  });
});

test('api-markdown: a theme renderer that no longer imports rehype-raw fails', () => {
  expectRehypeRawImport('import rehypeRaw from "rehype-raw";\n', 'Markdown/index.js');
  assert.throws(() => expectRehypeRawImport('import { raw } from "hast-util-raw";\n', 'Markdown/index.js'), shapeMessage('api-markdown'));
});

test('loaded content: a docs instance whose versions lost their docs list fails for either reader', () => {
  const doc = { id: 'index', title: 'Home', source: '@site/x/index.md', permalink: '/x/', frontMatter: {} };
  const allContent = {
    'docusaurus-plugin-content-docs': { x: { loadedVersions: [{ docs: [doc], sidebars: { s: [] } }] } },
    'docusaurus-plugin-content-pages': { default: [{ type: 'jsx', permalink: '/', source: '@site/src/pages/index.tsx' }] },
  };
  expectLoadedContent(allContent, ['x'], 'markdown-twins');
  assert.throws(() => expectLoadedContent(allContent, ['x', 'y'], 'build-checks'), /^ShapeError: \[build-checks\] expected the docs plugin's loaded content for instance y/);
  const moved = { ...allContent, 'docusaurus-plugin-content-docs': { x: { loadedVersions: [{ docsById: { index: doc }, sidebars: {} }] } } };
  assert.throws(() => expectLoadedContent(moved, ['x'], 'markdown-twins'), shapeMessage('markdown-twins'));
});
