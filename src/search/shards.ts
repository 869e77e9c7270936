/**
 * The search index as the browser fetches it: what one query needs, not a section's whole index. Per search context
 * the build (src/plugins/search-shards) writes a small head in place of the search plugin's index file, beside it a
 * folder of term shards (each term's entries and weights), one per two-character start of the terms it holds
 * (prefetch.ts: so the page can name a typed word's shard before it has the head), and under content-hashed names
 * the page files (the text of a page's headings and paragraphs). The page fetches the head and the typed words'
 * shards when the reader reaches for the search box and types (prefetch.ts) and hands them to the worker, which
 * fetches any other shard a query looks up before it ranks, and the files of the pages whose sections it shows. The
 * ranking reads the same numbers lunr would (src/search/ranking.ts), so the results are those of the whole index.
 */
import lunr from 'lunr';
import { fetchSameOrigin, shardFileName, shardKey, termShardPath } from './prefetch';
import { EntryType, type IndexDocument, type IndexSet, type Posting, type TermIndex, type WrappedIndex } from './types';

// The lunr-free half, for the main thread; re-exported for the worker and the tests.
export { headPath, mayPrefetch, shardKey } from './prefetch';

/** Where the page files are, under the site's base URL: their names carry their content's hash, and hosts cache assets/ for good. */
export const SHARD_FOLDER = 'assets/search-index';

/** What the head's format is; a worker reading another one fails loudly rather than ranking from misread numbers. */
export const HEAD_VERSION = 5;

/** How a term shard is named among a context's files (`shardIndex`'s map, `loadIndexSet`'s fetches): `terms/<file name>`. */
export const TERMS_PREFIX = 'terms/';
export const termShardFile = (key: string): string => `${TERMS_PREFIX}${shardFileName(key)}`;

/** A search context's head: everything ranking reads for every query, and where the rest is. */
export interface SearchHead {
  v: number;
  /** The index's search pipeline (lunr's serialized form). */
  pipeline: string[];
  /**
   * Every index term of the context, sorted as lunr sorts them, front-coded (`encodeTerms`): the largest part of the
   * head, and the last of the search's files to arrive, so its bytes are the first rows' wait.
   */
  terms: string;
  /** Per term, one character: its code less CODE_BASE has bit k set when kind k's index (EntryType) holds the term. */
  kinds: string;
  /*
   * No list of term shards: each is the run of terms sharing a `shardKey`, found from the terms (`headTerms`).
   */
  /**
   * A hash of the whole index (head and shards): each term shard carries it, so a shard from another build (a host
   * caught mid-deploy) is refused, not read against this head's term positions.
   */
  stamp: string;
  /** The title entries in full, in index order, a column per field (`encodeTitles`). */
  titles: HeadTitles;
  /**
   * Per kind other than titles (index 0 is empty): its entries' ids, each as its difference from the one before, and
   * each entry's page id as its distance back from the entry's id plus one (0 for none), each column `encodeSmall`ed.
   */
  entries: { ids: string; pages: string }[];
  /**
   * A hash of every page file's content, in their names (`pageFile`): one hash in the head rather than one per page
   * (at ten times the pages, per-page hashes were a third of the head); a change to any page renames them all.
   */
  pagesHash: string;
  /** Per phrase of a multi-word synonym, per kind: the ids (ascending, as differences, `encodeSmall`ed) of the entries holding it. */
  phrases: Record<string, string[]>;
}

/**
 * A term shard: the head's stamp, where its terms start in the head's list, and for each term, per kind, [id
 * difference, weight, id difference, weight, …], or 0 if the kind lacks the term.
 */
export type TermShard = { stamp: string; from: number; postings: (number[] | 0)[][] };

/** A page file: the page's headings and paragraphs, the only entries shown under a page. */
export type PageFile = { headings: IndexDocument[]; paragraphs: IndexDocument[] };

