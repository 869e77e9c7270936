/**
 * What a built page loads, read from the build's chunk graph: the route tree (.docusaurus/routes.js), each
 * route's chunk names (routesChunkNames.json) and the bundler's client manifest (which chunks, and so which
 * JS and CSS files, each named chunk group needs). Used by the route-stylesheets plugin and the budget test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expectShape, isRecord } from '../shape';
import { chunkNameLeaves as leaves, parseRoutes, planSections, routeKey, type RouteDecl } from '../route-sections/split';

type RouteNode = { path: string; key: string; exact?: boolean; routes?: RouteNode[] };
type Manifest = {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, Record<string, { file: string }[]>>;
};

export type Assets = { js: string[]; css: string[] };

export class ChunkGraph {
  private readonly routes: RouteNode[];
  private readonly chunkNames: Record<string, unknown>;
  private readonly manifest: Manifest;
  /** A section's page (route key) → the chunk of its bucket's routes module (route-sections, see split.ts). */
  private readonly bucketChunks: Map<string, string>;

  /**
   * Reads the three files, asserting each has the shape read here: without that, a Docusaurus release that moved
   * one would leave every page's HTML as it is and the plugins would succeed at doing nothing. `plugin` names the
   * caller in the error.
   */
  constructor(generatedFilesDir: string, plugin = 'route-stylesheets') {
    const fix = 'read the new file in .docusaurus/ and update src/plugins/route-stylesheets/chunkGraph.ts (UPGRADING.md rows plugin:route-scripts, plugin:route-stylesheets)';
    const routesSource = readFileSync(path.join(generatedFilesDir, 'routes.js'), 'utf8');
    const declared = parseRoutes(routesSource, '.docusaurus/routes.js', plugin, fix);
    this.routes = toNodes(declared);
    const chunkNames: unknown = JSON.parse(readFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8'));
    const routeKeys = allKeys(this.routes);
    expectShape(plugin, isRecord(chunkNames) && routeKeys.some((key) => key in chunkNames), {
      expected: `routesChunkNames.json to be an object keyed by each route's \`<path>-<hash>\` (as ${routeKeys[0]})`,
      found: () => describe(chunkNames),
      fix,
    });
    this.chunkNames = chunkNames;
    const manifest: unknown = JSON.parse(readFileSync(path.join(generatedFilesDir, 'client-manifest.json'), 'utf8'));
    const chunkNameLeaves = leaves(chunkNames);
    expectShape(
      plugin,
      isRecord(manifest) && isRecord(manifest.origins) && isRecord(manifest.assets) &&
        chunkNameLeaves.some((name) => Array.isArray((manifest.origins as Record<string, unknown>)[name])),
      {
        expected: 'client-manifest.json to hold `origins` (chunk group name → chunk ids, named as routesChunkNames.json names them) and `assets` (chunk id → { js, css: [{ file }] })',
        found: () => (isRecord(manifest) && isRecord(manifest.origins) ? `origins keyed ${describe(Object.keys(manifest.origins))}, none a route chunk name (as ${chunkNameLeaves[0]})` : describe(manifest)),
        fix,
      },
    );
    this.manifest = manifest as Manifest;
    const sections = planSections(declared, chunkNames);
    this.bucketChunks = new Map(sections.flatMap((bucket) => bucket.childKeys.map((key) => [key, bucket.chunkName] as const)));
  }

  /** The keys of the routes rendered for a pathname, outermost first, as React Router matches them. */
  routeChain(pathname: string): string[] {
    const chain: string[] = [];
    let level: RouteNode[] | undefined = this.routes;
    while (level) {
      const match: RouteNode | undefined = level.find((route) => matches(route, pathname));
      if (!match) break;
      chain.push(match.key);
      level = match.routes;
    }
    return chain;
  }

  /**
   * The chunk names (registry keys) a route's components and props are loaded from, and for a section's page the
   * chunk of its bucket's routes (route-sections), which the browser loads before it matches the pathname.
   */
  routeChunkNames(pathname: string): string[] {
    return this.routeChain(pathname).flatMap((key) => [...this.bucketChunk(key), ...leaves(this.chunkNames[key])]);
  }

  /** The chunks holding the sections' routes (route-sections), one per bucket of each docs section. */
  sectionChunkNames(): string[] {
    return [...new Set(this.bucketChunks.values())];
  }

  /** The chunk of the bucket holding a page's route, if route-sections moved it out of main.js. */
  bucketChunk(key: string): string[] {
    const chunk = this.bucketChunks.get(key);
    return chunk === undefined ? [] : [chunk];
  }

  /**
   * The chunk names of a pathname's route data rather than code: each route's `content` (the compiled page) and
   * `__props` (for a docs version, its sidebars and the list of its docs), and its bucket's routes module. All
   * grow as writers add pages.
   */
  routeDataChunkNames(pathname: string): string[] {
    return this.routeChain(pathname).flatMap((key) => {
      const names = this.chunkNames[key];
      const data = isRecord(names) ? (['content', '__props'] as const).flatMap((field) => leaves(names[field])) : [];
      return [...this.bucketChunk(key), ...data];
    });
  }

  /** The JS and CSS files of named chunk groups (route chunk names, or webpackChunkName of a lazy import). */
  groupAssets(groupNames: string[], { required = true } = {}): Assets {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const name of groupNames) {
      const chunks = this.manifest.origins[name];
      if (!chunks && required) throw new Error(`no chunk group named ${name} in the client manifest`);
      if (!chunks) continue;
      for (const chunk of chunks) {
        for (const asset of this.manifest.assets[chunk]?.js ?? []) js.add(asset.file);
        for (const asset of this.manifest.assets[chunk]?.css ?? []) css.add(asset.file);
      }
    }
    return { js: [...js], css: [...css] };
  }

  /** The JS and CSS files of chunks by id. */
  chunkAssets(ids: string[]): Assets {
    const pick = (kind: 'js' | 'css') => ids.flatMap((id) => (this.manifest.assets[id]?.[kind] ?? []).map((a) => a.file));
    return { js: pick('js'), css: pick('css') };
  }

  /** The files a pathname's route chunks need, beyond the entry point every page loads. */
  routeAssets(pathname: string, extraGroups: string[] = []): Assets {
    // A route module that the bundler placed in the entry chunk (e.g. the not-found page's) has no group.
    const route = this.groupAssets(this.routeChunkNames(pathname), { required: false });
    const extra = this.groupAssets(extraGroups);
    return { js: [...new Set([...route.js, ...extra.js])], css: [...new Set([...route.css, ...extra.css])] };
  }
}

function toNodes(routes: RouteDecl[]): RouteNode[] {
  return routes.map((route) => ({
    path: route.path,
    key: routeKey(route),
    exact: route.exact as boolean | undefined,
    routes: route.routes ? toNodes(route.routes) : undefined,
  }));
}

function allKeys(routes: RouteNode[]): string[] {
  return routes.flatMap((route) => [route.key, ...allKeys(route.routes ?? [])]);
}

function matches(route: RouteNode, pathname: string): boolean {
  if (route.path === '*') return true;
  const normalize = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  const [routePath, target] = [normalize(route.path), normalize(pathname)];
  if (route.exact) return routePath === target;
  return target === routePath || target.startsWith(routePath === '/' ? '/' : `${routePath}/`);
}

