/**
 * How search ranks: whole pages, not index entries. Each of the reader's words is looked up on its own and a page
 * scores, for each word, its best match weighted by where the match is (title and keywords over headings over
 * descriptions over body text); so a page that has every word across its title, headings and text is not lost to
 * one paragraph elsewhere that happens to hold most of them. Words in the page's title, keywords or sidebar
 * category, or together in one entry, count more; pages lacking rare words of the query step back, and so do
 * generated reference pages for topic queries unless the query names them. Each page is listed once with its best
 * sections under it, and the reader's words are widened with synonyms (synonyms.json) and with the other ways code
 * writes the same name (identifiers.ts).
 *
 * The search plugin's worker calls `searchPages` (patches/: its one line of wiring); the tests call it in Node on the
 * built index.
 */
import lunr from 'lunr';
import synonymList from './synonyms.json';
import { isVersion, queryVariants as identifierVariants, trimWord } from './identifiers';
import { EntryType, type IndexDocument, type IndexSet, type MatchMetadata, type Posting, type SearchResult, type SynonymGroup, type TermIndex, type WrappedIndex } from './types';

type Hit = { ref: string; score: number; matchData: { metadata: MatchMetadata } };
/** Per index kind (EntryType), the hits of one term. */
type HitsByType = Hit[][];
type Unit = string[];
/** One reading of the query (the reader's words, an identifier's words, a synonym) and what it counts for. */
type Variant = { units: Unit[]; weight: number };
type MatchedEntry = { document: IndexDocument; type: EntryType; score: number; metadata: MatchMetadata };
type PageMatch = { page: IndexDocument; best: number; named: boolean; entries: Map<number, MatchedEntry> };
type PageEntry = {
  page: IndexDocument;
  tokens: string[];
  best: number[];
  named: boolean[];
  parts: (Map<number, MatchedEntry> | undefined)[];
  category: Set<number> | null;
  score: number;
};
type Shown = {
  document: IndexDocument;
  type: EntryType | typeof CATEGORY;
  page: IndexDocument | false;
  metadata: MatchMetadata;
  tokens: string[];
  score: number;
  words: Set<number>;
};

/** Index entries read per word and index before pages are ranked. */
export const HITS_PER_TERM = 400;
/** Best-matching sections listed under a page. */
const SECTIONS_PER_PAGE = 2;
/** A match found through a synonym counts a little less than the reader's own word. */
const SYNONYM_WEIGHT = 0.8;
/** A match found through another way of writing an identifier ("publish bulk" for publishBulk) counts a little less. */
const IDENTIFIER_WEIGHT = 0.9;
/** …and much less when the index holds the reader's own form of every word the variant rewrites. */
const KNOWN_FORM_WEIGHT = 0.5;
/**
 * Where a match is: title, heading, description, keywords, body. A heading or the page's one-sentence description says
 * what the page covers nearly as well as its keywords do (on both query sets, 2.5 rather than 2 and 1.5 found more
 * expected pages and lost one).
 */
const TYPE_WEIGHT = [3, 2.5, 2.5, 2.5, 1, 0];
/** A word the reader may still be typing matches longer words, a little below the word itself. */
const PREFIX_WEIGHT = 0.7;
/** A word found nowhere is read as a misspelling of a word one edit away, well below an exact match. */
const FUZZY_WEIGHT = 0.5;
/** A page whose title and keywords hold the query's words is the page the reader names: up to this much more. */
const TITLE_BOOST = 2;
/** A page with the query's words together in one title, heading, description or paragraph: up to this much more. */
const TOGETHER_BOOST = 2;
/** A query word in the page's section or sidebar category counts like a good body text match. */
const CATEGORY_SCORE = 5;
/** The category is not an index entry: it counts towards words found together, but is never shown as a section. */
const CATEGORY = -1;
/** What a function word counts for beside a word that names something. */
const STOP_WORD_WEIGHT = 0.3;
/** How hard a page that lacks some of the query's words steps back: its share of the words' rarity, to this power. */
const COVERAGE_POWER = 2;
/** Stemmed words kept in the stem cache, oldest dropped first. */
const CACHED_STEMS = 5000;
/** Words and synonyms remembered per index set, oldest dropped first. */
const CACHED_UNITS = 256;
/** More than the number of index kinds: an entry's key is its id times this plus its kind. */
const ENTRY_TYPES = 8;
/** Generated references: CLI commands, components and API operations. */
const REFERENCE_PAGE = /\/(references\/cli-reference|references\/components-reference|api)\//;
/**
 * How much a reference page steps back when the query does not name it. An API operation page explains one call's
 * behaviour (status codes, headers, metadata, body), which is what readers' questions about a call ask; a CLI or
 * component page is a listing a topic query should not land on first.
 */
const REFERENCE_FACTOR = 0.5;
const API_REFERENCE_FACTOR = 0.8;
const API_PAGE = /\/api\//;
/** Synonym variants of one query ranked at most. */
const MAX_VARIANTS = 6;
/**
 * Characters kept either side of a shown text's first match. The longest snippet shown is 100 characters (on
 * /search; 50 in the search bar) and it grows out from the first match, so a wider window gives the same snippet
 * as the whole text, while the main thread no longer copies, escapes and splits whole paragraphs it never shows.
 */
const SNIPPET_MARGIN = 120;

/**
 * The reader's words as the index holds them: lower-cased, split at spaces and hyphens, and trimmed of what lunr's
 * trimmer drops from indexed words (everything that is not a word character at either end). The index's search
 * pipeline only stems, so untrimmed, a pasted "invoke:" or "(Connection" or "request?" matched nothing.
 */