/** The name of the file of the page whose title has id `pageId`: only pages with headings or paragraphs have one. */
export const pageFile = (pagesHash: string, pageId: number): string => `page-${pagesHash}-${pageId}.json`;

/**
 * Where the head's numbers as characters start (`encodeSmall`, `encodeTerms`): '0', above the line breaks, the other
 * control characters and the quote. JSON escapes one character above it, the backslash (the number 44): a byte more.
 */
const CODE_BASE = 48;

/**
 * Sorted terms as one string, a line each: a character whose code less CODE_BASE is how many characters the term
 * shares with the one before it, then the rest of the term. Neighbouring terms share most of their start ("state",
 * "statestor", "statement"): 2 KB less of a section's head, gzipped, than the plain list. No term holds a line break
 * (lunr splits words at white space); the build checks that each list reads back as it was.
 */
export function encodeTerms(terms: string[]): string {
  return terms
    .map((term, k) => {
      const before = k ? terms[k - 1] : '';
      let shared = 0;
      while (shared < term.length && term[shared] === before[shared]) shared += 1;
      return String.fromCharCode(CODE_BASE + shared) + term.slice(shared);
    })
    .join('\n');
}

/** The terms `encodeTerms` wrote. */
export function decodeTerms(text: string): string[] {
  const terms: string[] = [];
  if (!text) return terms;
  let before = '';
  for (const line of text.split('\n')) {
    before = before.slice(0, line.charCodeAt(0) - CODE_BASE) + line.slice(1);
    terms.push(before);
  }
  return terms;
}

/**
 * The title entries as the head holds them: a column per field rather than an object per page. Their ids as
 * differences, their paths front-coded as the terms are (`encodeTerms`: a section's paths share most of their start),
 * their texts (a title without a path has an empty one), and their breadcrumbs as a list of the distinct ones (a
 * category's pages share one) and, per title, its position in that list (`encodeSmall`), or the list's length for a
 * title without one. gzip finds repeats within 32 KB only, and as objects each page's fields lay between other pages'
 * fields: at ten times the pages, Catalyst's titles were 47 KB of its 66 KB head gzipped, and are 9 KB this way (4.8
 * → 4.0 KB at today's size).
 */
export interface HeadTitles {
  ids: string;
  t: string[];
  u: string;
  b: string[][];
  bi: string;
}

/** `titles` as the head holds them (`HeadTitles`); the build checks that they read back as they were (`decodeTitles`). */
export function encodeTitles(titles: IndexDocument[]): HeadTitles {
  const breadcrumbs = new Map<string, number>();
  const b: string[][] = [];
  const positions = titles.map((title) => {
    if (!title.b) return -1;
    const key = JSON.stringify(title.b);
    let k = breadcrumbs.get(key);
    if (k === undefined) {
      breadcrumbs.set(key, (k = b.length));
      b.push(title.b);
    }
    return k;
  });
  return {
    ids: encodeSmall(titles.map((title, k) => title.i - (k ? titles[k - 1].i : 0))),
    t: titles.map((title) => title.t),
    u: encodeTerms(titles.map((title) => title.u ?? '')),
    b,
    bi: encodeSmall(positions.map((k) => (k < 0 ? b.length : k))),
  };
}

/** The title entries `encodeTitles` wrote. */
export function decodeTitles(titles: HeadTitles): IndexDocument[] {
  const ids = decodeSmall(titles.ids, true);
  const urls = decodeTerms(titles.u);
  const positions = decodeSmall(titles.bi);
  return ids.map((i, k) => {
    // A title without a path (the tests' made-up ones; a page always has one) has an empty one in the column.
    const title: IndexDocument = urls[k] ? { i, t: titles.t[k], u: urls[k] } : ({ i, t: titles.t[k] } as IndexDocument);
    const b = titles.b[positions[k]];
    if (b) title.b = b;
    return title;
  });
}

