/**
 * The search worker's work (the search plugin's theme/worker.js exposes it, patches/): holds each context's index
 * set and answers queries in two steps, so the result list is drawn one round trip sooner. Ranking needs the head
 * and the term shards only; the text under a page's row (its best sections' headings and snippets) needs the page's
 * file. `search` answers as soon as the ranking is done, with those rows blank if the files are not in yet, and
 * `searchRest` answers once they are, with the rows complete: the same rows in the same order.
 */
import { searchPages } from './ranking';
import { encodeSmall, encodeTerms, encodeTitles, fetchIndexSet, HEAD_VERSION, headPath, indexSetFromHead, loadIndexSet, pageFile, termShardFile, type FetchBytes, type PageFile, type SearchHead, type ShardedIndexSet, type TermShard } from './shards';
import { EntryType, type IndexDocument, type IndexSet, type SearchResult } from './types';

/** The rows of a query; `complete` false when the sections' text is still to come (`searchRest`). */
export type FirstRows = { rows: SearchResult[]; complete: boolean };

/**
 * What a section row shows until its page's file is in: no text, one no-break space so the row keeps its line. The
 * rows have a fixed height (the plugin's SearchBar.module.css), so nothing moves when the text comes.
 */
export const PENDING_TEXT = '\u00a0';

/**
 * The query's rows from the loaded shards, drawn before the shown pages' files are in: `rows` at once (a section's
 * text blank, PENDING_TEXT), and `rest`, the same query's complete rows once the files are in (the ranking run again,
 * every shard now loaded: the same pages and sections in the same order). No `rest` when every file was in already.
 */
export async function searchBeforePageFiles(
  set: ShardedIndexSet,
  input: string,
  limit: number,
): Promise<{ rows: SearchResult[]; rest?: Promise<SearchResult[]> }> {
  let pageFiles: Promise<void> = Promise.resolve();
  let pending = false;
  const early: IndexSet = {
    kinds: set.kinds,
    loadTerms: (terms) => set.loadTerms(terms),
    loadPages(pageIds) {
      pageFiles = set.loadPages(pageIds);
      // Awaited by `rest`; a failure there is the query's failure, not an unhandled rejection here.
      pageFiles.catch(() => undefined);
      return Promise.resolve();
    },
    entry(type: EntryType, id: number): IndexDocument {
      if (set.isLoaded(type, id)) return set.entry(type, id);
      pending = true;
      const standIn = set.kinds[type].byId.get(String(id));
      if (!standIn) throw new Error(`search: no entry ${type}/${id} in the index`);
      return { ...standIn, t: PENDING_TEXT };
    },
  };
  const rows = await searchPages(early, input, limit);
  if (!pending) return { rows };
  return { rows, rest: pageFiles.then(() => searchPages(set, input, limit)) };
}

/**
 * `fetchBytes` that answers from `fetched` (files the page had in, by URL) without asking: the page's answer comes
 * only when its main thread is free. Each file is read once (the index set keeps what it loads).
 */
export function withFetched(fetched: Record<string, ArrayBuffer>, fetchBytes: FetchBytes): FetchBytes {
  const known = new Map(Object.entries(fetched));
  return (url) => {
    const bytes = known.get(url);
    if (bytes === undefined) return fetchBytes(url);
    known.delete(url);
    return Promise.resolve(bytes);
  };
}

/**
 * A section of two pages, for `warmUp`: every kind of lookup a first query makes (exact, prefix, one letter off),
 * synonyms, a shard per two-letter start, page files with sections to show.
 */
