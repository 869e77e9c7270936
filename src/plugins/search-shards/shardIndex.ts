// The build half of src/search/shards.ts: one search context's index, as the search plugin writes it (per kind of
// entry, its documents and its lunr index), cut into the head and the files the worker fetches as queries need them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hasPhrase, synonymPhrases } from '../../search/ranking';
import { decodeTitles, encodeSmall, encodeTerms, encodeTitles, HEAD_VERSION, headTerms, loadIndexSet, pageFile, shardKey, SHARD_FOLDER, termShardFile, TERMS_PREFIX, type PageFile, type SearchHead, type TermShard } from '../../search/shards';
import { EntryType, type IndexDocument, type IndexSet } from '../../search/types';

/** lunr 2's serialized index, as the search plugin writes it (without term positions: patches/, buildIndex.js). */
export interface SerializedLunrIndex {
  version: string;
  fields: string[];
  fieldVectors: [string, number[]][];
  invertedIndex: [string, { _index: number } & Record<string, Record<string, unknown>>][];
  pipeline: string[];
}

/** The search plugin's index file: one entry per kind (EntryType order). */
export type PluginIndex = { documents: IndexDocument[]; index: SerializedLunrIndex }[];

/** A short hash of `content`, for file names. */
const hashOf = (content: string): string => createHash('sha256').update(content).digest('hex').slice(0, 12);

/** Differences from the previous number (the first from 0). */
const toGaps = (numbers: number[]): number[] => numbers.map((n, k) => n - (k ? numbers[k - 1] : 0));

/** What lunr's field vector holds, to two decimals: the weight the ranking has always read (the 2-decimal rounding halves the weights' share of the index). */
const roundWeight = (weight: number): number => Math.round(weight * 100) / 100;

