// The part of lunr 2.3 (the search plugin's index library) that src/search reads: its public API plus the index
// internals (inverted index, field vectors, token set) that ranking.ts scores from directly. lunr ships no types.
declare module 'lunr' {
  namespace lunr {
    type Metadata = Record<string, unknown>;
    class Token {
      constructor(str: string, metadata: Metadata);
      toString(): string;
    }
    class Vector {
      constructor(elements?: number[]);
      elements: number[];
      upsert(index: number, value: number, fn: (a: number, b: number) => number): void;
      magnitude(): number;
    }
    interface Clause {
      term: string;
      fields: string[];
      usePipeline: boolean;
      boost: number;
    }
    class Query {
      constructor(fields: string[]);
      clauses: Clause[];
      term(term: string, options: { presence?: number; wildcard?: number; editDistance?: number }): Query;
      static wildcard: { NONE: number; LEADING: number; TRAILING: number };
      static presence: { OPTIONAL: number; REQUIRED: number; PROHIBITED: number };
    }
    class TokenSet {
      static fromClause(clause: Clause): TokenSet;
      static fromArray(sortedWords: string[]): TokenSet;
      intersect(other: TokenSet): TokenSet;
      toArray(): string[];
    }
    class Pipeline {
      static load(serialized: string[]): Pipeline;
      runString(text: string, metadata?: Metadata): string[];
    }
    interface Posting {
      _index: number;
      t: Record<string, unknown>;
    }
    class Index {
      static load(serialized: unknown): Index;
      fields: string[];
      pipeline: Pipeline;
      tokenSet: TokenSet;
      invertedIndex: Record<string, Posting>;
      fieldVectors: Record<string, Vector>;
      search(query: string): { ref: string; score: number }[];
      query(build: (query: Query) => void): { ref: string; score: number; matchData: { metadata: Record<string, unknown> } }[];
    }
    function stemmer(token: Token): Token;
    function trimmer(token: Token): Token;
    function stopWordFilter(word: string): string | undefined;
  }
  function lunr(config: (this: unknown) => void): lunr.Index;
  export default lunr;
}
