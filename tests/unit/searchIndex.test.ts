import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lunr from 'lunr';
import { expandIndex, queryTerm, HITS_PER_TERM } from '../../src/search/ranking';

// The search plugin's build is patched (patches/) to write a compact index without term positions; the client
// expands it again with src/search/ranking.ts. These tests fail when the patch is missing or the two halves stop
// agreeing, and hold the ranking's own lookup to lunr's answers.

const require = createRequire(import.meta.url);
const plugin = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
const { buildIndex } = require(path.join(plugin, 'dist/server/server/utils/buildIndex.js'));

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
  const expanded = lunr.Index.load(expandIndex(JSON.parse(JSON.stringify(compact))));
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

test("the worker's term lookup gives lunr's own answers: the same entries, scores and matched terms, in lunr's order", () => {
  // Real prose: every paragraph of the hand-written pages is an entry.
  const pages = ['catalyst', 'docs', 'enterprise-dapr', 'workflow-composer'].flatMap((dir) =>
    readdirSync(path.join(__dirname, '../..', dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.mdx?$/.test(file) && !/(^|\/)(api|cli-reference|components-reference)\//.test(file))
      .map((file) => readFileSync(path.join(__dirname, '../..', dir, file), 'utf8')),
  );
  const entries = pages.flatMap((text) => text.split(/\n\s*\n/)).filter((t) => t.trim()).map((t, i) => ({ i: i + 1, t }));
  assert.ok(entries.length > 1000, `only ${entries.length} paragraphs found`);
  const [{ index: compact }] = buildIndex([entries], options);
  const index = lunr.Index.load(expandIndex(JSON.parse(JSON.stringify(compact))));
  const hitsPerTerm = HITS_PER_TERM;

  // Every word readers typed in the query set, and every prefix of it (what the worker asks while a word is typed).
  const queries: { query: string }[] = JSON.parse(readFileSync(path.join(__dirname, '../search-queries.json'), 'utf8'));
  const words = new Set(queries.flatMap(({ query }) => query.toLowerCase().match(/[^-\s]+/g) ?? []).flatMap((w) => [...w].map((_, k) => w.slice(0, k + 1))));
  const kinds = [{ wildcard: lunr.Query.wildcard.NONE }, { wildcard: lunr.Query.wildcard.TRAILING }, { editDistance: 1 }];
  const answer = (hits: LunrHit[]) => Array.from(hits, (hit) => [hit.ref, hit.score, Object.keys(hit.matchData.metadata).join(' ')]);
  let compared = 0;
  for (const word of words) {
    for (const kind of kinds) {
      const expected = index
        .query((query: any) => query.term(word, { presence: lunr.Query.presence.OPTIONAL, ...kind }))
        .slice(0, hitsPerTerm);
      assert.deepEqual(answer(queryTerm(index, word, kind)), answer(expected), `${word} ${JSON.stringify(kind)}`);
      compared += expected.length;
    }
  }
  assert.ok(compared > 100_000, `only ${compared} hits compared`);
});

type LunrHit = { ref: string; score: number; matchData: { metadata: Record<string, unknown> } };