/** Where `encodeSmall` starts writing a number in two characters: numbers from here on take two. */
const TWO_CHARACTERS = 1 << 15;

/**
 * Whole numbers from 0 as characters, and back: below 32,768 one character each (its code less CODE_BASE), from there
 * two (the first, TWO_CHARACTERS and above, holds the number's high bits and says a second follows with the low 15).
 * In JSON a column of small numbers this way is a third of its size as an array (no digits, no commas), and reads as
 * one string instead of an array of thousands: at ten times the pages the head's id columns were 122 of its 312 KB.
 * No character written is a line break, a quote or a surrogate (for numbers below 2^29 the first of two stays below
 * 55,296); a number outside that range stops the build.
 */
export const encodeSmall = (numbers: number[]): string => {
  let text = '';
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** 29) throw new Error(`search: ${n} is not a whole number from 0 below 2^29`);
    text += n < TWO_CHARACTERS ? String.fromCharCode(CODE_BASE + n) : String.fromCharCode(CODE_BASE + TWO_CHARACTERS + (n >> 15), CODE_BASE + (n & (TWO_CHARACTERS - 1)));
  }
  return text;
};
/** The numbers `encodeSmall` wrote; `added`, each added to the ones before it (a column of differences: ascending ids). */
export const decodeSmall = (text: string, added = false): number[] => {
  // One pass over the code units into an array of the right size at most: at ten times the pages a first query reads
  // some 60,000 of them, before the worker's code is optimized.
  const numbers = new Array<number>(text.length);
  let count = 0;
  let sum = 0;
  for (let k = 0; k < text.length; k += 1) {
    const code = text.charCodeAt(k) - CODE_BASE;
    const n = code < TWO_CHARACTERS ? code : ((code - TWO_CHARACTERS) << 15) | (text.charCodeAt((k += 1)) - CODE_BASE);
    numbers[count++] = added ? (sum += n) : n;
  }
  numbers.length = count;
  return numbers;
};

/** What the head tells of its terms, read: the sorted terms, each term's kinds (bit per EntryType), and the term shards in term order (the position of each one's first term, and its key). */
export interface HeadTerms {
  terms: string[];
  kinds: number[];
  termShards: [number, string][];
}

/** The head's terms read (`encodeTerms`), with their kinds and their shards: each shard is the run of terms sharing a `shardKey`. */
export function headTerms(head: Pick<SearchHead, 'terms' | 'kinds'>): HeadTerms {
  const terms = decodeTerms(head.terms);
  const kinds = decodeSmall(head.kinds);
  if (kinds.length !== terms.length) throw new Error(`search: the index head lists ${terms.length} terms and ${kinds.length} kinds: rebuild the site`);
  const termShards: [number, string][] = [];
  terms.forEach((term, k) => {
    const key = shardKey(term);
    if (termShards.at(-1)?.[1] !== key) termShards.push([k, key]);
  });
  return { terms, kinds, termShards };
}

/** The kinds a page file holds: the entries a result row shows under its page. */
const SHOWN_KINDS: Record<'headings' | 'paragraphs', EntryType> = { headings: EntryType.Heading, paragraphs: EntryType.Content };

/** An index set that also tells whether an entry's text is loaded (its page's file), for rows drawn before it is. */
export interface ShardedIndexSet extends IndexSet {
  isLoaded(type: EntryType, id: number): boolean;
}

/**
 * The index set for a head: term lists, titles and entry stand-ins at once; `fetchFile(name)` fetches a term shard
 * (`termShardFile`) or page file (`pageFile`) when a query needs it.
 */
