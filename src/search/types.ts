import type lunr from 'lunr';

/**
 * The kinds of index entry, in the order the search plugin builds its indexes (its SearchDocumentType): the
 * plugin writes one lunr index per kind, and `WrappedIndex[]` is indexed by these numbers.
 */
export const EntryType = { Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4 } as const;
export type EntryType = (typeof EntryType)[keyof typeof EntryType];

/**
 * One entry of the plugin's index: a page's title, or one of its headings, descriptions, keywords or paragraphs. Ids
 * are unique within a kind; a page's title, description and keywords share the page's id.
 */
export interface IndexDocument {
  /** Entry id. */
  i: number;
  /** Text (empty in the head's stand-ins for entries other than titles, until their page's file is loaded). */
  t: string;
  /** Page URL. */
  u: string;
  /** Anchor of a heading or paragraph. */
  h?: string;
  /** For a title: its breadcrumb (section, sidebar category). */
  b?: string[];
  /** For a paragraph: its section's title; for a description or keywords: the page title. */
  s?: string;
  /** Id of the page's title entry. */
  p?: number;
}

/** One term's entries in one kind's index: entry ids, ascending, and the term's weight in each (lunr's field vector). */
export interface Posting {
  refs: number[];
  weights: number[];
}

/** One kind's term index as the worker holds it: lunr's pipeline and token set, and the postings fetched so far. */
export interface TermIndex {
  pipeline: lunr.Pipeline;
  /** The terms of every kind (shared): expansions are kept to the kind's own, those in `positions`. */
  tokenSet: lunr.TokenSet;
  /** Each term of this kind and its position in the kind's sorted term list (lunr's term index). */
  positions: Pick<Map<string, number>, 'get' | 'has'>;
  /** The postings of the terms whose shard is loaded. */
  postings: Pick<Map<string, Posting>, 'get'>;
}

/** One kind's index as the worker holds it. */
export interface WrappedIndex {
  type: EntryType;
  /** Titles in full; other entries as stand-ins with their id and page until their page's file is loaded. */
  documents: IndexDocument[];
  /** How many entries the kind holds: `documents.length`, without making the stand-ins. */
  count: number;
  /** Entries by id, as lunr's refs name them (a string). */
  byId: Pick<Map<string, IndexDocument>, 'get'>;
  index: TermIndex;
  /** Per phrase of a synonym ("enterprise dapr"), the ids of this kind's entries whose text has its words side by side. */
  phrases: Pick<Map<string, Set<string>>, 'get'>;
}

/** lunr's match data for a hit: the index terms the entry matched, and where in the text (`t`) they are. */
export type MatchMetadata = Record<string, { t?: { position: [number, number][] } } | Record<string, never>>;

/** A row the search bar and /search render: a page, or one of its sections listed under it. */
export interface SearchResult {
  document: IndexDocument;
  type: EntryType;
  /** The page's title entry, for a section row; false for a page row. */
  page: IndexDocument | false;
  metadata: MatchMetadata;
  /** The reader's words, lower-cased: what the rows highlight. */
  tokens: string[];
  isInterOfTree?: boolean;
  isLastOfTree?: boolean;
}

/** A group of words and phrases that mean the same thing to a reader (src/search/synonyms.json). */
export interface SynonymGroup {
  terms: string[];
  why: string;
}

/**
 * A search context's index as the worker holds it: the head (term lists, titles, entry stand-ins) at once, term
 * shards and page files as queries need them (src/search/shards.ts).
 */
export interface IndexSet {
  kinds: WrappedIndex[];
  /** Fetches the shards holding these terms, each once. */
  loadTerms(terms: Iterable<string>): Promise<void>;
  /** Fetches these pages' files (their headings', descriptions', keywords' and paragraphs' text), each once. */
  loadPages(pageIds: Iterable<number>): Promise<void>;
  /** An entry in full; for an entry other than a title, its page's file must be loaded. */
  entry(type: EntryType, id: number): IndexDocument;
}
