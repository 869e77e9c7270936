/**
 * What the page fetches of the search index before the worker asks, and the rules for it: the head as the reader
 * reaches for the search box, and the term shards of the words being typed, in the same round as the head and the
 * worker's script (the worker could ask for them only once its script has run and the head is in: two round trips
 * more). No lunr here: this module is in every page's bundle (the search bar imports it); the worker's half is
 * shards.ts.
 */

/** What a browser tells of its connection (the Network Information API, which TypeScript's DOM types lack). */
type ConnectionHints = { connection?: { saveData?: boolean; effectiveType?: string } };

/**
 * Whether to fetch before the worker asks (the head on hovering or focusing the search box, the typed words' term
 * shards): not on a connection the reader asked to spare or a 2G one, where the first query fetches what it needs.
 */
export function mayPrefetch(navigator: ConnectionHints): boolean {
  const connection = navigator.connection;
  return !(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? ''));
}

/**
 * The head's path under the site's base URL for a search context: the search plugin's index file name
 * (`searchIndexUrl`, `search-index{dir}.json?_=<hash>`), `{dir}` standing for `-<context>` (slashes as dashes).
 */
export const headPath = (searchIndexUrl: string, searchContext: string): string =>
  searchIndexUrl.replace('{dir}', searchContext ? `-${searchContext.replace(/\//g, '-')}` : '');

/**
 * The term shard an index term is in: its first two characters. The index's terms are the page's words lower-cased,
 * trimmed and stemmed, and a Porter stem keeps a word's first two letters (only a few three-letter words lose one:
 * "ies" → "i"), so the shard of a word a reader types is known before the head is: from the word alone.
 */
export const shardKey = (term: string): string => term.slice(0, 2);

/**
 * A shard key as a file name: letters and digits as they are, any other character as `_`, its code point in hex and
 * `_` (so no two keys share a name, and every name is safe in a URL and on every file system).
 */
