/**
 * Splits the browser's route table by section. Docusaurus writes every route of the site into three generated
 * modules that `main.js` holds (facebook/docusaurus#7256): `.docusaurus/routes.js` (the route tree),
 * `routesChunkNames.json` (each route's chunk names) and `registry.js` (a loader per chunk name). Each page of
 * the site adds to all three, so every page's first load grew with the page count.
 *
 * Here each route whose children are all leaves (a docs section's pages, under its version's root) keeps its
 * place in the tree with `routes: []` and a `lazyRoutes` import of a module of its own, which holds its
 * children, their chunk names and the loaders only they use. The patched `preload` of Docusaurus's client
 * (UPGRADING.md, `patch:@docusaurus+core:lazy-routes`) loads that module before it matches a pathname, so a
 * page's first load carries the routes of its own section only; route-scripts lists the module in the page's
 * HTML. The server build keeps the whole table: pages render the same.
 *
 * Pure functions over the three files' text, run by the loader (`loader.cjs`) and by the chunk graph.
 */
import { describe, expectShape, isRecord } from '../shape';
import { ADD_ROWS } from './chunkTable';

const PLUGIN = 'route-sections';
const FIX = 'read the new file in .docusaurus/ and update src/plugins/route-sections/split.ts (UPGRADING.md row plugin:route-sections)';

/** A route as routes.js declares it, its component given as the arguments of `ComponentCreator(path, hash)`. */
export type RouteDecl = {
  path: string;
  component: { path: string; hash?: string };
  routes?: RouteDecl[];
  [field: string]: unknown;
};

/** One route whose children move out of main.js. */
export type Section = {
  /** The route's key in routesChunkNames.json, `<path>-<hash>`. */
  key: string;
  /** The chunk its children's module is named by (`webpackChunkName`), e.g. `routes-catalyst`. */
  chunkName: string;
  /** The keys of its children. */
  childKeys: string[];
  /** The registry entries only its children use. */
  registryNames: string[];
};

/** The `?routesOf=` query that names a section's module (routes.js with that query). */
export const SECTION_QUERY = 'routesOf';

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

/**
 * The routes to split: every route below the top level whose children are all leaves. A registry entry moves with
 * a section when that section's children are the only routes that use it; one the rest of the site also uses stays.
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

  // Which section's children use each chunk name; `null` for a route that stays in main.js.
  const users = new Map<string, Set<string | null>>();
  const use = (key: string, owner: string | null) => {
    for (const name of chunkNameLeaves(chunkNames[key])) {
      users.set(name, (users.get(name) ?? new Set()).add(owner));
    }
  };
  const childOf = new Map<string, string>();
  for (const { route, key } of found) for (const child of route.routes ?? []) childOf.set(routeKey(child), key);
  const walkAll = (level: RouteDecl[]) => {
    for (const route of level) {
      const key = routeKey(route);
      use(key, childOf.get(key) ?? null);
      walkAll(route.routes ?? []);
    }
  };
  walkAll(routes);

  const taken = new Set<string>();
  return found.map(({ route, key }) => {
    const slug = route.path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'root';
    const chunkName = taken.has(`routes-${slug}`) ? `routes-${slug}-${route.component.hash ?? ''}` : `routes-${slug}`;
    taken.add(chunkName);
    const registryNames = [...users]
      .filter(([, owners]) => owners.size === 1 && owners.has(key))
      .map(([name]) => name)
      .sort();
    return { key, chunkName, childKeys: (route.routes ?? []).map(routeKey), registryNames };
  });
}

function routeCode(route: RouteDecl, sections: Map<string, Section>, indent: string): string {
  const section = sections.get(routeKey(route));
  const fields = Object.entries(route).map(([field, value]) => {
    if (field === 'component') {
      const args = [route.component.path, ...(route.component.hash === undefined ? [] : [route.component.hash])];
      return `component: ComponentCreator(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
    }
    if (field === 'routes' && section) {
      const module = JSON.stringify(`./routes.js?${SECTION_QUERY}=${encodeURIComponent(section.key)}`);
      return `routes: [],\n${indent}  lazyRoutes: () => import(/* webpackChunkName: ${JSON.stringify(section.chunkName)} */ ${module})`;
    }
    if (field === 'routes') return `routes: ${routesCode(value as RouteDecl[], sections, `${indent}  `)}`;
    return `${JSON.stringify(field)}: ${JSON.stringify(value)}`;
  });
  return `${indent}{\n${fields.map((field) => `${indent}  ${field}`).join(',\n')}\n${indent}}`;
}

function routesCode(routes: RouteDecl[], sections: Map<string, Section>, indent: string): string {
  return `[\n${routes.map((route) => routeCode(route, sections, `${indent}  `)).join(',\n')}\n${indent}]`;
}

const IMPORT_CREATOR = "import ComponentCreator from '@docusaurus/ComponentCreator';";

/** The browser's routes.js: the whole tree, each section's children replaced by an import of its module. */
export function mainRoutesModule(routes: RouteDecl[], sections: Section[]): string {
  const byKey = new Map(sections.map((section) => [section.key, section]));
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
 * A section's module (routes.js?routesOf=<key>): adds its children's registry entries and chunk names to the
 * objects main.js's ComponentCreator reads, then exports the children. Registry entries keep their loader and
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
    `export default ${routesCode(parent.routes, new Map(), '')};`,
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
 * The browser's routesChunkNames.json: without the sections' children, and with each section's route naming its
 * module's chunk under `__routes`, so Docusaurus's prefetch of a link into a section not loaded yet fetches that
 * module. ComponentCreator loads only names the registry holds, and the registry has no `routes-…` entry.
 */
export function mainChunkNames(chunkNames: Record<string, unknown>, sections: Section[]): Record<string, unknown> {
  const moved = new Set(sections.flatMap((section) => section.childKeys));
  const bySection = new Map(sections.map((section) => [section.key, section]));
  return Object.fromEntries(
    Object.entries(chunkNames)
      .filter(([key]) => !moved.has(key))
      .map(([key, names]) => {
        const section = bySection.get(key);
        return [key, section && isRecord(names) ? { ...names, __routes: section.chunkName } : names];
      }),
  );
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
 * query (a section's module is routes.js with `?routesOf=<key>`), `source` what the loader received.
 */
export function browserModule(file: string, query: string, source: string, files: GeneratedFiles, dir = '.docusaurus'): string {
  const { routes, chunkNames, sections } = planFromFiles(files, dir);
  if (file === 'routes.js') {
    const sectionKey = new URLSearchParams(query).get(SECTION_QUERY);
    if (sectionKey === null) return mainRoutesModule(routes, sections);
    const section = sections.find((candidate) => candidate.key === sectionKey);
    expectShape(PLUGIN, section, { expected: `a section keyed ${sectionKey}`, found: 'none in this build', fix: FIX });
    return sectionModule(routes, section, parseRegistry(files.registry, `${dir}/registry.js`), chunkNames);
  }
  if (file === 'registry.js') return mainRegistryModule(source, sections, `${dir}/registry.js`);
  if (file === 'routesChunkNames.json') return JSON.stringify(mainChunkNames(chunkNames, sections));
  throw new Error(`[${PLUGIN}] no rule for ${file}`);
}
