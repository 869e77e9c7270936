/**
 * Splits the browser's route table by section. Docusaurus writes every route of the site into three generated
 * modules that `main.js` holds (facebook/docusaurus#7256): `.docusaurus/routes.js` (the route tree),
 * `routesChunkNames.json` (each route's chunk names) and `registry.js` (a loader per chunk name). Each page of
 * the site adds to all three, so every page's first load grew with the page count.
 *
 * Here each route whose children are all leaves (a docs section's pages, under its version's root) keeps its
 * place in the tree with `routes: []` and a table of buckets, `lazyRouteBuckets`: the children grouped by their
 * first path segment below the route's path, each group a module of its own holding its children, their chunk
 * names and the loaders only they use. The patched `preload` of Docusaurus's client (UPGRADING.md,
 * `patch:@docusaurus+core:lazy-routes`, through client.ts) loads the one bucket a pathname needs before it
 * matches, so a page's first load carries its own bucket's routes only, however large its section grows;
 * route-scripts lists the bucket's module in the page's HTML. The server build keeps the whole table: pages render the same.
 *
 * Pure functions over the three files' text, run by the loader (`loader.cjs`) and by the chunk graph.
 */
import { describe, expectShape, isRecord } from '../shape';
import { BRANCHES_FIELD, branchesForBucket, type Branches } from '../docs-lean-version-props/sidebarBranches';
import { ADD_ROWS } from './chunkTable';
import { ALL, bucketOf } from './client';

const PLUGIN = 'route-sections';
const FIX = 'read the new file in .docusaurus/ and update src/plugins/route-sections/split.ts (UPGRADING.md row plugin:route-sections)';

/** A route as routes.js declares it, its component given as the arguments of `ComponentCreator(path, hash)`. */
export type RouteDecl = {
  path: string;
  component: { path: string; hash?: string };
  routes?: RouteDecl[];
  [field: string]: unknown;
};

/**
 * One bucket of a route whose children move out of main.js: the children whose path has the same first segment
 * below the route's path (`/catalyst/concepts/components` → `concepts`, `/catalyst/` → ``), in a module of its own.
 */
export type Section = {
  /** The parent route's key in routesChunkNames.json, `<path>-<hash>`. */
  key: string;
  /** The bucket: the children's first path segment below the parent's path, folded as `foldCase` folds it; `` for
   * the rest bucket (the parent's own path and the segments too small for a bucket of their own), `*` for all
   * children of a parent whose children cannot be told apart by path. */
  bucket: string;
  /** The first path segments (as `bucketOf` gives them) whose pages this bucket holds: its keys in the table. */
  segments: string[];
  /** The chunk its module is named by (`webpackChunkName`), e.g. `routes-catalyst-concepts`. */
  chunkName: string;
  /** The keys of its children, in the parent's order. */
  childKeys: string[];
  /** Each child's index among all the parent's children (the client merges buckets back in this order). */
  positions: number[];
  /** The registry entries only its children use. */
  registryNames: string[];
};

/** The `?routesOf=<key>&bucket=<bucket>` query that names a bucket's module (routes.js with that query). */
export const SECTION_QUERY = 'routesOf';
export const BUCKET_QUERY = 'bucket';

/** routes.js's key for a route, as routesChunkNames.json writes it. */
export function routeKey(route: RouteDecl): string {
  return route.component.hash === undefined ? route.component.path : `${route.component.path}-${route.component.hash}`;
}

/**
 * Evaluates routes.js (`export default [ … ComponentCreator('/path', 'hash') … ]`) with a stand-in creator that
 * returns its arguments. Throws a ShapeError naming the file (and `plugin`, the caller) when it has another shape.
 */
export function parseRoutes(source: string, file: string, plugin = PLUGIN, fix = FIX): RouteDecl[] {
  const body = source.replace(/^import .*$/gm, '').replace(/export default/, 'return');
  const creator = (path: string, hash?: string) => (hash === undefined ? { path } : { path, hash });
  let routes: unknown;
  try {
    routes = new Function('ComponentCreator', body)(creator);
  } catch (error) {
    routes = `a module that does not evaluate as \`export default [ … ComponentCreator(path, hash) … ]\` (${(error as Error).message})`;
  }
  const isRoute = (route: unknown): boolean =>
    isRecord(route) &&
    typeof route.path === 'string' &&
    isRecord(route.component) &&
    typeof route.component.path === 'string' &&
    (route.routes === undefined || (Array.isArray(route.routes) && route.routes.every(isRoute)));
  expectShape(plugin, Array.isArray(routes) && routes.length > 0 && routes.every(isRoute), {
    expected: `${file} to export a non-empty array of routes { path, component: ComponentCreator(path, hash), routes? }`,
    found: () => (typeof routes === 'string' ? routes : describe(routes)),
    fix,
  });
  return routes as RouteDecl[];
}

