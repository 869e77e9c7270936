import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { identifierParts, isVersion, queryVariants } from '../../src/search/identifiers';
import { highlight, termPattern } from '../../src/search/highlight';
import { groupByPage } from '../../src/search/groupByPage';
import { isFunctionWord, pageScore, queryWords, searchPages, synonymVariants } from '../../src/search/ranking';
import { indexSetOf } from '../../src/plugins/search-shards/shardIndex';
import type { IndexDocument } from '../../src/search/types';

const require = createRequire(import.meta.url);
const plugin = path.dirname(require.resolve('@easyops-cn/docusaurus-search-local/package.json'));
const { buildIndex } = require(path.join(plugin, 'dist/server/server/utils/buildIndex.js'));

test('identifiers split into their words at punctuation and case changes', () => {
  assert.deepEqual(identifierParts('publishBulk'), ['publish', 'bulk']);
  assert.deepEqual(identifierParts('DAPR_HTTP_ENDPOINT'), ['dapr', 'http', 'endpoint']);
  assert.deepEqual(identifierParts('imagePullSecrets'), ['image', 'pull', 'secrets']);
  assert.deepEqual(identifierParts('HTTPEndpoint'), ['http', 'endpoint']);
  assert.deepEqual(identifierParts('Grpc.Core.RpcException'), ['grpc', 'core', 'rpc', 'exception']);
  assert.deepEqual(identifierParts('kafka@SASL'), ['kafka', 'sasl']);
  assert.deepEqual(identifierParts('dapr.io/app'), ['dapr', 'io', 'app']);
  assert.deepEqual(identifierParts('v1alpha1'), ['v1alpha1']);
  assert.deepEqual(identifierParts('"data"'), ['data']);
  assert.deepEqual(identifierParts('???'), []);
});

test('query variants: identifiers split, and neighbours joined only into words the index knows', () => {
  assert.deepEqual(queryVariants('how to use publishBulk'), [{ units: [['how'], ['to'], ['use'], ['publish'], ['bulk']], rewritten: ['publishbulk'] }]);
  assert.deepEqual(queryVariants('plain words only'), []);
  const known = new Set(['pubsub', 'imagepullsecrets']);
  assert.deepEqual(queryVariants('pub sub topics', (w) => known.has(w)), [{ units: [['pubsub'], ['topics']], rewritten: ['pub', 'sub'] }]);
  assert.deepEqual(queryVariants('set image pull secrets', (w) => known.has(w)), [{ units: [['set'], ['imagepullsecrets']], rewritten: ['image', 'pull', 'secrets'] }]);
});

test('the highlighter marks whole words and typed beginnings, never a letter inside a word', () => {
  assert.equal(highlight('Retry a failed workflow', ['retry', 'a', 'failed', 'workflow']), '<mark>Retry</mark> a <mark>failed</mark> <mark>workflow</mark>');
  assert.equal(highlight('Dapr and a data plane', ['a']), 'Dapr and a data plane');
  assert.equal(highlight('Retrying workflows', ['retry', 'workflow']), '<mark>Retrying</mark> <mark>workflows</mark>');
  assert.equal(highlight('Workflow Composer', ['wor']), '<mark>Wor</mark>kflow Composer');
  assert.equal(highlight('Overflow', ['flow']), 'Overflow');
  assert.equal(highlight('state.redis component', ['state.redis']), '<mark>state</mark>.<mark>redis</mark> component');
  assert.equal(highlight('<b> & "x"', ['b']), '&lt;b&gt; &amp; &quot;x&quot;');
  assert.equal(highlight('no match', ['zz'], true), '<mark>no match</mark>');
  assert.equal(highlight('a', ['a'], true), 'a');
  assert.equal(termPattern(['a', 'i']), null);
  // Hostile input is text, not a pattern.
  assert.equal(highlight('a (b) [c] .* text', ['.*', '(b)', '[c']), 'a (b) [c] .* text');
});

test('/search groups each page with the sections listed under it', () => {
  const rows = [{ id: 1 }, { id: 2, isInterOfTree: true }, { id: 3, isLastOfTree: true }, { id: 4 }];
  assert.deepEqual(groupByPage(rows).map(({ head, sections }) => [head.id, sections.map((s) => s.id)]), [[1, [2, 3]], [4, []]]);
});

// A small site: three pages, each a title with a paragraph.
function site(pages: { u: string; t: string; body: string }[]) {
  const titles: IndexDocument[] = [];
  const contents: IndexDocument[] = [];
  let id = 0;
  for (const page of pages) {
    const title = { i: (id += 1), t: page.t, u: page.u, b: ['Docs'] };
    titles.push(title);
    contents.push({ i: (id += 1), t: page.body, s: page.t, u: page.u, p: title.i });
  }
  const options = { language: ['en'], removeDefaultStopWordFilter: ['en'], removeDefaultStemmer: false };
  return indexSetOf(JSON.parse(JSON.stringify(buildIndex([titles, [], [], [], contents], options))));
}

