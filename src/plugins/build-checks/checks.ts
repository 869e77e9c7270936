/**
 * The build's own checks on what it made (see index.ts): pure functions over the docs' loaded content and the
 * built HTML, so each is unit-tested on fixtures.
 */

type SidebarItem = { type: string; id?: string; items?: SidebarItem[]; link?: { type: string; id?: string } };
export type DocEntry = { id: string; source: string; permalink: string; frontMatter: Record<string, unknown> };
export type DocsInstance = { loadedVersions: { docs: DocEntry[]; sidebars: Record<string, SidebarItem[]> }[] };

/** Ids of the docs a version's sidebars list: doc and ref items, and categories' doc links. */
export function sidebarDocIds(sidebars: Record<string, SidebarItem[]>): Set<string> {
  const ids = new Set<string>();
  const visit = (items: SidebarItem[]) => {
    for (const item of items) {
      if ((item.type === 'doc' || item.type === 'ref') && item.id) ids.add(item.id);
      if (item.link?.type === 'doc' && item.link.id) ids.add(item.link.id);
      visit(item.items ?? []);
    }
  };
  Object.values(sidebars).forEach(visit);
  return ids;
}

/** Docs no sidebar of their instance lists, as `<instance>: <source>` (the file a writer adds to the sidebar). */
export function docsOutsideSidebars(instances: Record<string, DocsInstance>): string[] {
  return Object.entries(instances).flatMap(([instance, content]) =>
    content.loadedVersions.flatMap((version) => {
      const listed = sidebarDocIds(version.sidebars);
      return version.docs.filter((doc) => !listed.has(doc.id)).map((doc) => `${instance}: ${doc.source} (id ${doc.id})`);
    }),
  );
}

/**
 * The class the API item layout gives its left column: the theme's ApiItem and our ApiOperationPage both render
 * it, and a page that fell back to a plain doc (no `api` front matter, or a theme that no longer picks it up) does not.
 */
export const API_LAYOUT_MARK = 'openapi-left-panel__container';

/** True when a generated file is an operation page (the OpenAPI plugin names them `<operation>.api.mdx`). */
export const isOperationSource = (source: string) => source.endsWith('.api.mdx');

/** The class attribute values of an HTML document (quoted or, as the minifier leaves them, unquoted). */
function classNames(html: string): Set<string> {
  const names = new Set<string>();
  for (const m of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    for (const name of (m[1] ?? m[2] ?? m[3]).split(/\s+/)) names.add(name);
  }
  return names;
}

/** Operation pages whose HTML lacks the API layout's column, as `<source> (<route>)`. */
export function operationPagesWithoutApiLayout(pages: { source: string; route: string; html: string }[]): string[] {
  return pages
    .filter((page) => isOperationSource(page.source) && !classNames(page.html).has(API_LAYOUT_MARK))
    .map((page) => `${page.source} (${page.route})`);
}

/** Internal link targets of an HTML document: root-relative hrefs, without query or fragment. */
export function internalLinks(html: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/\shref=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const href = (m[1] ?? m[2] ?? m[3]).replace(/[?#].*$/, '');
    if (href.startsWith('/') && !href.startsWith('//')) links.push(href);
  }
  return links;
}

/** A route and a link compare equal with or without the trailing slash. */
const normalize = (route: string) => (route.length > 1 ? route.replace(/\/$/, '') : route);

/**
 * Routes no other page links to. Links are read from the built HTML, so the navbar, footer and sidebar (as
 * rendered) count; `alsoLinked` adds routes linked elsewhere (every sidebar entry, including those inside a
 * category the HTML renders collapsed). `exempt` lists routes that are orphans by design.
 */
export function orphanRoutes(pages: { route: string; html: string }[], alsoLinked: Iterable<string>, exempt: Iterable<string>): string[] {
  const linked = new Set([...alsoLinked, ...exempt].map(normalize));
  for (const { route, html } of pages) {
    for (const link of internalLinks(html)) if (normalize(link) !== normalize(route)) linked.add(normalize(link));
  }
  return pages.map((page) => page.route).filter((route) => !linked.has(normalize(route)));
}