/** Parses routesChunkNames.json: an object keyed by route key. */
export function parseChunkNames(source: string, file: string): Record<string, unknown> {
  let chunkNames: unknown;
  try {
    chunkNames = JSON.parse(source);
  } catch (error) {
    chunkNames = `text that is not JSON (${(error as Error).message})`;
  }
  expectShape(PLUGIN, isRecord(chunkNames), {
    expected: `${file} to be an object keyed by each route's \`<path>-<hash>\``,
    found: () => (typeof chunkNames === 'string' ? chunkNames : describe(chunkNames)),
    fix: FIX,
  });
  return chunkNames;
}

// The last entry ends the object on its own line: `…)],};`.
const REGISTRY_ENTRY = /^ {2}"([^"]+)": (\[\(\) => import\(.*\)\]),?(\};)?$/;

/**
 * Parses registry.js (`export default {` then one `  "<chunk name>": [() => import(…), "<module>",
 * require.resolveWeak(…)],` per line, the last one followed by `};`) into chunk name → entry text. Names the file and line of a line
 * of another shape.
 */
export function parseRegistry(source: string, file: string): Map<string, string> {
  const entries = new Map<string, string>();
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    if (line === 'export default {' || line === '};' || line.trim() === '') return;
    const entry = REGISTRY_ENTRY.exec(line);
    expectShape(PLUGIN, entry, {
      expected: `${file} to hold one \`  "<chunk name>": [() => import(…), "<module>", require.resolveWeak(…)],\` per line`,
      found: `line ${index + 1}: ${JSON.stringify(line.slice(0, 120))}`,
      fix: FIX,
    });
    entries.set(entry[1], entry[2]);
  });
  expectShape(PLUGIN, entries.size > 0, { expected: `${file} to hold registry entries`, found: 'none', fix: FIX });
  return entries;
}

/** Every string in a chunk-names value (`{ __comp: "a", __props: "b", content: { … } }`). */
export function chunkNameLeaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(chunkNameLeaves);
  return [];
}

/** A child a bucket can hold: an exact route at a plain path (no parameters) inside its parent's path. */
function plainChild(parent: RouteDecl, child: RouteDecl): boolean {
  return child.exact === true && !/[:*?+()[\]{}\\^$|]/.test(child.path) && bucketOf(parent.path, child.path) !== undefined;
}

/** A chunk-name part for a bucket: `references`, `rest` for the rest bucket, `all` for every page. */
function bucketSlug(bucket: string): string {
  if (bucket === ALL) return 'all';
  return bucket.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'rest';
}

/**
 * A first path segment with fewer pages than this shares the section's rest bucket: each bucket costs its row in
 * main.js's table and the runtime's (~60 bytes gzipped), about what a page's routes cost in a bucket.
 */
export const OWN_BUCKET_MIN_PAGES = 10;

/**
 * The routes to split: every route below the top level whose children are all leaves, its children grouped into
 * buckets by their first path segment below the route's path (`bucketOf`, as the browser computes it). A route
 * whose children are not all exact plain paths inside its own gets one bucket, `*`. A registry entry moves with a
 * bucket when that bucket's children are the only routes that use it; one the rest of the site (or another
 * bucket) also uses stays in main.js.
 */
export function planSections(routes: RouteDecl[], chunkNames: Record<string, unknown>): Section[] {
  const found: { route: RouteDecl; key: string }[] = [];
  const walk = (level: RouteDecl[], depth: number) => {
    for (const route of level) {
      if (!route.routes) continue;
      if (depth > 0 && route.routes.length > 0 && route.routes.every((child) => !child.routes)) {
        found.push({ route, key: routeKey(route) });
      } else {
        walk(route.routes, depth + 1);
      }
    }
  };
  walk(routes, 0);

  const taken = new Set<string>();
  const unique = (name: string) => {
    let chunkName = name;
    for (let n = 2; taken.has(chunkName); n += 1) chunkName = `${name}-${n}`;
    taken.add(chunkName);
    return chunkName;
  };
  const units: Section[] = [];
  for (const { route, key } of found) {
    const children = route.routes ?? [];
    const plain = children.every((child) => plainChild(route, child));
    const slug = route.path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'root';
    const segmentOf = children.map((child) => (plain ? bucketOf(route.path, child.path)! : ALL));
    const counts = new Map<string, number>();
    for (const segment of segmentOf) counts.set(segment, (counts.get(segment) ?? 0) + 1);
    const bucketFor = (segment: string) => (segment === ALL || (counts.get(segment) ?? 0) >= OWN_BUCKET_MIN_PAGES ? segment : '');
    const byBucket = new Map<string, Section>();
    children.forEach((child, position) => {
      const segment = segmentOf[position];
      const bucket = bucketFor(segment);
      let unit = byBucket.get(bucket);
      if (!unit) {
        unit = { key, bucket, segments: [], chunkName: unique(`routes-${slug}-${bucketSlug(bucket)}`), childKeys: [], positions: [], registryNames: [] };
        byBucket.set(bucket, unit);
        units.push(unit);
      }
      if (!unit.segments.includes(segment)) unit.segments.push(segment);
      unit.childKeys.push(routeKey(child));
      unit.positions.push(position);
    });
  }

  // Which bucket's children use each chunk name (by chunk name); `null` for a route that stays in main.js.
  const users = new Map<string, Set<string | null>>();
  const use = (key: string, owner: string | null) => {
    for (const name of chunkNameLeaves(chunkNames[key])) {
      users.set(name, (users.get(name) ?? new Set()).add(owner));
    }
  };
  const ownerOf = new Map<string, string>();
  for (const unit of units) for (const child of unit.childKeys) ownerOf.set(child, unit.chunkName);
  const walkAll = (level: RouteDecl[]) => {
    for (const route of level) {
      const key = routeKey(route);
      use(key, ownerOf.get(key) ?? null);
      walkAll(route.routes ?? []);
    }
  };
  walkAll(routes);
  for (const unit of units) {
    unit.registryNames = [...users]
      .filter(([, owners]) => owners.size === 1 && owners.has(unit.chunkName))
      .map(([name]) => name)
      .sort();
  }
  return units;
}