const pagesOf = (results: Awaited<ReturnType<typeof searchPages>>) => results.filter((r) => !r.isInterOfTree && !r.isLastOfTree).map((r) => r.document.u);

test('every way of writing a name finds the page that explains it', async () => {
  const indexes = site([
    { u: '/bulk', t: 'Bulk publish', body: 'Publish many messages to a topic in one bulk request.' },
    { u: '/env', t: 'Connect from SDKs', body: 'Set the HTTP endpoint of the runtime with the environment variable DAPR_HTTP_ENDPOINT.' },
    { u: '/images', t: 'Private registries', body: 'Give the chart your imagePullSecrets to pull images from a private registry.' },
    { u: '/other', t: 'Workflows', body: 'A workflow runs activities and can publish events when it completes.' },
  ]);
  for (const [query, page] of [
    ['publishBulk', '/bulk'],
    ['bulk publish', '/bulk'],
    ['DAPR_HTTP_ENDPOINT', '/env'],
    ['dapr http endpoint', '/env'],
    ['image pull secrets', '/images'],
    ['imagePullSecrets', '/images'],
    ['how to use imagePullSecrets with a private registry', '/images'],
  ]) {
    assert.equal(pagesOf(await searchPages(indexes, query, 8))[0], page, query);
  }
});

test('pasted punctuation is trimmed from the reader\'s words as the index trims its own', async () => {
  assert.deepEqual(queryWords('ERR_DIRECT_INVOKE: fail to invoke: (Connection refused) "retryable" request?'), [
    'err_direct_invoke', 'fail', 'to', 'invoke', 'connection', 'refused', 'retryable', 'request',
  ]);
  assert.deepEqual(queryWords('state.redis dapr.io/app-id :: ?'), ['state.redis', 'dapr.io/app', 'id']);
  const indexes = site([
    { u: '/errors', t: 'Service invocation', body: 'The runtime returns ERR_DIRECT_INVOKE when the app channel is not initialized.' },
    { u: '/other', t: 'State', body: 'Save and get state from a store; the app reads values back.' },
  ]);
  assert.equal(pagesOf(await searchPages(indexes, 'ERR_DIRECT_INVOKE: app channel not initialized?', 8))[0], '/errors');
});

test('hostile or empty input gives results or none, and never throws', async () => {
  const indexes = site([{ u: '/a', t: 'Alpha', body: 'Some text about state stores.' }]);
  for (const query of ['', '   ', '*', '~1', '+-:^', '<script>alert(1)</script>', '"state', 'constructor', '__proto__', 'a'.repeat(500), '\u0000\uffff']) {
    assert.ok(Array.isArray(await searchPages(indexes, query, 8)), query);
  }
  assert.deepEqual(await searchPages(indexes, '', 8), []);
});

test('a possessive is read as its word: "PubSub\'s" is pubsub', () => {
  assert.deepEqual(queryWords("PubSub's DeadLetter Topic app’s"), ['pubsub', 'deadletter', 'topic', 'app']);
  assert.deepEqual(queryVariants("PubSub's DeadLetter")[0].units, [['pub'], ['sub'], ['dead'], ['letter']]);
  // Only a possessive ending: "s" and "'s'" alone stay words, and a quote inside a word stays.
  assert.deepEqual(queryWords("don't 's"), ["don't", 's']);
});

test('a component page is named by its name inside a longer question', async () => {
  const indexes = site([
    { u: '/catalyst/references/components-reference/conversation/ollama', t: 'Ollama (conversation)', body: 'Run models locally with Ollama.' },
    { u: '/guide', t: 'Model providers', body: 'Providers run models in the cloud; Ollama runs them locally.' },
    { u: '/other', t: 'Install', body: 'Install the CLI first, then run it.' },
  ]);
  // Without the rule the reference page steps back as for a topic query, and the guide comes first.
  assert.equal(pagesOf(await searchPages(indexes, 'how do I run models locally with Ollama', 8))[0], '/catalyst/references/components-reference/conversation/ollama');
});

test('a word no page holds does not dilute what the title and words found together add', () => {
  // Two pages for "app token": one names both words in its title, the other matches them better in its text.
  const titled = { weighted: 4, covered: 2, named: 2, together: 2 };
  const texted = { weighted: 9, covered: 2, named: 0, together: 2 };
  const ratio = (total: number, found: number) => pageScore({ ...titled, total, found }) / pageScore({ ...texted, total, found });
  // Three more words that no page holds (rarity 6 in all) leave the two pages as they were without them.
  assert.ok(Math.abs(ratio(2, 2) - ratio(8, 2)) < 1e-12);
  assert.ok(ratio(8, 2) > 1);
});

