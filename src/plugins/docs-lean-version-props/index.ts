// The docs plugin, lighter in the browser: each version's route props no longer carry a map of every doc of the
// section, and the global data (in main.js, on every page of the site) no longer lists every doc of the section.
//
// Route props: Docusaurus loads them on every page of a section (with the sidebar); the map (each doc's id, title
// and description) is read only by doc cards (useDocById), which no page renders. It was 4.6 of the Catalyst
// section's 10.1 KB gzipped. A page that renders doc cards fails the build loudly ("no version doc found by id").
//
// Global data: the theme reads a version's doc list for two things here: the navbar's doc links find their doc by
// id (useLayoutDoc), and the navbar marks a section's link active when the current page's doc is in that link's
// sidebar (useActiveDocContext). So the list keeps the docs the navbar links to, and the rest of a single-sidebar
// section becomes one entry whose path matches every page of the section, with that sidebar. A section with
// several sidebars keeps its full list.
//
// Sidebars: the props keep each sidebar's top level; the items of its collapsed categories travel with the route
// buckets of their pages (sidebarBranches.ts, withSidebarBranches below), so a page's first load no longer carries
// every category of its section.
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin, RouteConfig } from '@docusaurus/types';
import type { LoadedContent, PluginOptions } from '@docusaurus/plugin-content-docs';
import { describe, expectShape, isRecord } from '../shape';
import { BRANCHES_FIELD, splitSidebars, type Sidebars } from './sidebarBranches';

const PLUGIN = 'docs-lean-version-props';
const FIX = "read plugin-content-docs' contentLoaded (lib/index.js, lib/routes.js, lib/globalData.js) and update src/plugins/docs-lean-version-props";

/** The route with its version props' doc map emptied, at any depth of the route tree; `emptied` counts them. */
function withoutDocMap(route: RouteConfig, emptied: { count: number }): RouteConfig {
  const version = route.props?.version as { docs?: unknown } | undefined;
  if (isRecord(version?.docs)) emptied.count += 1;
  return {
    ...route,
    ...(version?.docs !== undefined && { props: { ...route.props, version: { ...version, docs: {} } } }),
    ...(route.routes && { routes: route.routes.map((child) => withoutDocMap(child, emptied)) }),
  };
}

/** Asserts a version's `docsSidebars` is `{ [sidebar]: [{ type, … }] }`, as sidebarBranches.ts reads it. */
function expectSidebars(sidebars: unknown, path: string): asserts sidebars is Sidebars {
  expectShape(PLUGIN, isRecord(sidebars) && Object.values(sidebars).every((items) => Array.isArray(items) && items.every((item) => isRecord(item) && typeof item.type === 'string')), {
    expected: `the version route ${path}'s props to hold \`version.docsSidebars\`: { [sidebar]: [{ type, … }] }`,
    found: () => describe(sidebars),
    fix: FIX,
  });
}

/**
 * The route with each version's sidebars split (sidebarBranches.ts): the version props keep the top level and
 * placeholders, the docs root route under it (the child whose pages name a sidebar) gets the branches as
 * `sidebarBranches`. `split` counts the versions split.
 */
export function withSidebarBranches(route: RouteConfig, split: { count: number }): RouteConfig {
  const version = route.props?.version as { docsSidebars?: unknown } | undefined;
  if (version === undefined || !route.routes) {
    return route.routes ? { ...route, routes: route.routes.map((child) => withSidebarBranches(child, split)) } : route;
  }
  expectSidebars(version.docsSidebars, route.path);
  const docsRoot = route.routes.find((child) => child.routes?.some((page) => typeof page.sidebar === 'string'));
  if (!docsRoot) return route;
  const { sidebars, branches } = splitSidebars(version.docsSidebars, docsRoot.path);
  split.count += 1;
  return {
    ...route,
    props: { ...route.props, version: { ...version, docsSidebars: sidebars } },
    routes: route.routes.map((child) => (child === docsRoot ? { ...child, [BRANCHES_FIELD]: branches } : child)),
  };
}