export const queryWords = (input: string): string[] =>
  (input.toLowerCase().match(/[^-\s]+/g) ?? []).map(trimWord).filter((word) => word.length > 0);

/**
 * The pages that best answer what the reader typed, at most `limit`, each as a page row followed by up to two of its
 * sections. Fetches what the query needs first: the term shards of the words it looks up, then the files of the
 * listed pages whose sections are shown.
 */
export async function searchPages(set: IndexSet, input: string, limit: number): Promise<SearchResult[]> {
  const rawTokens = queryWords(input);
  if (rawTokens.length === 0) return [];
  const { kinds } = set;
  const variants = readings(kinds, input, rawTokens);
  await set.loadTerms(termsNeeded(kinds, variants));
  const listed = rankPages(kinds, variants, rawTokens, limit);
  await set.loadPages(listed.flatMap(({ sections }) => sections.map((h) => (h.page as IndexDocument).i)));
  const results: SearchResult[] = [];
  for (const { head, sections } of listed) {
    results.push(row(head));
    sections.forEach((h, i) => {
      results.push({ ...row({ ...h, document: set.entry(h.type as EntryType, h.document.i) }), isInterOfTree: i < sections.length - 1, isLastOfTree: i === sections.length - 1 });
    });
  }
  return results;
}

/** The query's readings: the reader's words, each identifier's words and neighbours joined, and synonyms. */
function readings(wrappedIndexes: WrappedIndex[], input: string, rawTokens: string[]): Variant[] {
  const variants: Variant[] = [{ units: rawTokens.map((token) => [token]), weight: 1 }];
  const isWord = (word: string) => wrappedIndexes.some(({ index }) => index.positions.has(stemWord(word)));
  for (const { units, rewritten } of identifierVariants(input, isWord)) {
    // The reader's own form counts first where the pages hold it ("DaprClient" is in the SDK pages' text; its words
    // "dapr" and "client" are on every page).
    variants.push({ units, weight: rewritten.every(isWord) ? KNOWN_FORM_WEIGHT : IDENTIFIER_WEIGHT });
  }
  for (const units of synonymVariants(rawTokens)) variants.push({ units, weight: SYNONYM_WEIGHT });
  // A word said twice counts once.
  return variants.map(({ units, weight }) => ({ units: Array.from(new Map(units.map((unit) => [unit.join(' '), unit])).values()), weight }));
}

/**
 * Every index term whose postings ranking `variants` reads: each word's lookups (exact; prefix while it may be typed;
 * one edit away when neither finds a term) as lunr expands them. A word's rarity reads its own term, which the exact
 * lookup expands to whenever the index holds it. Worked out from the term lists alone, which the head holds, so the
 * shards are fetched before scoring starts.
 */
export function termsNeeded(wrappedIndexes: WrappedIndex[], variants: Variant[]): Set<string> {
  const needed = new Set<string>();
  for (const { units } of variants) {
    units.forEach((unit, k) => {
      unit.forEach((word, j) => {
        const mayBeTyping = k === units.length - 1 && j === unit.length - 1;
        for (const { options } of lookUpRuns(wrappedIndexes, word, mayBeTyping)) {
          for (const { index } of wrappedIndexes) for (const term of expandTerm(index, word, options).words) needed.add(term);
        }
      });
    });
  }
  return needed;
}

/** A listed page: its row's entry, and the sections shown under it. */
type Listed = { head: Shown; sections: Shown[] };

/** The best `limit` pages for the query's readings, scored from the loaded postings. */
function rankPages(wrappedIndexes: WrappedIndex[], variants: Variant[], rawTokens: string[], limit: number): Listed[] {
  const pages = new Map<number, PageEntry>();
  for (const { units, weight } of variants) {
    for (const [pageId, entry] of scorePages(wrappedIndexes, units, rawTokens)) {
      entry.score *= weight;
      const known = pages.get(pageId);
      if (!known || entry.score > known.score) pages.set(pageId, entry);
    }
  }
  const ordered = Array.from(pages.values())
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
  return ordered.map((entry) => {
    const { page, tokens } = entry;
    const shown = Array.from(shownEntries(entry).values()).sort((a, b) => b.score - a.score);
    const head = shown.find((h) => h.type === EntryType.Title) ?? {
      document: page,
      type: EntryType.Title,
      page: false as const,
      metadata: shown.find((h) => h.type === EntryType.Keywords)?.metadata ?? {},
      tokens,
      score: shown[0]?.score ?? 0,
      words: new Set<number>(),
    };
    const sections = shown.filter((h) => h.type === EntryType.Heading || h.type === EntryType.Content).slice(0, SECTIONS_PER_PAGE);
    return { head, sections };
  });
}

/**
 * Per index set, the pages' sections and sidebar categories (their breadcrumbs): each one's stemmed words and its
 * pages (positions in the title index, ascending), the categories holding each word, and each page's category (-1
 * for none).
 */
type CategoryIndex = { words: Set<string>[]; pages: number[][]; byWord: Map<string, number[]>; categoryOf: Int32Array };
const categoryIndexes = new WeakMap<WrappedIndex[], CategoryIndex>();

