/**
 * A docs section's sidebar, loaded as it is shown. The docs plugin puts every sidebar of a version, whole, in the
 * version route's props, which every page of the section loads: at ten times the pages that is ten times the
 * sidebar on every page's first load. Here the props keep each sidebar's top level and its categories' labels,
 * links and collapsed state; the items of a top-level category that starts collapsed (a "branch") move to the
 * section route (the docs root, whose children are the pages) as `sidebarBranches`, each with the route buckets
 * (`bucketOf` segments, src/plugins/route-sections) its links fall in. In the browser build route-sections carries
 * each branch in the bucket modules of its pages (split.ts), so a page's branch arrives with its routes; the
 * server build keeps them all on the route. `withBranches` puts the loaded branches back (the DocRoot wrapper,
 * src/theme/DocRoot); a branch not loaded yet stays a placeholder item, which the sidebar draws as "loading" and
 * which loads the bucket of its link when drawn (src/theme/DocSidebarItem/Link), that is when its category opens.
 *
 * The placeholder is a link to the category's first link: the theme computes a collapsed category's server-side
 * `href` from its first link (`findFirstSidebarItemLink`) and hides a category with no visible item
 * (`isVisibleSidebarItem`); with this placeholder both give what the whole category gives, so hydration matches
 * and the category stays. No imports but client.ts's `bucketOf`: it runs in the browser and under Node.
 */
import { bucketOf } from '../route-sections/client';

/** A sidebar item as the version props carry it (PropSidebarItem), the fields read here. */
export type SidebarItem = {
  type: string;
  label?: string;
  href?: string;
  items?: SidebarItem[];
  collapsed?: boolean;
  collapsible?: boolean;
  unlisted?: boolean;
  linkUnlisted?: boolean;
  [field: string]: unknown;
};
export type Sidebars = Record<string, SidebarItem[]>;

/** A top-level category's items, with the `bucketOf` segments of every link in them (its own link included). */
export type Branch = { segments: string[]; items: SidebarItem[] };
/** Branches by `branchKey(sidebar, index)`. */
export type Branches = Record<string, Branch>;

/** The route field that holds a section's branches (the docs root route's, in routes.js). */
export const BRANCHES_FIELD = 'sidebarBranches';
/** Marks the placeholder item of a branch not loaded. */
export const PENDING = 'sidebarBranchPending';

export const branchKey = (sidebar: string, index: number) => `${sidebar}#${index}`;

/** The path of a link inside the site (`/a/b` of `/a/b#c`), or undefined for another site's. */
export function sitePath(href: string | undefined): string | undefined {
  if (href === undefined || !href.startsWith('/') || href.startsWith('//')) return undefined;
  return href.replace(/[?#].*$/, '');
}

/** The first link of an item, as the theme's `findFirstSidebarItemLink` finds it. */
export function firstLink(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.unlisted ? undefined : item.href;
  if (item.type !== 'category') return undefined;
  if (item.href !== undefined && !item.linkUnlisted) return item.href;
  for (const sub of item.items ?? []) {
    const link = firstLink(sub);
    if (link !== undefined) return link;
  }
  return undefined;
}

/** The `bucketOf` segments of every link inside the section in an item and its items, in order, each once. */
export function segmentsOf(item: SidebarItem, sectionPath: string, found: string[] = []): string[] {
  const path = sitePath(item.href);
  const segment = path === undefined ? undefined : bucketOf(sectionPath, path);
  if (segment !== undefined && !found.includes(segment)) found.push(segment);
  for (const sub of item.items ?? []) segmentsOf(sub, sectionPath, found);
  return found;
}

/**
 * Splits a version's sidebars: each top-level category that starts collapsed, whose first link is a page of the
 * section (`sectionPath`), keeps a placeholder in place of its items, which become a branch. A category drawn open
 * (not collapsible, or not collapsed) keeps its items: the server's HTML lists them, so hydration needs them.
 */
export function splitSidebars(sidebars: Sidebars, sectionPath: string): { sidebars: Sidebars; branches: Branches } {
  const branches: Branches = {};
  const trimmed = Object.fromEntries(
    Object.entries(sidebars).map(([name, items]) => [
      name,
      items.map((item, index) => {
        if (item.type !== 'category' || item.collapsible === false || item.collapsed !== true) return item;
        const first = firstLink(item);
        const firstPath = sitePath(first);
        if (first === undefined || firstPath === undefined || bucketOf(sectionPath, firstPath) === undefined) return item;
        branches[branchKey(name, index)] = { segments: segmentsOf(item, sectionPath), items: item.items ?? [] };
        const placeholder: SidebarItem = { type: 'link', label: item.label, href: first, [PENDING]: true };
        return { ...item, items: [placeholder] };
      }),
    ]),
  );
  return { sidebars: trimmed, branches };
}

/** The branches a route bucket holding pages of `segments` carries: those with a link in one of them. */
export function branchesForBucket(branches: Branches, segments: string[]): Branches {
  return Object.fromEntries(Object.entries(branches).filter(([, branch]) => branch.segments.some((s) => segments.includes(s))));
}

/** The sidebars with each loaded branch back in its category (the same object when no branch applies). */
export function withBranches(sidebars: Sidebars, branches: Branches | undefined): Sidebars {
  if (!branches) return sidebars;
  let changed = false;
  const merged = Object.fromEntries(
    Object.entries(sidebars).map(([name, items]) => [
      name,
      items.map((item, index) => {
        const branch = branches[branchKey(name, index)];
        if (!branch || item.items?.[0]?.[PENDING] !== true) return item;
        changed = true;
        return { ...item, items: branch.items };
      }),
    ]),
  );
  return changed ? merged : sidebars;
}