test('words that frame a question count little, the -ing forms of have, do and be among them', () => {
  for (const word of ['how', 'the', 'have', 'having', 'doing', 'being', 'works', 'working', 'needs', "can't"]) assert.ok(isFunctionWord(word), word);
  // "getting" names the Getting started category.
  for (const word of ['namespace', 'rights', 'helm', 'sidecar', 'install', 'retries', 'workflows', 'getting']) assert.ok(!isFunctionWord(word), word);
});

test('words that frame a request about the pages themselves count little: find, docs, clarify, around', async () => {
  // Readers ask the docs: "can't find how to check …", "clarify documentation around dapr-api-token", "add docs for …".
  for (const word of ['find', 'docs', 'documentation', 'document', 'clarify', 'mention', 'around', 'regarding']) assert.ok(isFunctionWord(word), word);
  const indexes = site([
    { u: '/token', t: 'App IDs', body: 'Send the dapr-api-token header with every call; the token identifies the app.' },
    { u: '/docs', t: 'Documentation conventions', body: 'Find what the documentation says around each page: clarify terms, find the docs you need and find the API reference.' },
    { u: '/other', t: 'State', body: 'Save and read state in a store.' },
  ]);
  // Counted as subject words, "find", "documentation" and "around" make the page about the docs the answer.
  assert.equal(pagesOf(await searchPages(indexes, "Can't find documentation around dapr-api-token", 8))[0], '/token');
});

test('every known word of a query gets its synonyms read, not only the first group\'s', () => {
  // "install" alone has four synonyms and "dapr runtime" two: the offline reading must still be among the few kept.
  const variants = synonymVariants(['how', 'to', 'install', 'dapr', 'runtime', 'offline']).map((v) => v.map((unit) => unit.join(' ')).join(' '));
  assert.ok(variants.some((v) => v.endsWith('runtime air gapped')), variants.join('\n'));
  assert.ok(variants.some((v) => v.includes('onboard dapr runtime')), variants.join('\n'));
  assert.ok(variants.some((v) => v.includes('install sidecar')), variants.join('\n'));
  assert.equal(new Set(variants).size, variants.length);
});

test('a pasted release number counts little and stays one word', async () => {
  assert.deepEqual(identifierParts('1.12.0'), ['1.12.0']);
  assert.ok(isVersion('v1.17') && isVersion('1.16.x') && isVersion('1.11.2,'));
  assert.ok(!isVersion('v1alpha1') && !isVersion('http2') && !isVersion('1') && !isVersion('state.redis'));
  const indexes = site([
    { u: '/upgrade', t: 'Upgrade Dapr', body: 'Move the cluster one minor version up or down; to downgrade, pick the older version.' },
    { u: '/versions', t: 'Supported versions', body: 'The runtime supports Dapr 1.11.2 and 1.12.0 and the SDKs that go with them.' },
    { u: '/other', t: 'State', body: 'Save and get state from a store.' },
  ]);
  // Counted as subject words, the two numbers make the page that lists versions the answer to a question about downgrading.
  assert.equal(pagesOf(await searchPages(indexes, 'Dapr downgrade from 1.12.0 to 1.11.2 does not work', 8))[0], '/upgrade');
});

test('a contraction is one word of prose, and a negated one frames a report', async () => {
  assert.deepEqual(identifierParts("didn't"), ["didn't"]);
  assert.deepEqual(queryVariants("why didn't it send"), []);
  for (const word of ["didn't", "won't", "wasn't", "shouldn't", "isn't"]) assert.ok(isFunctionWord(word), word);
  const indexes = site([
    { u: '/health', t: 'Health checks', body: 'The sidecar probes the endpoint.' },
    { u: '/faq', t: "Why it didn't start", body: "It didn't start: pass the t flag." },
    { u: '/state', t: 'State', body: 'Save and get state from a store.' },
    { u: '/jobs', t: 'Jobs', body: 'Schedule jobs.' },
  ]);
  // Counted as a subject word, "didn't" makes the page whose title says it the answer to a question about probes.
  assert.equal(pagesOf(await searchPages(indexes, "why didn't the health probe start?", 8))[0], '/health');
});

test('hedges that narrow a question to the reader\'s case count little: particular, specific, certain, necessary', async () => {
  for (const word of ['particular', 'specific', 'certain', 'necessary']) assert.ok(isFunctionWord(word), word);
  const indexes = site([
    { u: '/retries', t: 'Resiliency', body: 'Pending retries are gone when an instance crashes.' },
    { u: '/scopes', t: 'Particular and specific scopes', body: 'Scope a component to particular apps or a specific namespace or a particular instance.' },
    { u: '/state', t: 'State', body: 'Save and get state from a store.' },
    { u: '/jobs', t: 'Jobs', body: 'Schedule jobs.' },
    { u: '/policies', t: 'Retries', body: 'Configure retries in a policy.' },
  ]);
  // Counted as subject words, "particular" and "specific" make the page about scoping the answer.
  assert.equal(pagesOf(await searchPages(indexes, 'will the retries of that particular specific instance be lost?', 8))[0], '/retries');
});