export const shardFileName = (key: string): string =>
  `${Array.from(key, (c) => (/[a-z0-9]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}_`)).join('')}.json`;

/**
 * A context's term shard folder under the site's base URL: the head's path without `.json`, its query (the plugin's
 * hash of the sources) kept: `search-index-catalyst/st.json?_=<hash>`. Not under assets/ with a content hash, as the
 * page files are: the page names a shard before it has the head, so the name cannot carry its content's hash;
 * hosts revalidate the file (what the head gets too), and the worker checks each shard's stamp against the head's.
 */
export function termShardPath(headPathValue: string, fileName: string): string {
  const [file, query] = headPathValue.split('?');
  return `${file.replace(/\.json$/, '')}/${fileName}${query === undefined ? '' : `?${query}`}`;
}

/**
 * The shard keys the words of a query will look up, as far as the page can tell without the index: each word
 * lower-cased, split at spaces and hyphens and trimmed as lunr's trimmer trims it (`ranking.ts` queryWords), if two
 * characters or more (a one-letter word may still be typed; the worker fetches what it needs). Another spelling of
 * an identifier, a synonym or a word one letter off can need more shards: the worker fetches those in a second round.
 */
export function guessedShardKeys(input: string): string[] {
  const keys = new Set<string>();
  for (const word of input.toLowerCase().split(/[-\s]+/)) {
    const trimmed = word.replace(/^\W+|\W+$/g, '');
    if (trimmed.length >= 2) keys.add(shardKey(trimmed));
  }
  return Array.from(keys);
}

/** A response from the site's own origin, or an error naming the file. */
export async function fetchSameOrigin(url: string): Promise<Response> {
  const full = new URL(url, location.origin);
  // Catch potential attacks: the index comes from the site itself.
  if (full.origin !== location.origin) throw new Error('Unexpected version url');
  const response = await fetch(full);
  if (!response.ok) throw new Error(`search: ${full.pathname} answered ${response.status}`);
  return response;
}

/** A file of the site fetched from the page: its bytes, until they are handed to the worker (`handed`). */
type FetchedFile = { bytes: Promise<ArrayBuffer>; value?: ArrayBuffer; failed?: boolean; handed?: boolean };

/** Files fetched from the page, by URL: the worker's request for one already under way waits for it. */
const files = new Map<string, FetchedFile>();

/**
 * The bytes of a file of the site, fetched once per page: the worker asks through here for the term shards, so a
 * shard the page guessed is not fetched twice. Bytes, not text: the worker decodes them, and they move to it rather
 * than being copied (at ten times the pages the head and a common word's shard are 450 KB of JSON, and copying the
 * head's text to the worker took the phone profile's main thread 34 ms). A failed fetch, or one whose bytes
 * went to the worker, is fetched again when asked for again (`retry`); a guess that failed (a word no term starts
 * as) is not.
 */
export function fetchBytesOnce(url: string, retry = true): Promise<ArrayBuffer> {
  const known = files.get(url);
  if (known && !((known.failed || known.handed) && retry)) return known.bytes;
  const entry: FetchedFile = { bytes: fetchSameOrigin(url).then((response) => response.arrayBuffer()) };
  entry.bytes.then(
    (value) => (entry.value = value),
    () => (entry.failed = true),
  );
  files.set(url, entry);
  return entry.bytes;
}

/** Marks a file's bytes as the worker's (they move to it, transferred, not copied) and gives them. */
function handOver(entry: FetchedFile): ArrayBuffer | undefined {
  const { value } = entry;
  entry.handed = true;
  entry.value = undefined;
  return value;
}

/**
 * A file's bytes for the worker (`fetchBytesOnce`), handed over (`handOver`): the page keeps only that it handed
 * them, so the typed words' guesses do not fetch the file again.
 */
export const handFile = (url: string): Promise<ArrayBuffer> => fetchBytesOnce(url).then((bytes) => (handOver(files.get(url)!), bytes));

/**
 * The files `fetchBytesOnce` has in already, by URL, handed over (`handOver`): they go to the worker with the head,
 * so it ranks the first query without asking the page for the typed words' shards. Asked through the page, the
 * worker waited for the main thread, busy setting up the search box then: 50-65 ms more to the first rows on the
 * phone profile.
 */
export function handFetchedFiles(): Record<string, ArrayBuffer> {
  const done: Record<string, ArrayBuffer> = {};
  for (const [url, entry] of files) if (entry.value) done[url] = handOver(entry)!;
  return done;
}

/**
 * Main thread, as the reader types: fetches the term shards of the typed words (`guessedShardKeys`) beside the head
 * and the worker's script. Not where the connection is to be spared (`mayPrefetch`): there the worker asks for what
 * it needs once it has the head.
 */
export function prefetchTermShards(baseUrl: string, searchIndexUrl: string, searchContext: string, input: string): void {
  if (!mayPrefetch(navigator as ConnectionHints)) return;
  const head = headPath(searchIndexUrl, searchContext);
  for (const key of guessedShardKeys(input)) {
    fetchBytesOnce(`${baseUrl}${termShardPath(head, shardFileName(key))}`, false).catch(() => undefined);
  }
}

/**
 * Main thread, as the search box is reached for: the head's bytes, fetched while the worker's script downloads (the
 * worker can only fetch it once its script has run: one round trip more), for the worker alone. Undefined when the
 * connection is to be spared (`mayPrefetch`) or the fetch fails; the worker then fetches the head with the first
 * query.
 */
export async function prefetchHead(baseUrl: string, searchIndexUrl: string, searchContext: string): Promise<ArrayBuffer | undefined> {
  if (!mayPrefetch(navigator as ConnectionHints)) return undefined;
  try {
    return await (await fetchSameOrigin(`${baseUrl}${headPath(searchIndexUrl, searchContext)}`)).arrayBuffer();
  } catch {
    return undefined;
  }
}

/**
 * Elements whose download has ended (their load or error event, caught on the way down from the document): a route
 * prefetch link whose own download ended is left in place. Not the file's resource timing entry: a chunk the page
 * loaded as a script has one, while the link prefetching it again still downloads where nothing is cached.
 */
const ended = new WeakSet<EventTarget>();
if (typeof document !== 'undefined') {
  for (const type of ['load', 'error']) document.addEventListener(type, (event) => event.target && ended.add(event.target), true);
}

/** The route prefetch links taken out while the search's files download, in order; undefined when none are held. */
let heldLinks: { links: HTMLLinkElement[]; observer: MutationObserver; timer: ReturnType<typeof setTimeout> } | undefined;

/** How long at most route prefetches wait for the search: a search that never answers does not stop them for good. */
export const ROUTE_PREFETCH_HOLD_MS = 10_000;

/**
 * Main thread, as the reader reaches for the search box: takes the page's route prefetches (the `<link
 * rel="prefetch">` Docusaurus adds for the links in view, in the idle moments after hydration: on a guide about 25
 * files, 125 KB) out of the page until `releaseRoutePrefetches`, the ones under way and the ones still to come. A
 * link taken out stops its download. Right after a page loads those downloads hold all six connections a browser
 * opens to a host over HTTP/1.1 and share the bandwidth: the search's files waited for a connection, a round trip
 * more, and then shared the bandwidth with them. Links whose downloads have ended stay.
 */
export function holdRoutePrefetches(): void {
  if (heldLinks || typeof MutationObserver === 'undefined') return;
  const links: HTMLLinkElement[] = [];
  const take = (link: HTMLLinkElement) => {
    if (ended.has(link)) return;
    links.push(link);
    link.remove();
  };
  const isPrefetch = (node: Node): node is HTMLLinkElement => node instanceof HTMLLinkElement && node.rel === 'prefetch';
  document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]').forEach(take);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => isPrefetch(node) && take(node));
  });
  observer.observe(document.head, { childList: true });
  heldLinks = { links, observer, timer: setTimeout(releaseRoutePrefetches, ROUTE_PREFETCH_HOLD_MS) };
}

/** Puts the route prefetch links `holdRoutePrefetches` took out back, in their order: their downloads start again. */
export function releaseRoutePrefetches(): void {
  if (!heldLinks) return;
  const { links, observer, timer } = heldLinks;
  heldLinks = undefined;
  observer.disconnect();
  clearTimeout(timer);
  for (const link of links) {
    // A new element: a link put back does not download again. Docusaurus's handlers (its prefetch's promise) go with it.
    const fresh = link.cloneNode() as HTMLLinkElement;
    fresh.onload = link.onload;
    fresh.onerror = link.onerror;
    document.head.appendChild(fresh);
  }
}