/** The query naming a bucket's module. */
export function bucketQuery(unit: Section): string {
  return `${SECTION_QUERY}=${encodeURIComponent(unit.key)}&${BUCKET_QUERY}=${encodeURIComponent(unit.bucket)}`;
}

function routeCode(route: RouteDecl, sections: Map<string, Section[]>, indent: string): string {
  const units = sections.get(routeKey(route));
  const fields = Object.entries(route).map(([field, value]) => {
    if (field === 'component') {
      const args = [route.component.path, ...(route.component.hash === undefined ? [] : [route.component.hash])];
      return `component: ComponentCreator(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
    }
    if (field === 'routes' && units) {
      // Each bucket once, as `[chunk name, import]`, under each of its segments: `((b0, b1) => ({ "": b0, KEY: b1 }))(…)`.
      const params = units.map((_, i) => `b${i}`);
      const keys = units.flatMap((unit, i) => unit.segments.map((segment) => `${JSON.stringify(segment)}: b${i}`));
      const entries = units.map((unit) => {
        const module = JSON.stringify(`./routes.js?${bucketQuery(unit)}`);
        return `${indent}    [${JSON.stringify(unit.chunkName)}, () => import(/* webpackChunkName: ${JSON.stringify(unit.chunkName)} */ ${module})]`;
      });
      return `routes: [],\n${indent}  lazyRouteBuckets: ((${params.join(', ')}) => ({ ${keys.join(', ')} }))(\n${entries.join(',\n')}\n${indent}  )`;
    }
    if (field === 'routes') return `routes: ${routesCode(value as RouteDecl[], sections, `${indent}  `)}`;
    // A section's sidebar branches go with its buckets (sectionModule), as its pages do.
    if (field === BRANCHES_FIELD && units) return undefined;
    return `${JSON.stringify(field)}: ${JSON.stringify(value)}`;
  });
  const kept = fields.filter((field): field is string => field !== undefined);
  return `${indent}{\n${kept.map((field) => `${indent}  ${field}`).join(',\n')}\n${indent}}`;
}

function routesCode(routes: RouteDecl[], sections: Map<string, Section[]>, indent: string): string {
  return `[\n${routes.map((route) => routeCode(route, sections, `${indent}  `)).join(',\n')}\n${indent}]`;
}

const IMPORT_CREATOR = "import ComponentCreator from '@docusaurus/ComponentCreator';";

/** The browser's routes.js: the whole tree, each section's children replaced by a table of its buckets' imports. */
export function mainRoutesModule(routes: RouteDecl[], sections: Section[]): string {
  const byKey = new Map<string, Section[]>();
  for (const unit of sections) byKey.set(unit.key, [...(byKey.get(unit.key) ?? []), unit]);
  return `${IMPORT_CREATOR}\n\nexport default ${routesCode(routes, byKey, '')};\n`;
}

function findRoute(routes: RouteDecl[], key: string): RouteDecl | undefined {
  for (const route of routes) {
    if (routeKey(route) === key) return route;
    const inner = findRoute(route.routes ?? [], key);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A bucket's module (routes.js?routesOf=<key>&bucket=<bucket>): adds its children's registry entries and chunk names to the
 * objects main.js's ComponentCreator reads, then exports the children and their places among all the section's
 * children (client.ts merges buckets back in that order). Registry entries keep their loader and
 * moduleId; the module path in the middle is emptied, as slim-chunk-registry does for main.js's entries.
 */
export function sectionModule(
  routes: RouteDecl[],
  section: Section,
  registry: Map<string, string>,
  chunkNames: Record<string, unknown>,
): string {
  const parent = findRoute(routes, section.key);
  expectShape(PLUGIN, parent?.routes, {
    expected: `a route keyed ${section.key} with children in routes.js`,
    found: 'none (routes.js changed while the build read it?)',
    fix: FIX,
  });
  const entries = section.registryNames.map((name) => {
    const entry = registry.get(name);
    expectShape(PLUGIN, entry, { expected: `registry.js to hold ${name}`, found: 'no such entry', fix: FIX });
    return `  ${JSON.stringify(name)}: ${entry.replace(/(\), )"[^"\n]*"(, require\.resolveWeak\()/, '$1""$2')}`;
  });
  const names = Object.fromEntries(section.childKeys.map((key) => [key, chunkNames[key]]));
  const branches = (parent[BRANCHES_FIELD] ?? {}) as Branches;
  const ownBranches = section.bucket === ALL ? branches : branchesForBucket(branches, section.segments);
  return [
    IMPORT_CREATOR,
    "import registry from './registry.js';",
    "import routesChunkNames from './routesChunkNames.json';",
    '',
    `Object.assign(registry, {\n${entries.join(',\n')}\n});`,
    `Object.assign(routesChunkNames, ${JSON.stringify(names)});`,
    '// The runtime\'s rows for the chunks only this module leads to (chunkTable.ts fills them in).',
    ADD_ROWS,
    '',
    `export const positions = ${JSON.stringify(section.positions)};`,
    '// The sidebar branches a page of this bucket can show open (docs-lean-version-props/sidebarBranches.ts).',
    `export const ${BRANCHES_FIELD} = ${JSON.stringify(ownBranches)};`,
    `export default ${routesCode(section.positions.map((at) => parent.routes![at]), new Map(), '')};`,
    '',
  ].join('\n');
}

/** The browser's registry.js: the entries no section took. `source` is the registry as the loader receives it. */
export function mainRegistryModule(source: string, sections: Section[], file: string): string {
  const moved = new Set(sections.flatMap((section) => section.registryNames));
  const kept = [...parseRegistry(source, file)].filter(([name]) => !moved.has(name));
  return `export default {\n${kept.map(([name, entry]) => `  ${JSON.stringify(name)}: ${entry}`).join(',\n')}\n};\n`;
}

/**
 * The browser's routesChunkNames.json: without the sections' children (their buckets' modules add them). A link
 * into a bucket not loaded yet prefetches the bucket's module through the patched prefetch (client.ts), which reads
 * its chunk name from the section route's table.
 */
export function mainChunkNames(chunkNames: Record<string, unknown>, sections: Section[]): Record<string, unknown> {
  const moved = new Set(sections.flatMap((section) => section.childKeys));
  return Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !moved.has(key)));
}