function categoryIndex(wrappedIndexes: WrappedIndex[]): CategoryIndex {
  const known = categoryIndexes.get(wrappedIndexes);
  if (known) return known;
  const titles = wrappedIndexes[EntryType.Title].documents;
  const found: CategoryIndex = { words: [], pages: [], byWord: new Map(), categoryOf: new Int32Array(titles.length).fill(-1) };
  // Pages of one category share their breadcrumb, one array in the head (a section's 2,769 pages at ten times the
  // pages have 359): one pass over the pages groups them by it, and each breadcrumb is read and stemmed once. A
  // map per page (its words, its position) was about a fifth of the first query's ranking at ten times the pages.
  const categories = new Map<string[], number>();
  for (let position = 0; position < titles.length; position += 1) {
    const breadcrumb = titles[position].b;
    if (!breadcrumb?.length) continue;
    let category = categories.get(breadcrumb);
    if (category === undefined) {
      const words = new Set<string>();
      eachIndexWord(breadcrumb.join(' '), (lower, start, end) => {
        words.add(stemWord(lower.slice(start, end)));
      });
      categories.set(breadcrumb, (category = found.words.length));
      found.words.push(words);
      found.pages.push([]);
      for (const word of words) {
        let list = found.byWord.get(word);
        if (!list) found.byWord.set(word, (list = []));
        list.push(category);
      }
    }
    found.categoryOf[position] = category;
    found.pages[category].push(position);
  }
  categoryIndexes.set(wrappedIndexes, found);
  return found;
}

/** One of lunr's lookups of a word, and what its matches count for. */
type Lookup = { options: { wildcard?: number; editDistance?: number }; quality: number };
const EXACT: Lookup = { options: { wildcard: lunr.Query.wildcard.NONE }, quality: 1 };
const PREFIX: Lookup = { options: { wildcard: lunr.Query.wildcard.TRAILING }, quality: PREFIX_WEIGHT };
const FUZZY: Lookup = { options: { editDistance: 1 }, quality: FUZZY_WEIGHT };

/**
 * The lookups a word gets: exact, and prefix while the reader may still be typing it; if neither finds a term in any
 * kind (a term is in a kind's list only if an entry holds it), one edit away instead.
 */
function lookUpRuns(wrappedIndexes: WrappedIndex[], token: string, mayBeTyping: boolean): Lookup[] {
  const runs = mayBeTyping && token.length >= 2 ? [EXACT, PREFIX] : [EXACT];
  if (token.length < 4 || runs.some(({ options }) => wrappedIndexes.some(({ index }) => expandTerm(index, token, options).words.length > 0))) return runs;
  return [FUZZY];
}

/**
 * The entries that hold `token`, each with its lunr score times how exactly it matched. Not remembered: what a unit
 * matched is (pagesForUnit), and keeping each word's hits as well doubled what survives the worker's minor garbage
 * collections, which made its slowest keystrokes.
 */
function lookUp(wrappedIndexes: WrappedIndex[], token: string, mayBeTyping: boolean): HitsByType {
  const [first, ...more] = lookUpRuns(wrappedIndexes, token, mayBeTyping).map(({ options, quality }) =>
    wrappedIndexes.map(({ index }) => queryTerm(index, token, options, quality)),
  );
  for (const hitsByType of more) {
    hitsByType.forEach((hits, k) => {
      const seen = new Set(first[k].map((hit) => hit.ref));
      first[k].push(...hits.filter((hit) => !seen.has(hit.ref)));
    });
  }
  return first;
}

/** What a matched term's entry in the match data holds: nothing is read from it. */
const MATCHED = Object.freeze(Object.create(null)) as Record<string, never>;

/**
 * The index terms lunr's Index#query expands `token` to (its pipeline, then its token set), in lunr's order, and the
 * query vector it builds from them.
 */
function expandTerm(index: TermIndex, token: string, options: { wildcard?: number; editDistance?: number }): { words: string[]; vector: lunr.Vector } {
  const query = new lunr.Query(['t']);
  query.term(token, { presence: lunr.Query.presence.OPTIONAL, ...options });
  const clause = query.clauses[0];
  const terms = clause.usePipeline ? index.pipeline.runString(clause.term, { fields: clause.fields }) : [clause.term];
  const vector = new lunr.Vector();
  const words: string[] = [];
  for (const term of terms) {
    clause.term = term;
    for (const expanded of expansions(index.tokenSet, clause)) {
      // The token set holds every kind's terms (one set, built once): this kind's are the ones it numbers.
      const position = index.positions.get(expanded);
      if (position === undefined) continue;
      vector.upsert(position, clause.boost, (a, b) => a + b);
      if (!words.includes(expanded)) words.push(expanded);
    }
  }
  return { words, vector };
}

/** Per token set, the words each clause expands to (`expansions`). */
const expansionCache = new WeakMap<lunr.TokenSet, Map<string, string[]>>();

/**
 * The words of `tokenSet` that lunr's clause expands to, in lunr's order. Every kind shares the one token set, and a
 * word is expanded for each kind, when its shards are named (termsNeeded), when its lookups are chosen (lookUpRuns)
 * and when it is scored: the same walk of the token set fifteen times a word, now once.
 */
function expansions(tokenSet: lunr.TokenSet, clause: lunr.Clause): string[] {
  let cache = expansionCache.get(tokenSet);
  if (!cache) expansionCache.set(tokenSet, (cache = new Map()));
  const key = `${'editDistance' in clause ? String(clause.editDistance) : ''}\u0000${clause.term}`;
  return remember(cache, key, () => tokenSet.intersect(lunr.TokenSet.fromClause(clause)).toArray(), CACHED_UNITS);
}

/** A term's postings; the worker fetches a query's shards before it scores (termsNeeded), so a missing one is a bug. */
function postingOf(index: TermIndex, term: string): Posting {
  const posting = index.postings.get(term);
  if (!posting) throw new Error(`search: the shard holding "${term}" was not loaded`);
  return posting;
}