function warmUpFiles(): { head: SearchHead; files: Map<string, TermShard | PageFile> } {
  const stamp = 'warm-up';
  const terms = ['compon', 'state', 'statestor', 'store'];
  const both = (1 << EntryType.Title) | (1 << EntryType.Content);
  const pages = { headings: [], paragraphs: [] };
  const head: SearchHead = {
    v: HEAD_VERSION,
    pipeline: ['stemmer'],
    terms: encodeTerms(terms),
    kinds: encodeSmall(terms.map(() => both)),
    stamp,
    titles: encodeTitles([
      { i: 1, t: 'State store component', u: '/a', b: ['Warm up'] },
      { i: 4, t: 'Component state', u: '/b', b: ['Warm up', 'Concepts'] },
    ]),
    entries: Object.values(EntryType).map((type) => (type === EntryType.Content ? { ids: encodeSmall([2, 1, 2]), pages: encodeSmall([2, 3, 2]) } : { ids: '', pages: '' })),
    pagesHash: stamp,
    phrases: {},
  };
  // Per term, per kind: [entry id difference, weight, …] (shards.ts TermShard).
  const postings: (number[] | 0)[][] = [
    [[1, 0.5, 3, 1], 0, 0, 0, [5, 0.4]],
    [[1, 1, 3, 0.8], 0, 0, 0, [2, 0.6, 1, 0.3]],
    [[1, 0.7], 0, 0, 0, [3, 0.5]],
    [[1, 0.6], 0, 0, 0, [2, 0.2]],
  ];
  const files = new Map<string, TermShard | PageFile>([
    [termShardFile('co'), { stamp, from: 0, postings: postings.slice(0, 1) }],
    [termShardFile('st'), { stamp, from: 1, postings: postings.slice(1) }],
    [pageFile(stamp, 1), { ...pages, paragraphs: [{ i: 2, t: 'A state store keeps state.', u: '/a', p: 1, s: 'State store component' }, { i: 3, t: 'Store it.', u: '/a', p: 1, s: 'State store component' }] }],
    [pageFile(stamp, 4), { ...pages, paragraphs: [{ i: 5, t: 'The component holds state.', u: '/b', p: 4, s: 'Component state' }] }],
  ]);
  return { head, files };
}

/**
 * Ranks a few queries over a made-up section of two pages (`warmUpFiles`), so the ranking's code is compiled before
 * the head arrives: the worker's script arrives with the head or before it and then waits for it, and a first query
 * in a fresh worker took 3-4 times as long as the next one (each function compiled on its first call). Resolves to the
 * number of rows ranked (none if anything failed: it never rejects).
 */
export async function warmUp(): Promise<number> {
  try {
    const { head, files } = warmUpFiles();
    const set = loadIndexSet(head, async (file) => files.get(file) ?? Promise.reject(new Error(`warm-up: no file ${file}`)));
    let rows = 0;
    for (const input of ['state', 'stat', 'statestore compnent']) {
      // A task per query: the page's head, arriving meanwhile, waits for one query at most.
      await new Promise((next) => setTimeout(next, 0));
      const first = await searchBeforePageFiles(set, input, 8);
      rows += (await first.rest)?.length ?? first.rows.length;
    }
    return rows;
  } catch {
    // A warm-up only: the reader's queries rank as they would without it.
    return 0;
  }
}

/** A query the page typed before the index was in, ranked as soon as it is (`SearchWorker.fetchIndexes`). */
export type TypedQuery = { input: string; limit: number };

export class SearchWorker {
  /** Per context (base URL and context), its index set. */
  private readonly sets = new Map<string, Promise<ShardedIndexSet>>();
  /** Per context, the complete rows of its last query still waiting for page files. */
  private readonly rests = new Map<string, { input: string; limit: number; rows: Promise<SearchResult[]> }>();
  /** Per context, the first rows of its last query asked for, kept for the search box asking for the same query again. */
  private readonly firsts = new Map<string, { input: string; limit: number; rows: Promise<FirstRows> }>();
  /** The page's fetch (prefetch.ts handFile), lent with the head: shards it guessed are not fetched twice. */
  private fetchBytes?: FetchBytes;

  /**
   * `searchIndexUrl`: the search plugin's index file name (its generated constants). `warm`: rank a made-up section
   * once, a task per query, while the head downloads (`warmUp`; the worker's script passes it).
   */
  constructor(
    private readonly searchIndexUrl: string,
    warm = false,
  ) {
    if (warm) void warmUp();
  }

