// A large site's `npm run build` is `docusaurus build` in three processes (scripts/build-site.ts): the client bundle,
// the server bundle, then the pages rendered from the bundles on disk. These tests hold what that rests on: the
// checks and moves between the runs, the emptied compiler, and Docusaurus still reading the switches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundledServerEntry, bundlingHeapCeilingMb, markdownPages, moveServerBundle, outDirOf, ranOutOfHeap, SERVER_BUNDLE, withHeapCeiling, withOutDir } from '../../scripts/build-site-check';
import { bundleOnlyFrom, EMPTY_ENTRY, emptyDroppedCompiler, fasterFlags } from '../../src/plugins/one-compiler-bundling';

test('after the bundling run, a build folder without the server bundle is refused, naming the switch', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-site-'));
  try {
    const problem = bundledServerEntry(dir);
    assert.match(problem ?? '', /DOCUSAURUS_EXIT_AFTER_BUNDLING=true/);
    assert.match(problem ?? '', /buildLocale\.js/);
    mkdirSync(path.join(dir, path.dirname(SERVER_BUNDLE)), { recursive: true });
    writeFileSync(path.join(dir, SERVER_BUNDLE), '');
    assert.equal(bundledServerEntry(dir), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the pages that decide between one process and two are the Markdown and MDX files at any depth', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-site-'));
  try {
    mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    for (const file of ['index.mdx', 'a/one.md', 'a/b/two.mdx', 'a/_category_.json', 'a/b/diagram.svg', 'sidebars.ts']) writeFileSync(path.join(dir, file), '');
    assert.equal(markdownPages(dir), 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the check looks for the server bundle in the output folder the build was given, in either spelling', () => {
  assert.equal(outDirOf([]), 'build');
  assert.equal(outDirOf(['--out-dir', 'site']), 'site');
  assert.equal(outDirOf(['--no-minify', '--out-dir=public/docs']), 'public/docs');
});

test('the installed Docusaurus stops after bundling and skips bundling on the two switches the build sets', () => {
  const buildLocale = readFileSync(require.resolve('@docusaurus/core/lib/commands/build/buildLocale.js'), 'utf8');
  for (const name of ['DOCUSAURUS_EXIT_AFTER_BUNDLING', 'DOCUSAURUS_SKIP_BUNDLING']) {
    assert.match(buildLocale, new RegExp(`process\\.env\\.${name} === 'true'`), `${name} is no longer read by buildLocale.js`);
  }
  // The rendering run finds the server bundle where the bundling run left it.
  const server = readFileSync(require.resolve('@docusaurus/core/lib/webpack/server.js'), 'utf8');
  assert.match(server, /path_1\.default\.join\(props\.outDir, '__server'\)/);
  assert.equal(SERVER_BUNDLE, path.join('__server', 'server.bundle.js'));
  assert.match(server, /server\.bundle\.js/);
});

test('a bundling run empties the compiler it does not keep, leaves the kept one, and stops on a renamed compiler', () => {
  const config = (name: string) => ({ name, entry: { main: 'client-entry.js' }, output: { path: '/site/build', publicPath: '/' }, plugins: ['manifest'] });
  const keptClient = config('client');
  emptyDroppedCompiler(keptClient, false, 'client', '/gen/dropped');
  assert.deepEqual(keptClient, config('client'));
  const droppedServer = config('server');
  emptyDroppedCompiler(droppedServer, true, 'client', '/gen/dropped');
  assert.deepEqual(droppedServer, { name: 'server', entry: { dropped: EMPTY_ENTRY }, output: { path: path.join('/gen/dropped', 'server'), publicPath: '/' }, plugins: [] });
  const droppedClient = config('client');
  emptyDroppedCompiler(droppedClient, false, 'server', '/gen/dropped');
  assert.equal(droppedClient.output.path, path.join('/gen/dropped', 'client'), 'never the site output folder');
  assert.equal(readFileSync(EMPTY_ENTRY, 'utf8').replace(/^\/\/.*\n/gm, ''), '', 'the entry bundles nothing');
  assert.throws(() => emptyDroppedCompiler(config('ssr'), true, 'client', '/gen'), /expected Docusaurus to name its server compiler "server", found "ssr".*UPGRADING\.md row build:two-process/);
});

test('the switch names one compiler or none, and a one-compiler run turns off only the MDX cross-compiler cache', () => {
  assert.equal(bundleOnlyFrom({}), undefined);
  assert.equal(bundleOnlyFrom({ DIAGRID_BUNDLE_ONLY: 'server' }), 'server');
  assert.equal(bundleOnlyFrom({ DIAGRID_BUNDLE_ONLY: 'client' }), 'client');
  assert.throws(() => bundleOnlyFrom({ DIAGRID_BUNDLE_ONLY: 'both' }), /DIAGRID_BUNDLE_ONLY="both": give client or server/);
  assert.equal(fasterFlags(undefined), true);
  assert.deepEqual(fasterFlags('server'), { mdxCrossCompilerCache: false });
});

test('the installed Docusaurus resolves the other Faster flags from future.v4, empties the output folder of each bundling run, and caches MDX across compilers only on its flag', () => {
  const validation = readFileSync(require.resolve('@docusaurus/core/lib/server/configValidation.js'), 'utf8');
  assert.match(validation, /config\.future\.faster\[key\] = fasterDefault;/);
  assert.match(validation, /fasterByDefault: true,/);
  const buildLocale = readFileSync(require.resolve('@docusaurus/core/lib/commands/build/buildLocale.js'), 'utf8');
  assert.match(buildLocale, /SkipBundling \? undefined : \(0, clearPath_1\.default\)\(outDir\)/);
  const mdx = readFileSync(require.resolve('@docusaurus/mdx-loader/lib/createMDXLoader.js'), 'utf8');
  assert.match(mdx, /if \(options\.useCrossCompilerCache && process\.env\.NODE_ENV === 'production'\)/);
});

test('the server run writes to a folder of its own, and its bundle moves into the output folder', () => {
  assert.deepEqual(withOutDir([], '/x/build.server-bundle'), ['--out-dir', '/x/build.server-bundle']);
  assert.deepEqual(withOutDir(['--no-minify', '--out-dir', 'site', '--locale=en'], 's2'), ['--no-minify', '--locale=en', '--out-dir', 's2']);
  assert.deepEqual(withOutDir(['--out-dir=site'], 's2'), ['--out-dir', 's2']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'build-site-'));
  try {
    const [from, to] = [path.join(dir, 'build.server-bundle'), path.join(dir, 'build')];
    mkdirSync(path.join(from, '__server'), { recursive: true });
    mkdirSync(path.join(to, '__server'), { recursive: true });
    writeFileSync(path.join(from, SERVER_BUNDLE), 'new');
    writeFileSync(path.join(to, '__server', 'stale.js'), 'old');
    writeFileSync(path.join(to, 'index.html'), 'client');
    moveServerBundle(from, to);
    assert.equal(readFileSync(path.join(to, SERVER_BUNDLE), 'utf8'), 'new');
    assert.equal(existsSync(path.join(to, '__server', 'stale.js')), false);
    assert.equal(readFileSync(path.join(to, 'index.html'), 'utf8'), 'client');
    assert.equal(existsSync(from), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the installed Docusaurus names its compilers client and server, and skips the persistent cache on its switch', () => {
  const base = readFileSync(require.resolve('@docusaurus/core/lib/webpack/base.js'), 'utf8');
  assert.match(base, /const name = isServer \? 'server' : 'client';/);
  assert.match(base, /name,\n/, 'the configuration carries that name');
  assert.match(base, /if \(process\.env\.DOCUSAURUS_NO_PERSISTENT_CACHE\) \{/);
});

test('the bundling heap ceiling grows with the pages, from 1,536 MB, and adds to NODE_OPTIONS', () => {
  assert.equal(bundlingHeapCeilingMb(1000), 1536);
  assert.equal(bundlingHeapCeilingMb(3462), 1558);
  assert.equal(bundlingHeapCeilingMb(10000), 4500);
  assert.equal(withHeapCeiling(undefined, 1536), '--max-old-space-size=1536');
  assert.equal(withHeapCeiling('--require ./probe.js', 2000), '--require ./probe.js --max-old-space-size=2000');
});

test('a run that exhausts its heap ceiling is told apart from a build that fails', () => {
  const grow = 'const kept = []; for (;;) kept.push(new Array(1e5).fill(kept.length));';
  const exhausted = spawnSync(process.execPath, ['--max-old-space-size=16', '-e', grow], { stdio: 'ignore' });
  assert.equal(ranOutOfHeap(exhausted), true, `status ${exhausted.status}, signal ${exhausted.signal}`);
  const failed = spawnSync(process.execPath, ['-e', 'process.exit(1)'], { stdio: 'ignore' });
  assert.equal(ranOutOfHeap(failed), false);
  assert.equal(ranOutOfHeap({ status: 134, signal: null }), true, 'as a shell reports an abort');
});