export function loadIndexSet(head: SearchHead, fetchFile: (file: string) => Promise<unknown>): ShardedIndexSet {
  if (head?.v !== HEAD_VERSION) throw new Error(`search: index head version ${String(head?.v)}, expected ${HEAD_VERSION}: rebuild the site`);
  const pipeline = lunr.Pipeline.load(head.pipeline);
  const { terms, kinds: kindsOfTerms, termShards } = headTerms(head);
  const titles = decodeTitles(head.titles);
  const titleById = new Map(titles.map((title) => [title.i, title]));
  // A synonym phrase's entries are read the first time a query looks the phrase up (most queries hold none): made
  // for every phrase as the head loaded, they were a fifth of its load at ten times the pages.
  const phraseSets = new Map<string, Set<string>>();
  const phrasesOf = (type: EntryType): WrappedIndex['phrases'] => ({
    get(phrase) {
      if (!Object.prototype.hasOwnProperty.call(head.phrases, phrase)) return undefined;
      const key = `${type}/${phrase}`;
      let ids = phraseSets.get(key);
      if (!ids) phraseSets.set(key, (ids = new Set(decodeSmall(head.phrases[phrase][type] ?? '', true).map(String))));
      return ids;
    },
  });
  // Per kind, each loaded term's [id difference, weight, …] as its shard holds it, read into a posting when ranking
  // first asks for it: a shard holds every term of its two-letter start, and a query reads a few of them (reading
  // them all was most of a first query's shard time at ten times the pages).
  const pairsByKind = Object.values(EntryType).map(() => new Map<string, number[]>());
  const postingsOf = (type: EntryType): TermIndex['postings'] => {
    const read = new Map<string, Posting>();
    return {
      get(term) {
        let posting = read.get(term);
        const pairs = posting ? undefined : pairsByKind[type].get(term);
        if (pairs) {
          const refs: number[] = [];
          const weights: number[] = [];
          let ref = 0;
          for (let j = 0; j < pairs.length; j += 2) {
            refs.push((ref += pairs[j]));
            weights.push(pairs[j + 1]);
          }
          read.set(term, (posting = { refs, weights }));
        }
        return posting;
      },
    };
  };
  // One token set for every kind's terms, built only where a query's expansions walk (`lazyTokenSet`); lunr's
  // expansions of a word against it, kept to one kind's terms, are that kind's own, in the same order
  // (tests/unit/searchIndex.test.ts).
  const tokenSet = lazyTokenSet(terms);
  const termPositions = new Map<string, number>();
  for (let k = 0; k < terms.length; k += 1) termPositions.set(terms[k], k);
  const types = Object.values(EntryType);
  // Each kind's terms numbered in sorted order (lunr's term index), read from the one map of every term and the
  // term's kinds: a map per kind was five maps of up to every term at each head's load.
  const positionsOf = (type: EntryType): TermIndex['positions'] => {
    const bit = 1 << type;
    let numbers: Int32Array | undefined;
    // The term's place among every term, if this kind holds it.
    const placeOf = (term: string) => {
      const k = termPositions.get(term);
      return k !== undefined && (kindsOfTerms[k] & bit) !== 0 ? k : undefined;
    };
    return {
      has: (term) => placeOf(term) !== undefined,
      get(term) {
        const k = placeOf(term);
        if (k === undefined) return undefined;
        if (!numbers) {
          numbers = new Int32Array(terms.length);
          for (let j = 0, n = 0; j < terms.length; j += 1) if (kindsOfTerms[j] & bit) numbers[j] = n++;
        }
        return numbers[k];
      },
    };
  };
  const kinds: WrappedIndex[] = types.map((type) => {
    const index = { pipeline, tokenSet, positions: positionsOf(type), postings: postingsOf(type) };
    const phrases = phrasesOf(type);
    if (type === EntryType.Title) return { type, documents: titles, count: titles.length, byId: { get: (ref: string) => titleById.get(Number(ref)) }, index, phrases };
    const { ids: gaps, pages: pageColumn } = head.entries[type];
    // The ids added up and the pages read as the kind's entries are first looked up: a query reads some kinds only.
    let added: number[] | undefined;
    let pages: number[] | undefined;
    const idsOf = () => (added ??= decodeSmall(gaps, true));
    // Stand-ins, made as ranking looks entries up (a query reads a few hundred of a section's thousands): ranking
    // reads the id and page; the text comes with the page's file when the entry is shown.
    const made = new Map<number, IndexDocument>();
    const standIn = (k: number): IndexDocument => {
      let doc = made.get(k);
      if (!doc) {
        const i = idsOf()[k];
        const back = (pages ??= decodeSmall(pageColumn))[k];
        const p = back === 0 ? undefined : i - back + 1;
        made.set(k, (doc = { i, t: '', u: (p !== undefined && titleById.get(p)?.u) || '', p }));
      }
      return doc;
    };
    return {
      type,
      get documents() {
        return idsOf().map((_, k) => standIn(k));
      },
      get count() {
        return idsOf().length;
      },
      byId: {
        get(ref: string) {
          const ids = idsOf();
          const k = positionOf(ids, Number(ref));
          return k >= 0 && String(ids[k]) === ref ? standIn(k) : undefined;
        },
      },
      index,
      phrases,
    };
  });
  const full = new Map<string, IndexDocument>();
  const fetched = new Map<string, Promise<void>>();
  // Each file once; a failed fetch is forgotten, so the next keystroke tries again.
  const once = (file: string, read: (json: unknown) => void): Promise<void> => {
    let loading = fetched.get(file);
    if (!loading) {
      loading = fetchFile(file).then(read, (error: unknown) => {
        fetched.delete(file);
        throw error;
      });
      fetched.set(file, loading);
    }
    return loading;
  };
  const readShard = (file: string) => (json: unknown) => {
    const { stamp, from, postings } = json as TermShard;
    if (stamp !== head.stamp) throw new Error(`search: ${file} is from another build of the index than its head (stamp ${String(stamp)}, expected ${head.stamp}): reload the page`);
    postings.forEach((perKind, k) => {
      const term = terms[from + k];
      perKind.forEach((pairs, type) => {
        if (pairs !== 0) pairsByKind[type].set(term, pairs);
      });
    });
  };
  const readPage = (json: unknown) => {
    const file = json as PageFile;
    for (const [key, type] of Object.entries(SHOWN_KINDS)) {
      for (const doc of file[key as keyof PageFile]) full.set(`${type}/${doc.i}`, doc);
    }
  };
  return {
    kinds,
    async loadTerms(terms) {
      const shards = new Set<number>();
      for (const term of terms) {
        const position = termPositions.get(term);
        if (position !== undefined) shards.add(shardOf(termShards, position));
      }
      await Promise.all(
        Array.from(shards, (k) => {
          const file = termShardFile(termShards[k][1]);
          return once(file, readShard(file));
        }),
      );
    },
    async loadPages(pageIds) {
      const files = new Set<string>();
      for (const id of pageIds) if (titleById.has(id)) files.add(pageFile(head.pagesHash, id));
      await Promise.all(Array.from(files, (file) => once(file, readPage)));
    },
    isLoaded(type, id) {
      return type === EntryType.Title ? titleById.has(id) : full.has(`${type}/${id}`);
    },
    entry(type, id) {
      const doc = type === EntryType.Title ? titleById.get(id) : full.get(`${type}/${id}`);
      if (!doc) throw new Error(`search: entry ${type}/${id} is not loaded`);
      return doc;
    },
  };
}