  /**
   * The page fetched the head while this script downloaded (`head`, its bytes), or chose not to (prefetch.ts: a
   * connection to spare), and the first query fetches it; `fetchBytes` fetches term shards from the page, and
   * `fetched` holds the ones it has in already (prefetch.ts `handFetchedFiles`: the typed words' shards), read from
   * here rather than asked for again. `typed`, the query typed while they downloaded, is ranked at once. Answers
   * before the index set is built (in a task of its own): the page sets up its search box meanwhile, on its own
   * thread (it waits for this answer, so the set-up cannot hold up the head on its way here), and the search box's
   * query finds the rows ranked or being ranked (`search`); a head that fails to load fails that query.
   */
  async fetchIndexes(baseUrl: string, searchContext: string, head?: ArrayBuffer, fetchBytes?: FetchBytes, typed?: TypedQuery, fetched?: Record<string, ArrayBuffer>): Promise<void> {
    if (fetchBytes) this.fetchBytes = withFetched(fetched ?? {}, fetchBytes);
    const key = `${baseUrl}${searchContext}`;
    if (head !== undefined && !this.sets.has(key)) {
      // In a task of its own, after this call's answer is posted (a promise callback would run before it).
      const set = new Promise<void>((start) => setTimeout(start, 0)).then(() => indexSetFromHead(baseUrl, headPath(this.searchIndexUrl, searchContext), head, this.fetchBytes));
      set.catch(() => this.sets.delete(key));
      this.sets.set(key, set);
    }
    if (typed?.input) this.search(baseUrl, searchContext, typed.input, typed.limit).catch(() => undefined);
  }

  private indexSet(baseUrl: string, searchContext: string): Promise<ShardedIndexSet> {
    const key = `${baseUrl}${searchContext}`;
    let set = this.sets.get(key);
    if (!set) {
      set = fetchIndexSet(baseUrl, headPath(this.searchIndexUrl, searchContext), this.fetchBytes);
      // A failed head is fetched again by the next query.
      set.catch(() => this.sets.delete(key));
      this.sets.set(key, set);
    }
    return set;
  }

  /**
   * The query's rows as soon as they are ranked; `complete` false when `searchRest` is to be asked for their sections'
   * text. The same query asked for again (the search box asks once as it opens and once as it takes the focus back;
   * `fetchIndexes` ranked it already) gets the same answer, ranked once: complete once its page files are in.
   */
  async search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<FirstRows> {
    const key = `${baseUrl}${searchContext}`;
    const last = this.firsts.get(key);
    if (last?.input === input && last.limit === limit) return last.rows;
    const entry = { input, limit, rows: this.rank(key, baseUrl, searchContext, input, limit) };
    this.firsts.set(key, entry);
    entry.rows.then(
      ({ complete }) => {
        const rest = this.rests.get(key);
        if (complete || rest?.input !== input || rest.limit !== limit) return;
        rest.rows.then(
          (rows) => {
            entry.rows = Promise.resolve({ rows, complete: true });
          },
          () => this.firsts.get(key) === entry && this.firsts.delete(key),
        );
      },
      // A failed query is ranked again when asked again.
      () => this.firsts.get(key) === entry && this.firsts.delete(key),
    );
    return entry.rows;
  }

  private async rank(key: string, baseUrl: string, searchContext: string, input: string, limit: number): Promise<FirstRows> {
    const { rows, rest } = await searchBeforePageFiles(await this.indexSet(baseUrl, searchContext), input, limit);
    if (!rest) return { rows, complete: true };
    this.rests.set(key, { input, limit, rows: rest });
    return { rows, complete: false };
  }

  /** The complete rows of a query `search` answered with `complete` false. */
  async searchRest(baseUrl: string, searchContext: string, input: string, limit: number): Promise<SearchResult[]> {
    const key = `${baseUrl}${searchContext}`;
    const rest = this.rests.get(key);
    if (rest?.input === input && rest.limit === limit) return rest.rows;
    return searchPages(await this.indexSet(baseUrl, searchContext), input, limit);
  }
}
