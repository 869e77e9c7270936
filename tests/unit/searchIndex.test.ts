import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lunr from 'lunr';
import { queryTerm, queryWords, searchPages, stemWord, HITS_PER_TERM } from '../../src/search/ranking';
import { indexSetOf, shardIndex, type PluginIndex } from '../../src/plugins/search-shards/shardIndex';
import { decodeSmall, decodeTerms, decodeTitles, encodeSmall, encodeTerms, encodeTitles, headTerms, lazyTokenSet, loadIndexSet, mayPrefetch, shardKey, termShardFile } from '../../src/search/shards';
import { fetchBytesOnce, handFetchedFiles, handFile, guessedShardKeys, headPath, shardFileName, termShardPath } from '../../src/search/prefetch';
import { PENDING_TEXT, searchBeforePageFiles, SearchWorker, warmUp } from '../../src/search/searchWorker';
import { EntryType, type IndexDocument, type IndexSet } from '../../src/search/types';

// The search plugin's build is patched (patches/) to write its index without term positions; the build cuts it into
// a head and shards (src/plugins/search-shards) and the worker reads them (src/search/shards.ts, ranking.ts). These
// tests fail when the patch is missing or the halves stop agreeing, hold the ranking's own lookup to lunr's answers,
// and hold a query that fetches only its shards to the answers of the whole index.

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

/**
 * lunr's own index for the plugin's, as the ranking reads it: weights to two decimals, as the shards keep them, and
 * terms numbered in their sorted order (lunr adds a query's terms up in that order).
 */
function lunrIndex(serialized: PluginIndex[number]['index']) {
  const position = new Map(serialized.invertedIndex.map(([, posting], k) => [posting._index, k]));
  const pairs = (elements: number[]) => Array.from({ length: elements.length / 2 }, (_, k) => [position.get(elements[2 * k])!, Math.round(elements[2 * k + 1] * 100) / 100]);
  return lunr.Index.load(
    JSON.parse(
      JSON.stringify({
        ...serialized,
        invertedIndex: serialized.invertedIndex.map(([term, posting]) => [term, { ...posting, _index: position.get(posting._index) }]),
        fieldVectors: serialized.fieldVectors.map(([ref, elements]) => [ref, pairs(elements).sort((a, b) => a[0] - b[0]).flat()]),
      }),
    ),
  );
}

/** The index set of `entries` as titles, every shard loaded. */
async function loadedSet(json: PluginIndex): Promise<IndexSet> {
  const set = indexSetOf(json);
  await set.loadTerms(headTerms(shardIndex(json).head).terms);
  return set;
}