/**
 * lunr's token set of `sorted` (sorted as lunr sorts: by code unit), its nodes made only as something reads their
 * edges: lunr's `intersect` walks the few nodes a query's expansions reach, so a query pays for those and loading the
 * head pays for none (lunr's `TokenSet.fromArray` built all of it: most of the worker's time between the head and the
 * first rows). A node is the range of terms that share its prefix; its edges are in the order lunr's builder adds
 * them (each next character in sorted order), so `intersect` and `toArray` give lunr's words in lunr's order.
 */
export function lazyTokenSet(sorted: string[]): lunr.TokenSet {
  return new LazyTokenSet(sorted, 0, sorted.length, 0) as unknown as lunr.TokenSet;
}

/** A node of `lazyTokenSet`: terms `from` to `to` (exclusive) of `sorted` share their first `depth` characters. */
class LazyTokenSet {
  /** Whether a term ends here: one equal to the prefix sorts first among the terms that start with it. */
  final: boolean;
  private made?: Record<string, LazyTokenSet>;

  constructor(
    private readonly sorted: string[],
    private readonly from: number,
    private readonly to: number,
    private readonly depth: number,
  ) {
    this.final = sorted[from]?.length === depth;
  }

  /** lunr's `edges`: a node per next character, in sorted order, made on first read. */
  get edges(): Record<string, LazyTokenSet> {
    if (!this.made) {
      const { sorted, to, depth } = this;
      const made: Record<string, LazyTokenSet> = {};
      for (let start = this.final ? this.from + 1 : this.from; start < to; ) {
        const char = sorted[start][depth];
        const end = nextStart(sorted, start, to, depth, char);
        made[char] = new LazyTokenSet(sorted, start, end, depth + 1);
        start = end;
      }
      this.made = made;
    }
    return this.made;
  }
}
// lunr's own methods (intersect, toArray) walk it.
Object.setPrototypeOf(LazyTokenSet.prototype, lunr.TokenSet.prototype);

