import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

// The search plugin is patched (patches/, applied on install): the build writes a compact index without term
// positions and the client's worker expands it again. These tests fail when the patch is missing or the two halves
// stop agreeing.

const require = createRequire(import.meta.url);
const plugin = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
const lunr = require('lunr');
const { buildIndex } = require(path.join(plugin, 'dist/server/server/utils/buildIndex.js'));

/** The worker's own expandIndex, taken from the patched file (the worker itself only runs in a browser). */
function workerExpandIndex(): (compact: unknown) => object {
  const source = readFileSync(path.join(plugin, 'dist/client/client/theme/worker.js'), 'utf8');
  const start = source.indexOf('function expandIndex');
  assert.ok(start >= 0, 'worker.js has no expandIndex: is the patch applied?');
  const end = source.indexOf('\n}\n', start) + 2;
  return vm.runInNewContext(`(${source.slice(start, end)})`);
}

const documents = [
  { i: 1, t: 'Upgrade the Dapr control plane one minor version at a time' },
  { i: 4, t: 'The agent reports certificate expiry and control plane health' },
  { i: 9, t: 'Invite users to your organization and give them roles' },
  { i: 12, t: 'Schedule a Dapr upgrade for a quiet hour' },
];
const options = { language: ['en'], removeDefaultStopWordFilter: ['en'], removeDefaultStemmer: false };

test('the built index keeps no term positions and expands to the same ranking as a plain lunr index', () => {
  const [{ index: compact }] = buildIndex([documents], options);
  assert.ok(Array.isArray(compact.terms) && Array.isArray(compact.vectors), 'the index is not in the compact form');
  assert.ok(!JSON.stringify(compact).includes('position'));
  const expanded = lunr.Index.load(workerExpandIndex()(JSON.parse(JSON.stringify(compact))));
  const plain = lunr(function (this: any) {
    this.pipeline.remove(lunr.stopWordFilter);
    this.ref('i');
    this.field('t');
    for (const doc of documents) this.add({ ...doc, i: String(doc.i) });
  });
  for (const query of ['upgrade dapr', 'control plane', 'roles', 'certif*', 'schedul']) {
    const refs = (index: any) => index.search(query).map((r: { ref: string; score: number }) => `${r.ref}:${r.score.toFixed(1)}`);
    assert.deepEqual(refs(expanded), refs(plain), query);
  }
});

test('every synonym group has at least two terms and says why it exists', () => {
  const groups = JSON.parse(readFileSync(path.join(__dirname, '../../src/search/synonyms.json'), 'utf8'));
  assert.ok(groups.length > 0);
  for (const group of groups) {
    assert.ok(Array.isArray(group.terms) && group.terms.length >= 2, JSON.stringify(group));
    assert.ok(typeof group.why === 'string' && group.why.length > 20, JSON.stringify(group));
    for (const term of group.terms) assert.equal(term, term.toLowerCase().trim(), `${term}: lowercase, trimmed`);
  }
});
