/**
 * The search index's first file, fetched from the main thread as the reader reaches for the search box, and the rules
 * for fetching before a query. No lunr here: this module is in every page's bundle (the search bar imports it); the
 * worker's half is shards.ts.
 */

/** What a browser tells of its connection (the Network Information API, which TypeScript's DOM types lack). */
type ConnectionHints = { connection?: { saveData?: boolean; effectiveType?: string } };

/**
 * Whether to fetch the head before the reader types (on hovering or focusing the search box): not on a connection
 * the reader asked to spare or a 2G one, where the first query fetches it instead.
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

/** A response from the site's own origin, or an error naming the file. */
export async function fetchSameOrigin(url: string): Promise<Response> {
  const full = new URL(url, location.origin);
  // Catch potential attacks: the index comes from the site itself.
  if (full.origin !== location.origin) throw new Error('Unexpected version url');
  const response = await fetch(full);
  if (!response.ok) throw new Error(`search: ${full.pathname} answered ${response.status}`);
  return response;
}

/**
 * Main thread, as the search box is reached for: the head's text, fetched while the worker's script downloads (the
 * worker can only fetch it once its script has run: one round trip more). Undefined when the connection is to be
 * spared (`mayPrefetch`) or the fetch fails; the worker then fetches the head with the first query.
 */
export async function prefetchHeadText(baseUrl: string, searchIndexUrl: string, searchContext: string): Promise<string | undefined> {
  if (!mayPrefetch(navigator as ConnectionHints)) return undefined;
  try {
    return await (await fetchSameOrigin(`${baseUrl}${headPath(searchIndexUrl, searchContext)}`)).text();
  } catch {
    return undefined;
  }
}

