// `npm run build` is `docusaurus build` in two processes (scripts/build-site.ts): one bundles and exits, the next
// renders the pages from the bundles on disk. These tests hold the two things that rest on: the check between the
// runs, and Docusaurus still reading the two switches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { bundledServerEntry, bundlingHeapCeilingMb, markdownPages, outDirOf, ranOutOfHeap, SERVER_BUNDLE, withHeapCeiling } from '../../scripts/build-site-check';
import { serialBundlingConfig } from '../../src/plugins/serial-bundling';

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

test('on the bundling run the server compiler waits for the client compiler, and a renamed compiler stops the build', () => {
  assert.deepEqual(serialBundlingConfig('server', true), { dependencies: ['client'] });
  assert.deepEqual(serialBundlingConfig('client', false), {});
  assert.throws(() => serialBundlingConfig('ssr', true), /expected Docusaurus to name its server compiler "server", found "ssr".*UPGRADING\.md row build:two-process/);
  assert.throws(() => serialBundlingConfig(undefined, false), /client compiler "client", found undefined/);
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