/** The three generated files, as read from disk. */
export type GeneratedFiles = { routes: string; registry: string; chunkNames: string };

/** The plan for a build's generated files, with what the modules need. */
export function planFromFiles(files: GeneratedFiles, dir = '.docusaurus') {
  const routes = parseRoutes(files.routes, `${dir}/routes.js`);
  const chunkNames = parseChunkNames(files.chunkNames, `${dir}/routesChunkNames.json`);
  const sections = planSections(routes, chunkNames);
  return { routes, chunkNames, sections };
}

/**
 * What the browser build gets for one generated file: `file` is its name in .docusaurus/, `query` its resource
 * query (a bucket's module is routes.js with `?routesOf=<key>&bucket=<bucket>`), `source` what the loader received.
 */
export function browserModule(file: string, query: string, source: string, files: GeneratedFiles, dir = '.docusaurus'): string {
  const { routes, chunkNames, sections } = planFromFiles(files, dir);
  if (file === 'routes.js') {
    const params = new URLSearchParams(query);
    const sectionKey = params.get(SECTION_QUERY);
    if (sectionKey === null) return mainRoutesModule(routes, sections);
    const bucket = params.get(BUCKET_QUERY);
    const section = sections.find((candidate) => candidate.key === sectionKey && candidate.bucket === bucket);
    expectShape(PLUGIN, section, { expected: `a section keyed ${sectionKey} with a bucket ${JSON.stringify(bucket)}`, found: 'none in this build', fix: FIX });
    return sectionModule(routes, section, parseRegistry(files.registry, `${dir}/registry.js`), chunkNames);
  }
  if (file === 'registry.js') return mainRegistryModule(source, sections, `${dir}/registry.js`);
  if (file === 'routesChunkNames.json') return JSON.stringify(mainChunkNames(chunkNames, sections));
  throw new Error(`[${PLUGIN}] no rule for ${file}`);
}