/** Asserts global data is `{ versions: [{ path, mainDocId, docs: [{ id, path, sidebar? }] }] }`, as read below. */
export function expectGlobalVersions(data: unknown, pluginId: string): asserts data is { versions: GlobalVersion[] } {
  const versions = isRecord(data) ? data.versions : undefined;
  const ok =
    Array.isArray(versions) &&
    versions.length > 0 &&
    versions.every(
      (v) => isRecord(v) && typeof v.path === 'string' && typeof v.mainDocId === 'string' && Array.isArray(v.docs) &&
        v.docs.every((doc) => isRecord(doc) && typeof doc.id === 'string' && typeof doc.path === 'string'),
    );
  expectShape(PLUGIN, ok, {
    expected: `docs instance ${pluginId}'s global data \`{ versions: [{ path, mainDocId, docs: [{ id, path, sidebar? }] }] }\``,
    found: () => (Array.isArray(versions) ? `versions ${describe(versions)}` : describe(data)),
    fix: FIX,
  });
}

type GlobalDoc = { id: string; path: string; sidebar?: string };
type GlobalVersion = { path: string; mainDocId: string; docs: GlobalDoc[] };
type NavbarItem = { type?: string; docId?: string; docsPluginId?: string; items?: NavbarItem[] };

/** Ids of the docs of this docs instance that navbar items of type `doc` link to. */
function navbarDocIds(items: NavbarItem[], pluginId: string): Set<string> {
  const ids = new Set<string>();
  const visit = (item: NavbarItem) => {
    if (item.type === 'doc' && item.docId && (item.docsPluginId ?? 'default') === pluginId) ids.add(item.docId);
    item.items?.forEach(visit);
  };
  items.forEach(visit);
  return ids;
}

/** A version's doc list as the navbar needs it (see the comment at the top). */
export function leanDocList(version: GlobalVersion, keep: Set<string>): GlobalDoc[] {
  const sidebars = new Set(version.docs.map((doc) => doc.sidebar));
  if (sidebars.size !== 1) return version.docs;
  const [sidebar] = sidebars;
  const kept = version.docs.filter((doc) => keep.has(doc.id) || doc.id === version.mainDocId);
  // React Router's pattern for "the version's path and anything below it".
  const section = { id: '', path: `${version.path.replace(/\/$/, '')}/:page*`, ...(sidebar && { sidebar }) };
  return [...kept, section];
}

export default async function docsLeanVersionProps(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await docsPlugin(context, options);
  const { contentLoaded } = plugin;
  const navbarItems = (context.siteConfig.themeConfig as { navbar?: { items?: NavbarItem[] } }).navbar?.items ?? [];
  const keep = navbarDocIds(navbarItems, options.id);
  return {
    ...plugin,
    contentLoaded: contentLoaded
      ? async (args) => {
          const emptied = { count: 0 };
          const split = { count: 0 };
          let globalDataSet = false;
          await contentLoaded({
            ...args,
            actions: {
              ...args.actions,
              addRoute: (route) => args.actions.addRoute(withSidebarBranches(withoutDocMap(route, emptied), split)),
              setGlobalData: (data) => {
                expectGlobalVersions(data, options.id);
                globalDataSet = true;
                args.actions.setGlobalData({
                  ...(data as object),
                  versions: data.versions.map((version) => ({ ...version, docs: leanDocList(version, keep) })),
                });
              },
            },
          });
          // Both halves of the plugin: without these, a moved doc map would ship again, unnoticed.
          expectShape(PLUGIN, emptied.count > 0, {
            expected: `docs instance ${options.id} to add a route whose props hold \`version.docs\` (an object of every doc)`,
            found: 'no route with such props',
            fix: FIX,
          });
          expectShape(PLUGIN, split.count > 0, {
            expected: `docs instance ${options.id} to add a version route (props \`version\`) whose children include a route of pages naming their \`sidebar\``,
            found: 'no such route',
            fix: FIX,
          });
          expectShape(PLUGIN, globalDataSet, {
            expected: `docs instance ${options.id} to call setGlobalData in contentLoaded`,
            found: 'no call',
            fix: FIX,
          });
        }
      : undefined,
  };
}

export { validateOptions };