/**
 * What lunr's Index#query returns for one optional term (its first HITS_PER_TERM hits, scores times `quality`), worked
 * out as lunr does (its pipeline, term expansion and vector scoring, in its order) but from the term's postings, and
 * without the objects lunr makes for every matching entry (a field reference, match data and a set of refs per term):
 * those were most of the worker's garbage, and its collections made the slowest keystrokes. The match data holds the
 * matched terms only, which is all the ranking and the snippets read. tests/unit/searchIndex.test.ts holds it to
 * lunr's answers.
 */
export function queryTerm(index: TermIndex, token: string, options: { wildcard?: number; editDistance?: number }, quality = 1): Hit[] {
  const { words, vector } = expandTerm(index, token, options);
  // lunr's score is the query vector's dot product with the entry's, over its norm. The two vectors share only
  // the terms the entry matched, so only those are added, in lunr's order (by term index), so the sums come out to
  // the last bit the same.
  const weights = vector.elements;
  const norm = vector.magnitude();
  if (words.length === 1) {
    // One word (a whole word, or a prefix only one word has): every entry matched the same word, so the hits share
    // one match record, and only the best HITS_PER_TERM of a common word's entries become objects.
    const { refs, weights: inEntry } = postingOf(index, words[0]);
    const scores = new Float64Array(refs.length);
    for (let k = 0; k < refs.length; k += 1) scores[k] = (weights[1] * inEntry[k]) / norm || 0;
    const matchData = { metadata: { __proto__: null, [words[0]]: MATCHED } as unknown as MatchMetadata };
    return best(scores).map((k) => ({ ref: String(refs[k]), score: scores[k] * quality, matchData }));
  }
  // Several words (a prefix's or a misspelling's): the entries in the order lunr meets them (each word's, in the
  // words' order), then each word's weight added to its entries' sums, words by term index. Plain arrays, not an
  // object per entry: at ten times the pages, "stat" matched 12,000 entries, and their objects were most of a first
  // query's time. Only the best HITS_PER_TERM get their match record and a hit.
  const postings = words.map((word) => postingOf(index, word));
  const slots = new Map<number, number>();
  const slotRefs: number[] = [];
  for (const { refs } of postings) {
    for (const ref of refs) {
      if (!slots.has(ref)) {
        slots.set(ref, slotRefs.length);
        slotRefs.push(ref);
      }
    }
  }
  const dots = new Float64Array(slotRefs.length);
  const byTermIndex = words.map((_, k) => k).sort((a, b) => index.positions.get(words[a])! - index.positions.get(words[b])!);
  for (const k of byTermIndex) {
    const inQuery = weightOf(weights, index.positions.get(words[k])!);
    const { refs, weights: inEntry } = postings[k];
    for (let j = 0; j < refs.length; j += 1) dots[slots.get(refs[j])!] += inQuery * inEntry[j];
  }
  for (let k = 0; k < dots.length; k += 1) dots[k] = dots[k] / norm || 0;
  const kept = best(dots);
  // The match records of the kept entries: their matched words, in the words' order, as lunr lists them.
  const keptSlots = new Map(kept.map((slot, k) => [slot, k]));
  const records = kept.map(() => Object.create(null) as MatchMetadata);
  postings.forEach(({ refs }, k) => {
    for (const ref of refs) {
      const at = keptSlots.get(slots.get(ref)!);
      if (at !== undefined) records[at][words[k]] = MATCHED;
    }
  });
  return kept.map((slot, k) => ({ ref: String(slotRefs[slot]), score: dots[slot] * quality, matchData: { metadata: records[k] } }));
}

/**
 * The positions of the best HITS_PER_TERM `scores`, best first, ties in position order (what lunr's stable sort
 * gives). Past HITS_PER_TERM, the scores below the last kept one are not sorted: a common word's thousands of
 * entries were sorted whole, with a comparison function, for the best 400.
 */
function best(scores: Float64Array): number[] {
  const order: number[] = [];
  const byScore = (a: number, b: number) => scores[b] - scores[a] || a - b;
  if (scores.length <= HITS_PER_TERM) {
    for (let k = 0; k < scores.length; k += 1) order.push(k);
    return order.sort(byScore);
  }
  // The HITS_PER_TERM-th best score: those above it are all kept, and as many of those equal to it as fit.
  const threshold = scores.slice().sort()[scores.length - HITS_PER_TERM];
  const equal: number[] = [];
  for (let k = 0; k < scores.length; k += 1) {
    if (scores[k] > threshold) order.push(k);
    else if (scores[k] === threshold) equal.push(k);
  }
  order.sort(byScore);
  for (let k = 0; order.length < HITS_PER_TERM; k += 1) order.push(equal[k]);
  return order;
}

/** The weight of term index `term` in a lunr vector's elements ([index, weight, index, weight, …], by index). */
function weightOf(elements: number[], term: number): number {
  let low = 0;
  let high = elements.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = elements[middle * 2];
    if (at === term) return elements[middle * 2 + 1];
    if (at < term) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

/** Each word's rarity, per index set: counting a common word's entries is a large allocation, on every keystroke. */
const rarityCache = new WeakMap<WrappedIndex[], Map<string, number>>();

/** How rare a word is among the body text entries (lunr's idf), so a missing rare word weighs more than a missing "my". */
function rarity(wrappedIndexes: WrappedIndex[], token: string): number {
  return remember(cacheOf(rarityCache, wrappedIndexes), token, () => {
    // `count`, not `documents.length`: the body text's entries are stand-ins made as they are read, and this read
    // made every one of them on a query's first word (at ten times the pages, 17,000 objects).
    const { index, count } = wrappedIndexes[EntryType.Content] ?? wrappedIndexes[0];
    const term = index.pipeline.runString(token)[0];
    const frequency = term !== undefined && index.positions.has(term) ? postingOf(index, term).refs.length : 0;
    return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5));
  });
}