/** The head and the other files of one context's index, by file name. */
export function shardIndex(json: PluginIndex): { head: SearchHead; files: Map<string, string> } {
  if (!Array.isArray(json) || json.length !== Object.keys(EntryType).length) {
    throw new Error(`search-shards: expected the search plugin's index (one part per entry kind, ${Object.keys(EntryType).length}), got ${Array.isArray(json) ? `${json.length} parts` : typeof json}`);
  }
  const pipeline = json[0].index.pipeline;
  const files = new Map<string, string>();
  // Per kind: term → [ascending entry ids, their weights].
  const postings = json.map(({ index }, type) => {
    if (JSON.stringify(index.pipeline) !== JSON.stringify(pipeline)) throw new Error(`search-shards: kind ${type} has another search pipeline`);
    if (index.fields.length !== 1 || index.fields[0] !== 't') throw new Error(`search-shards: kind ${type} indexes fields ${index.fields.join(', ')}, expected t`);
    const termOf = new Map(index.invertedIndex.map(([term, posting]) => [posting._index, term]));
    const weights = new Map<string, number>();
    for (const [fieldRef, elements] of index.fieldVectors) {
      const ref = fieldRef.slice(fieldRef.indexOf('/') + 1);
      for (let k = 0; k < elements.length; k += 2) weights.set(`${termOf.get(elements[k])}\u0000${ref}`, roundWeight(elements[k + 1]));
    }
    const byTerm = new Map<string, [number[], number[]]>();
    for (const [term, posting] of index.invertedIndex) {
      // lunr's posting order (its object's keys: integer ids, ascending).
      const refs = Object.keys(posting.t).map(Number).sort((a, b) => a - b);
      byTerm.set(term, [refs, refs.map((ref) => weights.get(`${term}\u0000${ref}`) ?? 0)]);
    }
    return byTerm;
  });
  const terms = Array.from(new Set(postings.flatMap((byTerm) => Array.from(byTerm.keys())))).sort();
  const kinds = terms.map((term) => postings.reduce((mask, byTerm, type) => (byTerm.has(term) ? mask | (1 << type) : mask), 0));
  // One shard per two-character start of its terms (shardKey): sorted terms that start alike are neighbours.
  const termShards: [number, string][] = [];
  const shardBodies: Omit<TermShard, 'stamp'>[] = [];
  terms.forEach((term, k) => {
    const record = postings.map((byTerm) => {
      const posting = byTerm.get(term);
      if (!posting) return 0;
      const [refs, weights] = posting;
      return toGaps(refs).flatMap((gap, j) => [gap, weights[j]]);
    });
    const key = shardKey(term);
    if (termShards.at(-1)?.[1] !== key) {
      termShards.push([k, key]);
      shardBodies.push({ from: k, postings: [] });
    }
    shardBodies[shardBodies.length - 1].postings.push(record);
  });

  const titles = json[EntryType.Title].documents;
  const entries = json.map(({ documents }, type) =>
    type === EntryType.Title ? { ids: '', pages: '' } : { ids: encodeSmall(toGaps(documents.map((d) => d.i))), pages: encodeSmall(documents.map((d) => (d.p === undefined ? 0 : d.i - d.p + 1))) },
  );
  const byPage = new Map<number, PageFile>();
  for (const [key, type] of [['headings', EntryType.Heading], ['paragraphs', EntryType.Content]] as const) {
    for (const doc of json[type].documents) {
      if (doc.p === undefined) continue;
      let file = byPage.get(doc.p);
      if (!file) byPage.set(doc.p, (file = { headings: [], paragraphs: [] }));
      file[key].push(doc);
    }
  }
  const pages = Array.from(byPage, ([page, file]) => [page, JSON.stringify(file)] as const).sort((a, b) => a[0] - b[0]);
  const pagesHash = hashOf(pages.map(([page, content]) => `${page}\u0000${content}`).join('\u0000'));
  for (const [page, content] of pages) files.set(pageFile(pagesHash, page), content);
  const phrases: SearchHead['phrases'] = {};
  for (const phrase of synonymPhrases()) {
    phrases[phrase.join(' ')] = json.map(({ documents }) =>
      encodeSmall(
        toGaps(
          documents
            .filter((doc) => hasPhrase(doc.t, phrase))
            .map((doc) => doc.i)
            .sort((a, b) => a - b),
        ),
      ),
    );
  }
  const unstamped = { v: HEAD_VERSION, pipeline, terms: encodeTerms(terms), kinds: encodeSmall(kinds), titles: encodeTitles(titles), entries, pagesHash, phrases };
  // …and the titles from their columns: a path with a line break, a field other than id, text, path and breadcrumb,
  // would not.
  if (JSON.stringify(decodeTitles(unstamped.titles)) !== JSON.stringify(titles)) {
    throw new Error('search-shards: the head\'s titles do not read back as they were (a path with a line break, or a title field the head does not hold?)');
  }
  // The worker reads the terms, their kinds and the shards back from the head's short forms: they must read as written.
  const read = headTerms(unstamped);
  if (JSON.stringify([read.terms, read.kinds, read.termShards]) !== JSON.stringify([terms, kinds, termShards])) {
    throw new Error('search-shards: the head does not read back to its terms, kinds and shards (a term with a line break, or two shards with one key?)');
  }
  const bodies = shardBodies.map((body) => JSON.stringify(body));
  const stamp = hashOf([JSON.stringify(unstamped), ...bodies].join('\u0000'));
  const head: SearchHead = { ...unstamped, stamp };
  termShards.forEach(([, key], k) => files.set(termShardFile(key), JSON.stringify({ stamp, ...shardBodies[k] } satisfies TermShard)));
  return { head, files };
}

/** The index set the worker would hold for the search plugin's index `json`, its files read from memory. */
export function indexSetOf(json: PluginIndex): IndexSet {
  const { head, files } = shardIndex(json);
  return loadIndexSet(JSON.parse(JSON.stringify(head)) as SearchHead, async (file) => JSON.parse(files.get(file) ?? 'null'));
}

/** Where a context's file (`shardIndex`'s name for it) is written, under the build folder: term shards beside the head (`termShardPath`), page files in SHARD_FOLDER. */
export const builtFilePath = (headName: string, file: string): string =>
  file.startsWith(TERMS_PREFIX) ? path.join(headName.replace(/\.json$/, ''), file.slice(TERMS_PREFIX.length)) : path.join(SHARD_FOLDER, file);

/** A built site's index set for the head file `headName` (e.g. search-index-catalyst.json) in `outDir`, loaded as the worker loads it. */
export function readIndexSet(outDir: string, headName: string): IndexSet {
  const read = (file: string) => JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as unknown;
  return loadIndexSet(read(headName) as SearchHead, async (file) => read(builtFilePath(headName, file)));
}
