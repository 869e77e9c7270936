import type lunr from 'lunr';

/**
 * The kinds of index entry, in the order the search plugin builds its indexes (its SearchDocumentType): the
 * plugin writes one lunr index per kind, and `WrappedIndex[]` is indexed by these numbers.
 */
export const EntryType = { Title: 0, Heading: 1, Description: 2, Keywords: 3, Content: 4 } as const;
export type EntryType = (typeof EntryType)[keyof typeof EntryType];

/** One entry of the plugin's index: a page's title, or one of its headings, descriptions, keywords or paragraphs. */
export interface IndexDocument {
  /** Entry id, unique across the kinds. */
  i: number;
  /** Text. */
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

/** One kind's index as the worker holds it. */
export interface WrappedIndex {
  type: EntryType;
  documents: IndexDocument[];
  byId: Map<string, IndexDocument>;
  index: lunr.Index;
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