/**
 * The entries that hold `unit`: one word of the query, or a synonym of several words ("enterprise dapr"), whose
 * words must stand side by side, or "enterprise" would match every mention of Conductor's Enterprise plan.
 */
function lookUpUnit(wrappedIndexes: WrappedIndex[], unit: Unit, mayBeTyping: boolean): HitsByType {
  const perWord = unit.map((word, j) => lookUp(wrappedIndexes, word, mayBeTyping && j === unit.length - 1));
  if (unit.length === 1) return perWord[0];
  const phrase = unit.join(' ');
  return wrappedIndexes.map(({ phrases }, type) => {
    // The entries every word found, in the first word's order, whose text has the words side by side (the build
    // finds those: shardIndex); each with the words' scores added and their matched terms together.
    const together = phrases.get(phrase);
    const others = perWord.slice(1).map((hits) => new Map(hits[type].map((hit) => [hit.ref, hit])));
    const found: Hit[] = [];
    for (const hit of perWord[0][type]) {
      const rest = others.map((byRef) => byRef.get(hit.ref));
      if (rest.some((other) => other === undefined) || !together?.has(hit.ref)) continue;
      const merged: Hit = { ref: hit.ref, score: 0, matchData: { metadata: Object.create(null) as MatchMetadata } };
      for (const one of [hit, ...(rest as Hit[])]) {
        merged.score += one.score;
        Object.assign(merged.matchData.metadata, one.matchData.metadata);
      }
      found.push(merged);
    }
    return found;
  });
}

/** Whether `text` holds the words of `phrase` one after the other (compared as the index compares words, stemmed). */
export function hasPhrase(text: unknown, phrase: Unit): boolean {
  const wanted = phrase.map(stemWord);
  const complete = 1 << wanted.length;
  // Bit k is set when the words before the current one are the phrase's first k words. The text is read only as
  // far as the phrase, and a word is stemmed only if it may continue a partial match or start one: a stem begins
  // with its word's first letter (firstWordCharacter), so most words are passed over unstemmed.
  let partial = 0;
  let found = false;
  eachIndexWord(typeof text === 'string' ? text : '', (lower, start, end) => {
    const first = firstWordCharacter(lower, start, end);
    let stem: string | undefined;
    let next = 0;
    for (let k = 0; k < wanted.length; k += 1) {
      if ((k === 0 || partial & (1 << k)) && first === wanted[k][0] && (stem ??= stemWord(lower.slice(start, end))) === wanted[k]) {
        next |= 1 << (k + 1);
      }
    }
    partial = next;
    found = (partial & complete) !== 0;
    return !found;
  });
  return found;
}

/** Stemmed words, worked out once: the same words come back keystroke after keystroke. */
const stems = new Map<string, string>();

/** The Map that `caches` keeps for one index set. */
function cacheOf<V>(caches: WeakMap<WrappedIndex[], Map<string, V>>, wrappedIndexes: WrappedIndex[]): Map<string, V> {
  let cache = caches.get(wrappedIndexes);
  if (!cache) {
    cache = new Map();
    caches.set(wrappedIndexes, cache);
  }
  return cache;
}

/** `cache`'s value for `key`, made and kept on first use; past `limit` entries the oldest is dropped. */
function remember<V>(cache: Map<string, V>, key: string, make: () => V, limit = CACHED_STEMS): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
  }
  return value;
}

/** A word as the index holds it: trimmed and stemmed. */
export function stemWord(word: string): string {
  return remember(stems, word, () => lunr.stemmer(lunr.trimmer(new lunr.Token(word, {}))).toString());
}

/**
 * Calls `visit(lower, start, end)` for each word of `text` as lunr.tokenizer splits it (lower-cased, between runs of
 * white space and hyphens), where `lower` is the lower-cased text, until `visit` returns false. The same words and
 * positions as lunr's, without its token objects or a string per word (the caller slices the words it needs), and
 * the caller can stop early: texts are read on every keystroke, and their garbage made the slowest searches.
 */
export function eachIndexWord(text: string, visit: (lower: string, start: number, end: number) => boolean | void): void {
  const lower = text.toLowerCase();
  let start = -1;
  for (let at = 0; at <= lower.length; at += 1) {
    if (at === lower.length || isSeparator(lower.charCodeAt(at))) {
      if (start >= 0 && visit(lower, start, at) === false) return;
      start = -1;
    } else if (start < 0) {
      start = at;
    }
  }
}