test('the built index keeps no term positions, and its shards rank as a plain lunr index does', async () => {
  const json: PluginIndex = JSON.parse(JSON.stringify(buildIndex([documents, [], [], [], []], options)));
  assert.ok(!JSON.stringify(json).includes('position'), 'the index holds term positions');
  const plain = lunr(function (this: any) {
    this.pipeline.remove(lunr.stopWordFilter);
    this.ref('i');
    this.field('t');
    for (const doc of documents) this.add({ ...doc, i: String(doc.i) });
  });
  const { index } = (await loadedSet(json)).kinds[EntryType.Title];
  for (const query of ['upgrade', 'dapr', 'control', 'roles', 'certif']) {
    const refs = (hits: { ref: string; score: number }[]) => hits.map((r) => `${r.ref}:${r.score.toFixed(1)}`);
    assert.deepEqual(refs(queryTerm(index, query, { wildcard: lunr.Query.wildcard.TRAILING })), refs(plain.search(`${query}*`)), query);
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

/** Every paragraph of the hand-written pages, as index entries. */
function proseEntries(): IndexDocument[] {
  // Real prose: every paragraph of the hand-written pages is an entry.
  const pages = ['catalyst', 'docs', 'enterprise-dapr', 'workflow-composer'].flatMap((dir) =>
    readdirSync(path.join(__dirname, '../..', dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.mdx?$/.test(file) && !/(^|\/)(api|cli-reference|components-reference)\//.test(file))
      .map((file) => readFileSync(path.join(__dirname, '../..', dir, file), 'utf8')),
  );
  return pages.flatMap((text) => text.split(/\n\s*\n/)).filter((t) => t.trim()).map((t, i) => ({ i: i + 1, t, u: `/p${i + 1}` }));
}

test("the worker's term lookup gives lunr's own answers: the same entries, scores and matched terms, in lunr's order", async () => {
  const entries = proseEntries();
  assert.ok(entries.length > 1000, `only ${entries.length} paragraphs found`);
  // Two kinds, each with words the other lacks: the worker expands a word against every kind's terms at once and
  // keeps each kind's own, which must be lunr's answer for that kind alone.
  const halves = [entries.filter((_, k) => k % 3 !== 0), entries.filter((_, k) => k % 3 === 0)];
  const json: PluginIndex = JSON.parse(JSON.stringify(buildIndex([halves[0], halves[1], [], [], []], options)));
  const set = await loadedSet(json);
  const hitsPerTerm = HITS_PER_TERM;

  // Every word readers typed in the query set, and every prefix of it (what the worker asks while a word is typed).
  const queries: { query: string }[] = JSON.parse(readFileSync(path.join(__dirname, '../search-queries.json'), 'utf8'));
  const words = new Set(queries.flatMap(({ query }) => query.toLowerCase().match(/[^-\s]+/g) ?? []).flatMap((w) => [...w].map((_, k) => w.slice(0, k + 1))));
  const kinds = [{ wildcard: lunr.Query.wildcard.NONE }, { wildcard: lunr.Query.wildcard.TRAILING }, { editDistance: 1 }];
  const answer = (hits: LunrHit[]) => Array.from(hits, (hit) => [hit.ref, hit.score, Object.keys(hit.matchData.metadata).join(' ')]);
  let compared = 0;
  for (const type of [EntryType.Title, EntryType.Heading]) {
    const index = lunrIndex(json[type].index);
    const ours = set.kinds[type].index;
    for (const word of words) {
      for (const kind of kinds) {
        const expected = index
          .query((query: any) => query.term(word, { presence: lunr.Query.presence.OPTIONAL, ...kind }))
          .slice(0, hitsPerTerm);
        assert.deepEqual(answer(queryTerm(ours, word, kind)), answer(expected), `${type}: ${word} ${JSON.stringify(kind)}`);
        compared += expected.length;
      }
    }
  }
  assert.ok(compared > 100_000, `only ${compared} hits compared`);
});

test("the head's token set, made as it is walked, expands every word to lunr's own words in lunr's order", () => {
  // Real terms (every word of the hand-written prose, as the pipeline makes them), plus digits and punctuation, whose
  // edges JavaScript lists in an order of its own (integer-like keys first): lunr's answer must come out the same.
  const pipeline = lunr.Pipeline.load(['trimmer', 'stemmer']);
  const words = proseEntries().flatMap(({ t }) => t.toLowerCase().split(/[\s-]+/).flatMap((word) => pipeline.runString(word)));
  const terms = Array.from(new Set([...words, 'a', 'a1', 'a-b', 'a.b', 'a_b', 'a9', 'a10', 'ab', 'v1alpha1', 'v1', 'v1beta', '1', '10', '2', '-x', 'é', 'ée'])).filter(Boolean).sort();
  assert.ok(terms.length > 3000, `only ${terms.length} terms`);
  const lunrs = lunr.TokenSet.fromArray(terms);
  const ours = lazyTokenSet(terms);
  const queries = new Set(terms.filter((_, k) => k % 11 === 0).flatMap((term) => [term, term.slice(0, 1), term.slice(0, 2), term.slice(0, 3), `${term}x`]));
  for (const extra of ['', 'a', 'v1', '1', 'xyzzy', 'é', '-']) queries.add(extra);
  let compared = 0;
  for (const word of queries) {
    // lunr's clauses as `Query#term` makes them: exact, trailing wildcard, one or two letters off.
    for (const [term, editDistance] of [[word], [`${word}*`], [word, 1], [word, 2]] as [string, number?][]) {
      if (editDistance === 2 && word.length > 6) continue;
      const clause = (editDistance === undefined ? { term } : { term, editDistance }) as unknown as lunr.Clause;
      const expected = lunrs.intersect(lunr.TokenSet.fromClause(clause)).toArray();
      assert.deepEqual(ours.intersect(lunr.TokenSet.fromClause(clause)).toArray(), expected, JSON.stringify(clause));
      compared += expected.length;
    }
  }
  assert.ok(compared > 50_000, `only ${compared} words compared`);
});

/** An index of the hand-written prose: every eighth entry's first line a page title, the entries its paragraphs. */
function proseIndex(): { titles: IndexDocument[]; json: PluginIndex } {
  // Built once (about 2 s) and handed out as fresh copies, so a test that changes its copy changes no other test's.
  builtProse ??= buildProseIndex();
  return JSON.parse(builtProse);
}
let builtProse: string | undefined;

function buildProseIndex(): string {
  const titles: IndexDocument[] = [];
  const contents: IndexDocument[] = [];
  proseEntries().forEach((entry, k) => {
    if (k % 8 === 0) titles.push({ i: entry.i, t: entry.t.split('\n')[0].slice(0, 80), u: entry.u, b: ['Docs'] });
    contents.push({ ...entry, u: titles[titles.length - 1].u, p: titles[titles.length - 1].i, s: titles[titles.length - 1].t });
  });
  return JSON.stringify({ titles, json: buildIndex([titles, [], [], [], contents], options) });
}

test('a query that fetches only its own shards gets the whole index\'s answer, for every query of both sets and every prefix typed', async () => {
  // Pages of the hand-written prose: each a title (its first line) and its paragraphs, so every kind of lookup, the
  // synonyms' phrases and the rows' snippets are exercised. One shard per two-letter start: a term the worker failed to fetch
  // before ranking is a thrown error here, not a quietly different list.
  const { titles, json } = proseIndex();
  const whole = await loadedSet(json);
  await whole.loadPages(titles.map((t) => t.i));
  const fetched: string[] = [];
  const { head, files } = shardIndex(json);
  const lazy = (await import('../../src/search/shards')).loadIndexSet(JSON.parse(JSON.stringify(head)), async (file) => {
    fetched.push(file);
    return JSON.parse(files.get(file)!);
  });
  const sets = ['../search-queries.json', '../search-real-questions.json'].flatMap((file) => JSON.parse(readFileSync(path.join(__dirname, file), 'utf8')) as { query: string }[]);
  const queries = new Set(sets.map(({ query }) => query));
  for (const { query } of sets.slice(0, 40)) for (let k = 1; k < query.length; k += 1) queries.add(query.slice(0, k));
  assert.ok(queries.size > 1000, `only ${queries.size} queries`);
  for (const query of queries) {
    assert.deepEqual(await searchPages(lazy, query, 8), await searchPages(whole, query, 8), query);
  }
  // …and one query fetches a sliver of the files.
  fetched.length = 0;
  const fresh = (await import('../../src/search/shards')).loadIndexSet(JSON.parse(JSON.stringify(head)), async (file) => {
    fetched.push(file);
    return JSON.parse(files.get(file)!);
  });
  assert.ok((await searchPages(fresh, 'state store', 8)).length > 0);
  assert.ok(fetched.length > 0 && fetched.length < files.size / 50, `"state store" fetched ${fetched.length} of ${files.size} files`);
});

/** The reader queries of both sets. */
const readerQueries = (): string[] =>
  ['../search-queries.json', '../search-real-questions.json'].flatMap((file) => (JSON.parse(readFileSync(path.join(__dirname, file), 'utf8')) as { query: string }[]).map(({ query }) => query));

test('the page names the term shard of every word a reader types before it has the index: the first two letters of its stem', () => {
  let words = 0;
  const missed: string[] = [];
  for (const query of readerQueries()) {
    const guessed = guessedShardKeys(query);
    for (const word of queryWords(query)) {
      if (word.length < 2) continue;
      words += 1;
      if (!guessed.includes(shardKey(stemWord(word)))) missed.push(`${word} (${stemWord(word)}) in "${query}"`);
    }
  }
  assert.ok(words > 1000, `only ${words} words`);
  assert.deepEqual(missed, [], 'words whose shard the page does not fetch in the first round');
  assert.deepEqual(guessedShardKeys('  State-store "Redis"  a pubsub\'s '), ['st', 're', 'pu']);
  // Every key is a file name of its own, safe in a URL.
  const names = ['st', 's', 'é1', '_a', '_6', '2a', 'ñ', '\u062a'].map(shardFileName);
  assert.equal(new Set(names).size, names.length, names.join(' '));
  for (const name of names) assert.match(name, /^[a-z0-9_]+\.json$/);
  assert.equal(termShardPath('search-index-catalyst.json?_=ab12', 'st.json'), 'search-index-catalyst/st.json?_=ab12');
  assert.equal(termShardPath('search-index.json', 'st.json'), 'search-index/st.json');
});

test('the head keeps its terms front-coded and reads them back as they were', () => {
  const terms = ['', '1', '1.', '10', 'a', 'a-b', 'ab', 'abc', 'abd', 'b', 'state', 'statement', 'statestor', 'stats', 'é', 'ée'];
  const text = encodeTerms(terms);
  assert.deepEqual(decodeTerms(text), terms);
  assert.ok(text.length < terms.join('\n').length, text);
  assert.deepEqual(decodeTerms(encodeTerms([])), []);
  // A section's real terms: every word of the hand-written prose, as the index keeps them.
  const { head } = shardIndex(proseIndex().json);
  const { terms: real, kinds } = headTerms(head);
  assert.ok(real.length > 3000 && kinds.length === real.length && kinds.every((k) => k > 0 && k < 32));
  assert.deepEqual(decodeTerms(encodeTerms(real)), real);
  assert.deepEqual(real, [...real].sort());
});

test("the head's number columns read back as they were, one character a number below 32,768 and two from there", () => {
  const numbers = [0, 1, 2, 44, 47, 92, 32_767, 32_768, 32_769, 65_535, 70_000, 1_000_000, 2 ** 29 - 1, 5];
  const text = encodeSmall(numbers);
  assert.deepEqual(decodeSmall(text), numbers);
  assert.equal(text.length, numbers.length + 6, 'two characters for each of the six from 32,768');
  assert.deepEqual(decodeSmall(JSON.parse(JSON.stringify(text))), numbers, 'through JSON');
  assert.deepEqual(decodeSmall(encodeSmall([40_000, 1, 70_000, 2]), true), [40_000, 40_001, 110_001, 110_003], 'differences added up');
  // No line break (the terms' separator), quote or surrogate half is written: JSON keeps the text short.
  for (let k = 0; k < text.length; k += 1) {
    const code = text.charCodeAt(k);
    assert.ok(code >= 48 && (code < 0xd800 || code > 0xdfff), `character ${k}: code ${code}`);
  }
  for (const bad of [-1, 1.5, 2 ** 29, NaN]) assert.throws(() => encodeSmall([bad]), /is not a whole number/);
  // A real index: its columns read back to its entries' ids and pages.
  const { json } = proseIndex();
  const { head } = shardIndex(json);
  json.forEach(({ documents }, type) => {
    if (type === EntryType.Title) return;
    assert.deepEqual(decodeSmall(head.entries[type].ids, true), documents.map((d) => d.i), `kind ${type} ids`);
    assert.deepEqual(decodeSmall(head.entries[type].pages), documents.map((d) => (d.p === undefined ? 0 : d.i - d.p + 1)), `kind ${type} pages`);
  });
});

test('the head keeps its titles a column per field and reads them back as they were', () => {
  const titles: IndexDocument[] = [
    { i: 1, t: 'Diagrid Catalyst', u: '/catalyst/', b: ['Catalyst'] },
    { i: 17, t: 'Catalyst APIs', u: '/catalyst/api/catalyst-apis', b: ['Catalyst', 'References', 'API reference'] },
    { i: 35, t: 'Converse with an LLM (alpha)', u: '/catalyst/api/converse', b: ['Catalyst', 'References', 'API reference', 'Conversation'] },
    { i: 36, t: 'No breadcrumb', u: '/catalyst/api/converse-2' },
    { i: 40, t: 'Same breadcrumb', u: '/catalyst/api/z', b: ['Catalyst', 'References', 'API reference'] },
    { i: 41, t: 'No path' } as IndexDocument,
  ];
  const encoded = encodeTitles(titles);
  assert.deepEqual(decodeTitles(JSON.parse(JSON.stringify(encoded))), titles);
  // Each distinct breadcrumb once.
  assert.equal(encoded.b.length, 3);
  assert.deepEqual(decodeTitles(encodeTitles([])), []);
  // A section's real titles, as the build writes them (it checks the same).
  const real = proseIndex().json[EntryType.Title].documents;
  assert.deepEqual(decodeTitles(JSON.parse(JSON.stringify(shardIndex(proseIndex().json).head.titles))), real);
});

test('a term shard from another build of the index than the head is refused, not read against the wrong terms', async () => {
  const json: PluginIndex = JSON.parse(JSON.stringify(buildIndex([documents, [], [], [], []], options)));
  const { head, files } = shardIndex(json);
  const other = shardIndex(JSON.parse(JSON.stringify(buildIndex([documents.slice(1), [], [], [], []], options))));
  assert.notEqual(head.stamp, other.head.stamp);
  const set = loadIndexSet(JSON.parse(JSON.stringify(head)), async (file) => JSON.parse((file.startsWith('terms/') ? other.files : files).get(file) ?? 'null'));
  await assert.rejects(searchPages(set, 'upgrade', 8), /terms\/up\.json is from another build of the index than its head/);
  // Each term in the shard its two first letters name, and only there.
  const { terms, termShards } = headTerms(head);
  for (const [k, [from, key]] of termShards.entries()) {
    const to = termShards[k + 1]?.[0] ?? terms.length;
    for (const term of terms.slice(from, to)) assert.equal(shardKey(term), key, term);
    assert.ok(files.has(termShardFile(key)), key);
    assert.equal((JSON.parse(files.get(termShardFile(key))!) as { from: number }).from, from, key);
  }
  assert.equal(Array.from(files.keys()).filter((file) => file.startsWith('terms/')).length, termShards.length, 'a term shard file the head does not lead to');
});

/** The built file a URL names: page files are under /assets/search-index/, every other name is a term shard. */
function builtFileName(url: string): string {
  const { pathname } = new URL(url, 'http://docs.test');
  return `${pathname.startsWith('/assets/search-index/') ? '' : 'terms/'}${path.basename(pathname)}`;
}

/** A text as a file's bytes, as the page hands them to the worker. */
const bytesOf = (text: string): ArrayBuffer => new TextEncoder().encode(text).slice().buffer;

/**
 * Runs `body` in the globals a worker has on a page at http://docs.test: its `location`, and a same-origin `fetch`
 * that serves `files` by `builtFileName` (404 for any other) and notes each path it is asked for in `fetched`, put
 * back afterwards.
 */
async function withFilesServed(files: Map<string, string>, body: () => Promise<void>, fetched: string[] = []): Promise<void> {
  const globals = globalThis as unknown as { location?: unknown; fetch: typeof fetch };
  const [location, realFetch] = [globals.location, globals.fetch];
  globals.location = { origin: 'http://docs.test' };
  globals.fetch = (async (url: URL) => {
    fetched.push(new URL(String(url), 'http://docs.test').pathname);
    const name = builtFileName(String(url));
    return files.has(name) ? new Response(files.get(name)!) : new Response('', { status: 404 });
  }) as typeof fetch;
  try {
    await body();
  } finally {
    globals.location = location;
    globals.fetch = realFetch;
  }
}

test('rows drawn before the page files are in: the same pages and sections in the same order, and the complete rows once they are', async () => {
  const { titles, json } = proseIndex();
  const whole = await loadedSet(json);
  await whole.loadPages(titles.map((t) => t.i));
  const { head, files } = shardIndex(json);
  // A page file comes a turn of the event loop later, as from the network; term shards at once.
  const set = loadIndexSet(JSON.parse(JSON.stringify(head)), async (file) => {
    if (!file.startsWith('terms/')) await new Promise((done) => setImmediate(done));
    return JSON.parse(files.get(file)!);
  });
  const key = (rows: { type: number; document: IndexDocument; page: IndexDocument | false }[]) => rows.map((row) => `${row.type}/${row.document.i}/${row.page ? row.page.i : ''}`);
  let early = 0;
  for (const query of readerQueries()) {
    const expected = await searchPages(whole, query, 8);
    const { rows, rest } = await searchBeforePageFiles(set, query, 8);
    assert.deepEqual(key(rows), key(expected), query);
    if (!rest) {
      assert.deepEqual(rows, expected, query);
      continue;
    }
    early += 1;
    // Before the files: a section's text blank unless an earlier query loaded its page; the page rows as they will stay.
    rows.forEach((row, k) => {
      if (!row.page || row.document.t !== PENDING_TEXT) assert.deepEqual(row, expected[k], query);
    });
    assert.ok(rows.some((row) => row.page && row.document.t === PENDING_TEXT), query);
    assert.deepEqual(await rest, expected, query);
  }
  assert.ok(early > 50, `only ${early} queries drawn before their page files`);
});

test('a query typed while the index downloads is ranked once, after the worker has answered the page, and the search box asking for it gets that answer', async () => {
  const { titles, json } = proseIndex();
  const whole = await loadedSet(json);
  await whole.loadPages(titles.map((t) => t.i));
  const { head, files } = shardIndex(json);
  const fetched: string[] = [];
  // The worker fetches page files itself (a same-origin fetch), term shards through the page (`fetchText`).
  const file = (url: string) => {
    const name = builtFileName(url);
    fetched.push(name);
    if (!files.has(name)) throw new Error(`no file ${name}`);
    return files.get(name)!;
  };
  const globals = globalThis as unknown as { location?: unknown; fetch: typeof fetch };
  const [location, realFetch, parse] = [globals.location, globals.fetch, JSON.parse];
  globals.location = { origin: 'http://docs.test' };
  globals.fetch = (async (url: URL) => new Response(file(String(url)))) as typeof fetch;
  try {
    const worker = new SearchWorker('search-index{dir}.json?_=1');
    const typed = { input: 'state store', limit: 8 };
    const headText = JSON.stringify(head);
    // Whether the head had been read (the index set built) when the worker answered the page.
    let headRead = false;
    JSON.parse = (text: string, ...rest: []) => ((headRead ||= text === headText), parse(text, ...rest));
    await worker.fetchIndexes('/', '', bytesOf(headText), async (url) => bytesOf(file(url)), typed);
    assert.equal(headRead, false, 'the worker built the index set before answering the page: the page waited for it');
    assert.deepEqual(fetched, [], 'the worker ranked before answering the page');
    const first = await worker.search('/', '', typed.input, typed.limit);
    assert.equal(await worker.search('/', '', typed.input, typed.limit), first, 'the query ranked again');
    const expected = await searchPages(whole, typed.input, typed.limit);
    assert.deepEqual(first.rows.map((row) => row.document.i), expected.map((row) => row.document.i));
    assert.equal(first.complete, false);
    assert.deepEqual(await worker.searchRest('/', '', typed.input, typed.limit), expected);
    // Asked again once the page files are in: the complete rows at once.
    assert.deepEqual(await worker.search('/', '', typed.input, typed.limit), { rows: expected, complete: true });
  } finally {
    globals.location = location;
    globals.fetch = realFetch;
    JSON.parse = parse;
  }
});

test("the typed words' shards the page has in go to the worker with the head: the first query asks the page for none of them", async () => {
  const { titles, json } = proseIndex();
  const whole = await loadedSet(json);
  await whole.loadPages(titles.map((t) => t.i));
  const { head, files } = shardIndex(json);
  // Page files: the worker's own fetch. Term shards: the page's (prefetch.ts handFile), as the page lends it.
  await withFilesServed(files, async () => {
    const typed = { input: 'state store', limit: 8 };
    const shardUrls = guessedShardKeys(typed.input).map((key) => `/${termShardPath(headPath('search-index{dir}.json?_=1', ''), shardFileName(key))}`);
    assert.ok(shardUrls.length > 0);
    const pending = fetchBytesOnce('/search-index/never.json?_=1', false).catch(() => undefined);
    await Promise.all(shardUrls.map((url) => fetchBytesOnce(url, false)));
    const handed = handFetchedFiles();
    assert.deepEqual(Object.keys(handed).sort(), [...shardUrls].sort(), 'the page hands over the files it has in, and only those');
    assert.deepEqual(handFetchedFiles(), {}, 'the page handed a file over twice');
    await pending;
    const asked: string[] = [];
    const worker = new SearchWorker('search-index{dir}.json?_=1');
    await worker.fetchIndexes('/', '', bytesOf(JSON.stringify(head)), (url) => (asked.push(url), handFile(url)), typed, handed);
    const first = await worker.search('/', '', typed.input, typed.limit);
    assert.deepEqual(asked.filter((url) => shardUrls.includes(url)), [], 'the worker asked the page for a shard it was handed');
    const expected = await searchPages(whole, typed.input, typed.limit);
    assert.deepEqual(first.rows.map((row) => row.document.i), expected.map((row) => row.document.i));
    assert.deepEqual(await worker.searchRest('/', '', typed.input, typed.limit), expected);
  });
});

test('a file handed to the worker is not fetched again for a typed guess, and is fetched again when the worker asks', async () => {
  const [guessed, asked] = ['/search-index/hand-guessed.json', '/search-index/hand-asked.json'];
  const files = new Map([guessed, asked].map((url) => [builtFileName(url), '{"a":1}']));
  const fetched: string[] = [];
  await withFilesServed(
    files,
    async () => {
      await fetchBytesOnce(guessed, false);
      assert.deepEqual(Object.keys(handFetchedFiles()), [guessed]);
      await fetchBytesOnce(guessed, false);
      assert.deepEqual(fetched, [guessed], 'a typed guess fetched a file the worker has');
      const bytes = await handFile(asked);
      assert.equal(new TextDecoder().decode(bytes), '{"a":1}');
      await fetchBytesOnce(asked, false);
      assert.deepEqual(fetched, [guessed, asked], 'a typed guess fetched a file the worker has');
      await handFile(guessed);
      await handFile(asked);
      assert.deepEqual(fetched, [guessed, asked, guessed, asked], 'the worker asked again for bytes it was handed, and got none');
    },
    fetched,
  );
});

test("the worker's warm-up ranks its made-up section without an error, and a worker that warmed up answers as one that did not", async () => {
  // A warm-up that fails is silent in the browser (it returns 0 rows): here it must rank every query it makes.
  assert.ok((await warmUp()) >= 6, 'the warm-up ranked too few rows: its made-up section is broken');
  const { titles, json } = proseIndex();
  const { head, files } = shardIndex(json);
  await withFilesServed(files, async () => {
    const whole = await loadedSet(json);
    await whole.loadPages(titles.map((t) => t.i));
    const warm = new SearchWorker('search-index{dir}.json?_=1', true);
    await new Promise((done) => setTimeout(done, 20));
    await warm.fetchIndexes('/', '', bytesOf(JSON.stringify(head)), async (url) => (await fetch(new URL(url, 'http://docs.test'))).arrayBuffer());
    for (const query of ['state store', 'component', 'stat', 'pubsub topic']) {
      assert.deepEqual(await warm.searchRest('/', '', query, 8), await searchPages(whole, query, 8), query);
    }
  });
});

test('the head is fetched early only where the connection allows it', () => {
  assert.equal(mayPrefetch({}), true);
  assert.equal(mayPrefetch({ connection: { effectiveType: '4g' } }), true);
  assert.equal(mayPrefetch({ connection: { effectiveType: '3g' } }), true);
  assert.equal(mayPrefetch({ connection: { effectiveType: '2g' } }), false);
  assert.equal(mayPrefetch({ connection: { effectiveType: 'slow-2g' } }), false);
  assert.equal(mayPrefetch({ connection: { effectiveType: '4g', saveData: true } }), false);
});

type LunrHit = { ref: string; score: number; matchData: { metadata: Record<string, unknown> } };
