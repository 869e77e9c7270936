/**
 * The browser's side of route-sections (split.ts), called by the patched client of Docusaurus
 * (patches/@docusaurus+core+3.10.2.patch, UPGRADING.md row `patch:@docusaurus+core:lazy-routes`).
 *
 * A docs section's route keeps `routes: []` and a table of buckets, `lazyRouteBuckets`: the first path segment
 * below the section's path → `[chunk name, import]` of the module holding the section's pages under that segment
 * (small segments share one). Before a pathname is matched, only the bucket it falls in is loaded and its pages are
 * merged into `route.routes` in the order of the full list, so matching gives what the full list gives. A prefetch
 * downloads a bucket's module without running it (`bucketChunksToPrefetch`): pages run only what they render. Also used at build time (split.ts plans
 * buckets with `bucketOf`, so both sides agree). No imports: it runs in the browser and under Node.
 */

/**
 * A bucket's module: its pages, each page's index among all the section's pages, and the sidebar branches its
 * pages can show (docs-lean-version-props/sidebarBranches.ts), merged into the route's `sidebarBranches`.
 */
export type BucketModule = { default: RouteLike[]; positions: number[]; sidebarBranches?: Record<string, unknown> };

export type RouteLike = {
  path?: string;
  routes?: RouteLike[];
  lazyRouteBuckets?: Record<string, Bucket>;
  [field: string]: unknown;
};

/** A bucket: its chunk's name (webpackChunkName) and its import. */
export type Bucket = readonly [chunkName: string, load: () => Promise<BucketModule>];

export type MatchRoutes = (routes: RouteLike[], pathname: string) => { route: RouteLike }[];

/** The bucket that holds every page of a section whose pages `bucketOf` cannot tell apart. */
export const ALL = '*';

/**
 * Case folding as a non-unicode `i` regular expression does it (React Router matches paths case-insensitively):
 * each character upper-cased, unless that gives more than one character or leaves non-ASCII for ASCII.
 */
export function foldCase(text: string): string {
  let folded = '';
  for (const char of text) {
    const upper = char.toUpperCase();
    folded += upper.length === 1 && !(char.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128) ? upper : char;
  }
  return folded;
}

/**
 * The bucket of `pathname` below a section at `sectionPath`: its first path segment below the section's path,
 * folded (`` for the section's own path), or undefined for a pathname outside the section.
 */
export function bucketOf(sectionPath: string, pathname: string): string | undefined {
  const base = foldCase(sectionPath.replace(/\/+$/, ''));
  const path = foldCase(pathname);
  if (path !== base && !path.startsWith(`${base}/`)) return undefined;
  return path.slice(base.length + 1).split('/')[0];
}

type BucketState = { positions: number[]; loads: Map<Bucket, Promise<void>> };

const listeners = new Set<() => void>();

/** Calls `listener` after each bucket merged (useSyncExternalStore's subscribe); returns the unsubscribe. */
export function subscribeBucketLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const states = new WeakMap<RouteLike, BucketState>();

/**
 * Merges a bucket's pages into the route's loaded pages, keeping the order of the section's full list. Each page
 * gets its place as its `key`: react-router-config keys a route's element by `route.key || index`, and a bucket
 * merged in front of the page on screen (a prefetch does that) would otherwise change its index, and so remount it.
 */
export function mergeBucket(loaded: RouteLike[], loadedPositions: number[], added: BucketModule) {
  const pages = loaded.map((page, i) => ({ page, at: loadedPositions[i] }));
  added.default.forEach((page, i) => {
    const at = added.positions[i];
    page.key ??= `lazy-${at}`;
    pages.push({ page, at });
  });
  pages.sort((a, b) => a.at - b.at);
  return { routes: pages.map(({ page }) => page), positions: pages.map(({ at }) => at) };
}

/** The bucket of a route with `lazyRouteBuckets` that holds `pathname`'s page, if any. */
function bucketFor(route: RouteLike, pathname: string): Bucket | undefined {
  const buckets = route.lazyRouteBuckets!;
  const segment = bucketOf(route.path ?? '/', pathname);
  if (segment === undefined) return undefined;
  return Object.prototype.hasOwnProperty.call(buckets, segment) ? buckets[segment] : buckets[ALL];
}

function stateOf(route: RouteLike): BucketState {
  let state = states.get(route);
  if (!state) {
    state = { positions: [], loads: new Map() };
    states.set(route, state);
  }
  return state;
}

/**
 * Loads the bucket `pathname` needs of a route with `lazyRouteBuckets`; undefined when it is loaded already or
 * there is none (a pathname no page of the section has: nothing to load, the not-found page renders).
 */
function loadBucket(route: RouteLike, pathname: string): Promise<void> | undefined {
  const bucket = bucketFor(route, pathname);
  if (bucket === undefined) return undefined;
  const state = stateOf(route);
  const pending = state.loads.get(bucket);
  if (pending) return pending === DONE ? undefined : pending;
  const load = bucket[1]().then(
    (module) => {
      const merged = mergeBucket(route.routes ?? [], state.positions, module);
      // A new array: a render in progress keeps the list it read.
      route.routes = merged.routes;
      state.positions = merged.positions;
      if (module.sidebarBranches && Object.keys(module.sidebarBranches).length > 0) {
        // A new object too: the DocRoot wrapper compares it to the one it rendered with.
        route.sidebarBranches = { ...(route.sidebarBranches as object | undefined), ...module.sidebarBranches };
      }
      state.loads.set(bucket, DONE);
      listeners.forEach((listener) => listener());
    },
    (error: unknown) => {
      state.loads.delete(bucket);
      throw error;
    },
  );
  state.loads.set(bucket, load);
  return load;
}

/**
 * The chunk names of the buckets `pathname` needs that have not been loaded: a link's prefetch downloads them (as
 * Docusaurus prefetches a route's chunks), and the page's own chunks once a hover or a visit has run its bucket.
 */
export function bucketChunksToPrefetch(routes: RouteLike[], pathname: string, matchRoutes: MatchRoutes): string[] {
  return matchRoutes(routes, pathname).flatMap(({ route }) => {
    const bucket = route.lazyRouteBuckets ? bucketFor(route, pathname) : undefined;
    return bucket && !stateOf(route).loads.has(bucket) ? [bucket[0]] : [];
  });
}

const DONE: Promise<void> = Promise.resolve();

/**
 * Loads the pages every route matching `pathname` holds in buckets, then matches again (a loaded page could hold
 * lazy routes too), until nothing is left to load: the matches then are the ones the full route table gives.
 */
export async function loadLazyRoutes(routes: RouteLike[], pathname: string, matchRoutes: MatchRoutes): Promise<void> {
  for (;;) {
    const loads = matchRoutes(routes, pathname)
      .map(({ route }) => (route.lazyRouteBuckets ? loadBucket(route, pathname) : undefined))
      .filter((load): load is Promise<void> => load !== undefined);
    if (loads.length === 0) return;
    await Promise.all(loads);
  }
}