/** Whether a character is one of lunr.tokenizer.separator's, /[\s\-]/: JavaScript's white space, or a hyphen. */
function isSeparator(code: number): boolean {
  return (
    code === 45 ||
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The first letter, digit or underscore of the word at `start`…`end` of `text`: the index's trimmer drops what comes
 * before it, and the stemmer rewrites endings only, so it is the first character of the word's stem.
 */
function firstWordCharacter(text: string, start: number, end: number): string {
  for (let k = start; k < end; k += 1) {
    const code = text.charCodeAt(k);
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95) return text[k];
  }
  return '';
}

/** What each word or synonym matched, per index set: the reader's earlier words and the words that synonym variants share are not looked up again. */
const unitCache = new WeakMap<WrappedIndex[], Map<string, Map<number, PageMatch>>>();

/**
 * The pages that hold `unit`, each with its best match (weighted by where it is), whether its title or keywords
 * hold it, and the index entries that matched, by entry.
 */
function pagesForUnit(wrappedIndexes: WrappedIndex[], unit: Unit, mayBeTyping: boolean): Map<number, PageMatch> {
  return remember(
    cacheOf(unitCache, wrappedIndexes),
    `${mayBeTyping ? '~' : ''}${unit.join(' ')}`,
    () => matchesByPage(wrappedIndexes, unit, mayBeTyping),
    CACHED_UNITS,
  );
}

function matchesByPage(wrappedIndexes: WrappedIndex[], unit: Unit, mayBeTyping: boolean): Map<number, PageMatch> {
  const found = new Map<number, PageMatch>();
  const titles = wrappedIndexes[EntryType.Title].byId;
  lookUpUnit(wrappedIndexes, unit, mayBeTyping).forEach((hits, kind) => {
    const type = kind as EntryType;
    const { byId } = wrappedIndexes[type];
    const names = type === EntryType.Title || type === EntryType.Keywords;
    for (const hit of hits) {
      const document = byId.get(hit.ref);
      if (!document) continue;
      const pageId = names ? document.i : document.p;
      if (pageId === undefined) continue;
      const page = titles.get(String(pageId));
      if (!page) continue;
      const score = hit.score * TYPE_WEIGHT[type];
      let onPage = found.get(pageId);
      if (!onPage) {
        onPage = { page, best: 0, named: false, entries: new Map() };
        found.set(pageId, onPage);
      }
      onPage.best = Math.max(onPage.best, score);
      if (names) onPage.named = true;
      // A number, not a "type/id" string: these keys are made for every hit and kept in the caches.
      onPage.entries.set(document.i * ENTRY_TYPES + type, { document, type, score, metadata: hit.matchData.metadata });
    }
  });
  return found;
}

/** Every page that holds a word of `units` (each a word, or the words of a synonym), with its score and what matched. */
function scorePages(wrappedIndexes: WrappedIndex[], units: Unit[], rawTokens: string[]): Map<number, PageEntry> {
  const pages = new Map<number, PageEntry>();
  const tokens = units.flat();
  // Function words ("what", "my", "in") stay in the index for titles such as "What is an App ID", but say little
  // about which page is meant; nor does the release number a reader pastes (isVersion).
  const weights = units.map((unit) => (unit.every((word) => isFunctionWord(word) || isVersion(word)) ? STOP_WORD_WEIGHT : 1));
  const rarities = units.map((unit, k) => Math.max(...unit.map((word) => rarity(wrappedIndexes, word))) * weights[k]);
  const matched = new Array<boolean>(units.length).fill(false);
  // Per unit k: the page's best match, whether its title or keywords hold the unit, and its entries that hold it
  // (parts[k], absent if none).
  const newEntry = (page: IndexDocument): PageEntry => ({
    page,
    tokens,
    best: new Array<number>(units.length).fill(0),
    named: new Array<boolean>(units.length).fill(false),
    parts: new Array(units.length),
    category: null,
    score: 0,
  });
  units.forEach((unit, k) => {
    // forEach, not for-of: no [key, value] array per page and word.
    const onPages = pagesForUnit(wrappedIndexes, unit, k === units.length - 1);
    if (onPages.size > 0) matched[k] = true;
    onPages.forEach((onPage, pageId) => {
      let entry = pages.get(pageId);
      if (!entry) {
        entry = newEntry(onPage.page);
        pages.set(pageId, entry);
      }
      entry.best[k] = Math.max(entry.best[k], onPage.best);
      if (onPage.named) entry.named[k] = true;
      entry.parts[k] = onPage.entries;
    });
  });
  // Where a page sits (its section and sidebar category: "Getting started", "Concepts") names what it is, as its
  // title and keywords do: a word found there counts as a body match that names the page.
  const stemmed = units.map((unit) => unit.map(stemWord));
  const categories = categoryIndex(wrappedIndexes);
  const titles = wrappedIndexes[EntryType.Title].documents;
  // The pages whose category holds a unit's first word, in index order.
  const candidates = new Set<number>();
  for (const words of stemmed) for (const category of categories.byWord.get(words[0]) ?? []) for (const position of categories.pages[category]) candidates.add(position);
  for (const position of Array.from(candidates).sort((a, b) => a - b)) {
    const page = titles[position];
    const where = categories.words[categories.categoryOf[position]];
    const found = new Set<number>();
    stemmed.forEach((words, k) => {
      if (!words.every((word) => where.has(word))) return;
      let entry = pages.get(page.i);
      if (!entry) pages.set(page.i, (entry = newEntry(page)));
      entry.best[k] = Math.max(entry.best[k], CATEGORY_SCORE);
      entry.named[k] = true;
      found.add(k);
      matched[k] = true;
    });
    if (found.size > 0) pages.get(page.i)!.category = found;
  }
  const total = rarities.reduce((sum, r) => sum + r, 0) || 1;
  const found = rarities.reduce((sum, r, k) => sum + (matched[k] ? r : 0), 0) || 1;
  const weightSum = weights.reduce((sum, w) => sum + w, 0);
  const queryWords = words(rawTokens.join(' '));
  for (const entry of pages.values()) {
    // Plain loops, not reduce with a closure per page: this runs for every page of every variant.
    let covered = 0;
    let named = 0;
    let weighted = 0;
    for (let k = 0; k < units.length; k += 1) {
      if (entry.best[k] > 0) covered += rarities[k];
      if (entry.named[k]) named += rarities[k];
      weighted += entry.best[k] * weights[k];
    }
    // A mean rather than a sum, so a synonym that is two words ("enterprise dapr" for "d3e") is not worth more
    // than the reader's one.
    entry.score =
      pageScore({ weighted: weighted / weightSum, covered, named, together: wordsTogether(entry, rarities), total, found }) *
      pageKindFactor(entry.page, queryWords);
  }
  return pages;
}

/**
 * A page's score for one reading from its parts: its mean weighted match, and the rarity its matches cover, its
 * title, keywords or category name, and its entries hold together, out of the `total` rarity of the query's words
 * (`found`: of the words some page holds).
 */
export function pageScore(parts: { weighted: number; covered: number; named: number; together: number; total: number; found: number }): number {
  const { weighted, covered, named, together, total, found } = parts;
  // A word no page holds, even one letter off ("insist", "computable", a pasted version number), tells no page from
  // another: the reading that has it still covers less of the query, but it does not shrink what the title and words
  // found together add for every page.
  return weighted * (covered / total) ** COVERAGE_POWER * (1 + (TITLE_BOOST * named) / found) * (1 + (TOGETHER_BOOST * together) / found);
}

/**
 * Words that frame a question or a report rather than name its subject ("how to …", "is it possible …", "… not
 * working", "support for …", "installing … having rights"), beside lunr's English stop words, which lack the -ing
 * forms of have, do and be, and the negated auxiliaries of a report ("didn't", "won't", "isn't"): readers write them,
 * pages rarely, and a page that happens to hold them is no better an answer. (Not every form of a stop word:
 * "getting" names the Getting started category.) So do the words of a request about the pages themselves ("can't
 * find how to …", "clarify documentation around …", "add docs for …", "feature request"): every page is
 * documentation, so they tell no page from another; "around" and "regarding" are read as lunr already reads "about".
 * And the hedges that narrow a question to the reader's own case ("that particular instance", "a specific topic",
 * "is it necessary"): the subject is the word after them.
 */
const QUESTION_WORDS = new Set(
  ('able ability add allow allowed anyone anything doesn dont doesnt dose isn isnt didnt wasnt werent wont wouldnt shouldnt couldnt arent havent hasnt im ive can cant possible way ways need needed needs want ' +
    'please help question issue problem support supported supports supporting working work works worked seems ' +
    'still even via using use used particular certain specific necessary trying try tried having doing being done find docs doc documentation document documented clarify explain explanation mention feature request proposal around regarding').split(' '),
);

/** A word that says little about which page is meant: a stop word, or one of QUESTION_WORDS. */
export function isFunctionWord(word: string): boolean {
  const bare = word.replace(/[^\p{L}\p{N}]+/gu, '');
  return lunr.stopWordFilter(word) === undefined || QUESTION_WORDS.has(bare);
}

/** wordsTogether's working array: the units of a page's parts, smallest part first. */
const partsBySize: number[] = [];

/** The greatest rarity of the query's words found together in one entry of the page (or in its category). */
function wordsTogether({ parts, category }: PageEntry, rarities: number[]): number {
  let best = 0;
  // Smallest first (a stable insertion sort into one reused array: this runs for every page and variant on every
  // keystroke, and sorting a copy each time was a large share of the worker's garbage).
  const bySize = partsBySize;
  bySize.length = 0;
  for (let k = 0; k < parts.length; k += 1) {
    if (parts[k] === undefined) continue;
    best = Math.max(best, rarities[k]);
    let at = bySize.length;
    for (; at > 0 && parts[bySize[at - 1]]!.size > parts[k]!.size; at -= 1) bySize[at] = bySize[at - 1];
    bySize[at] = k;
  }
  if (category) best = Math.max(best, Array.from(category).reduce((sum, k) => sum + rarities[k], 0));
  // Only entries that hold two words or more can do better: look each entry of the smaller parts up in the others.
  for (let a = 0; a < bySize.length - 1; a += 1) {
    for (const key of parts[bySize[a]]!.keys()) {
      let sum = rarities[bySize[a]];
      for (let b = 0; b < bySize.length; b += 1) {
        if (b !== a && parts[bySize[b]]!.has(key)) sum += rarities[bySize[b]];
      }
      best = Math.max(best, sum);
    }
  }
  bySize.length = 0;
  return best;
}

/** The entries of a listed page that matched, each with the words it holds, in the order the words came. */
function shownEntries({ page, parts, category, tokens }: PageEntry): Map<number | 'category', Shown> {
  const shown = new Map<number | 'category', Shown>();
  parts.forEach((entries) => {
    if (!entries) return;
    for (const [key, { document, type, score, metadata }] of entries) {
      let hit = shown.get(key);
      if (!hit) {
        hit = { document, type, page: type !== EntryType.Title && page, metadata: Object.create(null) as MatchMetadata, tokens, score: 0, words: new Set() };
        shown.set(key, hit);
      }
      hit.score += score;
      Object.assign(hit.metadata, metadata);
    }
  });
  if (category) shown.set('category', { document: page, type: CATEGORY, page: false, metadata: {}, tokens, words: category, score: 0 });
  return shown;
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const COMPONENT_PAGE = /\/references\/components-reference\/[^/]+\/[^/]+/;
/** A component page's kind after its name, in brackets: "OpenAI (conversation)". */
const QUALIFIED = /\s*\([^)]*\)\s*$/;
/** The words of each reference page's title, worked out once. */
const titleWords = new WeakMap<IndexDocument, string[]>();

/**
 * A topic query ranks the explaining page first; a query that names a reference page (most of its title, e.g.
 * "kv create", "state.redis", "save state") ranks that page as any other.
 */
function pageKindFactor(page: IndexDocument, query: string[]): number {
  if (!REFERENCE_PAGE.test(page.u)) return 1;
  let title = titleWords.get(page);
  if (!title) {
    // A component page's kind in brackets ("OpenAI (conversation)") qualifies its name; the name is what readers type.
    title = words(COMPONENT_PAGE.test(page.u) ? page.t.replace(QUALIFIED, '') : page.t).filter((w) => w !== 'diagrid');
    titleWords.set(page, title);
  }
  const named = (w: string) => query.some((t) => t === w || (t.length >= 3 && w.startsWith(t)));
  const covered = title.filter(named).length;
  // Most of the title, and most of the query: "managed kv store" does not name the page "diagrid kv".
  if (title.length > 0 && covered / title.length >= 0.6 && covered / query.length >= 0.5) return 1;
  // A backend's page ("OpenAI (conversation)", "Kafka (pub/sub)") is named by its name, even inside a longer question.
  if (title.length > 0 && covered === title.length && COMPONENT_PAGE.test(page.u)) return 1;
  return API_PAGE.test(page.u) ? API_REFERENCE_FACTOR : REFERENCE_FACTOR;
}

const synonymGroups = (synonymList as SynonymGroup[]).map((group) => group.terms.map((term) => term.toLowerCase().match(/[^-\s]+/g) ?? []));

/** The synonyms of more than one word, as the ranking reads them: a match counts only where their words stand side by side. */
export const synonymPhrases = (): Unit[] => synonymGroups.flat().filter((phrase) => phrase.length > 1);

/** The query with one of its words or phrases replaced by each synonym (at most a few variants), as units: each a word, or a synonym's words. */
export function synonymVariants(tokens: string[]): Unit[][] {
  // Per phrase of the query that a group holds, the query with that phrase replaced by each of its synonyms.
  const perPhrase: Unit[][][] = [];
  const single = (list: string[]) => list.map((word) => [word]);
  for (const group of synonymGroups) {
    for (const phrase of group) {
      for (let at = 0; at + phrase.length <= tokens.length; at += 1) {
        if (!phrase.every((w, k) => tokens[at + k] === w)) continue;
        perPhrase.push(group.filter((other) => other !== phrase).map((other) => single(tokens.slice(0, at)).concat([other], single(tokens.slice(at + phrase.length)))));
      }
    }
  }
  // Taken in turn from each phrase, so that a query with two known words ("install … offline") reads both words'
  // synonyms, not only the first group's; "key-value" and "key value" are the same words: a variant listed twice is
  // ranked once (it would score the same).
  const variants: Unit[][] = [];
  const seen = new Set<string>();
  for (let turn = 0; variants.length < MAX_VARIANTS && perPhrase.some((list) => turn < list.length); turn += 1) {
    for (const list of perPhrase) {
      const variant = list[turn];
      if (!variant || variants.length >= MAX_VARIANTS) continue;
      const key = variant.map((unit) => unit.join(' ')).join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      variants.push(variant);
    }
  }
  return variants;
}

/** A result row as the search bar and /search read it: what it shows and links to, and nothing else to copy. */
function row({ document, type, page, metadata, tokens }: Shown): SearchResult {
  return { ...shownText(document, metadata), type: type as EntryType, page, tokens };
}

/**
 * A shown entry as the main thread gets it: its text cut to a window around the first match, and where the matched
 * words are in that window. The index keeps no term positions (the build drops them), so they are found again by
 * reading the text with the index's own tokenizer, trimmer and stemmer, up to the end of the window.
 */
function shownText(document: IndexDocument, metadata: MatchMetadata): { document: IndexDocument; metadata: MatchMetadata } {
  const text = typeof document.t === 'string' ? document.t : '';
  const terms = new Set(Object.keys(metadata));
  // A word can match only if its stem starts as a matched term does (firstWordCharacter): the others are not stemmed.
  const initials = new Set(Array.from(terms, (term) => term[0]));
  // No prototype: index terms include words such as "constructor".
  const found = Object.create(null) as Record<string, { t: { position: [number, number][] } }>;
  let from = 0;
  let to = Infinity;
  eachIndexWord(text, (lower, start, end) => {
    const length = end - start;
    if (end > to) return false;
    if (!initials.has(firstWordCharacter(lower, start, end))) return;
    const term = stemWord(lower.slice(start, end));
    if (!terms.has(term)) return;
    if (to === Infinity) {
      const whole = text.length <= 2 * SNIPPET_MARGIN;
      from = whole ? 0 : Math.max(0, start - SNIPPET_MARGIN);
      to = whole ? text.length : start + length + SNIPPET_MARGIN;
    }
    (found[term] ??= { t: { position: [] } }).t.position.push([start - from, length]);
  });
  // The snippet code needs one position at least; a page listed for its keywords starts at its title's beginning.
  if (to === Infinity) {
    return {
      document: text.length <= 2 * SNIPPET_MARGIN ? document : { ...document, t: text.slice(0, SNIPPET_MARGIN) },
      metadata: { '': { t: { position: [[0, 0]] } } },
    };
  }
  return { document: from === 0 && to >= text.length ? document : { ...document, t: text.slice(from, to) }, metadata: found };
}