/** The first position after `start`, up to `to`, whose term's character at `depth` is not `char` (binary search: the range is sorted). */
function nextStart(sorted: string[], start: number, to: number, depth: number, char: string): number {
  let low = start + 1;
  let high = to;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle][depth] === char) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where `value` is in ascending `numbers`, or -1. */
function positionOf(numbers: number[], value: number): number {
  let low = 0;
  let high = numbers.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (numbers[middle] === value) return middle;
    if (numbers[middle] < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The shard holding the term at `position`: the last one starting at or before it. */
function shardOf(shards: [number, string][], position: number): number {
  let low = 0;
  let high = shards.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (shards[middle][0] <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Fetches a file's bytes from the site: the worker hands in the page's `handFile`, so guessed shards are fetched once. */
export type FetchBytes = (url: string) => Promise<ArrayBuffer>;

/** The worker's own fetch, where the page lends none. */
const fetchBytes: FetchBytes = async (url) => (await fetchSameOrigin(url)).arrayBuffer();

/** A file's JSON from its bytes (UTF-8). */
const readJson = (bytes: ArrayBuffer): unknown => JSON.parse(new TextDecoder().decode(bytes));

/**
 * The worker's index set for a head already fetched (its bytes) from `headPathValue` (`headPath`): term shards
 * (beside the head, `termShardPath`) through `bytesOf`, page files from SHARD_FOLDER, as queries need them.
 */
export function indexSetFromHead(baseUrl: string, headPathValue: string, head: ArrayBuffer, bytesOf: FetchBytes = fetchBytes): ShardedIndexSet {
  return loadIndexSet(readJson(head) as SearchHead, async (file) =>
    readJson(
      file.startsWith(TERMS_PREFIX)
        ? await bytesOf(`${baseUrl}${termShardPath(headPathValue, file.slice(TERMS_PREFIX.length))}`)
        : await fetchBytes(`${baseUrl}${SHARD_FOLDER}/${file}`),
    ),
  );
}

/**
 * The worker's index set for one context: the head at `headPathValue` now, the rest as queries need it; every file
 * from the site's own origin.
 */
export async function fetchIndexSet(baseUrl: string, headPathValue: string, bytesOf: FetchBytes = fetchBytes): Promise<ShardedIndexSet> {
  return indexSetFromHead(baseUrl, headPathValue, await fetchBytes(`${baseUrl}${headPathValue}`), bytesOf);
}
