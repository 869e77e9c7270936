/**
 * The search worker's work (the search plugin's theme/worker.js exposes it, patches/): holds each context's index
 * set and answers queries in two steps, so the result list is drawn one round trip sooner. Ranking needs the head
 * and the term shards only; the text under a page's row (its best sections' headings and snippets) needs the page's
 * file. `search` answers as soon as the ranking is done, with those rows blank if the files are not in yet, and
 * `searchRest` answers once they are, with the rows complete: the same rows in the same order.
 */
import { searchPages } from './ranking';
import { fetchIndexSet, headPath, indexSetFromHead, type FetchText, type ShardedIndexSet } from './shards';
import type { EntryType, IndexDocument, IndexSet, SearchResult } from './types';

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

export class SearchWorker {
  /** Per context (base URL and context), its index set. */
  private readonly sets = new Map<string, Promise<ShardedIndexSet>>();
  /** Per context, the complete rows of its last query still waiting for page files. */
  private readonly rests = new Map<string, { input: string; limit: number; rows: Promise<SearchResult[]> }>();
  /** The page's fetch (prefetch.ts fetchTextOnce), lent with the head: shards it guessed are not fetched twice. */
  private fetchText?: FetchText;

  /** `searchIndexUrl`: the search plugin's index file name (its generated constants). */
  constructor(private readonly searchIndexUrl: string) {}

  /**
   * The page fetched the head while this script downloaded (`headText`), or chose not to (prefetch.ts: a connection
   * to spare), and the first query fetches it; `fetchText` fetches term shards from the page.
   */
  async fetchIndexes(baseUrl: string, searchContext: string, headText?: string, fetchText?: FetchText): Promise<void> {
    if (fetchText) this.fetchText = fetchText;
    const key = `${baseUrl}${searchContext}`;
    if (headText !== undefined && !this.sets.has(key)) {
      this.sets.set(key, Promise.resolve().then(() => indexSetFromHead(baseUrl, headPath(this.searchIndexUrl, searchContext), headText, this.fetchText)));
    }
    await this.sets.get(key);
  }

  private indexSet(baseUrl: string, searchContext: string): Promise<ShardedIndexSet> {
    const key = `${baseUrl}${searchContext}`;
    let set = this.sets.get(key);
    if (!set) {
      set = fetchIndexSet(baseUrl, headPath(this.searchIndexUrl, searchContext), this.fetchText);
      // A failed head is fetched again by the next query.
      set.catch(() => this.sets.delete(key));
      this.sets.set(key, set);
    }
    return set;
  }

  /** The query's rows as soon as they are ranked; `complete` false when `searchRest` is to be asked for their sections' text. */
  async search(baseUrl: string, searchContext: string, input: string, limit: number): Promise<FirstRows> {
    const key = `${baseUrl}${searchContext}`;
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
