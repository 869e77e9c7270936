// Fails the build on three mistakes nothing else catches: a doc missing from its section's sidebar, an API
// operation page that fell back to a plain doc page, and a built page that no page, sidebar, navbar or footer links to.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

import { sections } from '../../sections';
import { expectLoadedContent } from '../loadedContent';
import { docsOutsideSidebars, operationPagesWithoutApiLayout, orphanRoutes, sidebarDocIds, type DocsInstance } from './checks';

/** Routes that are orphans by design: the not-found page is served for unknown paths, never linked. */
const NOT_LINKED_BY_DESIGN = ['/404.html'];

/**
 * Known orphans, each with why; keep it empty: a page nobody links to is a page readers find only by search, or
 * not at all. Link the page from its section (sidebar, index page) or delete it.
 */
export const KNOWN_ORPHANS: string[] = [];

type Problem = { what: string; items: string[]; fix: string };

/** One error for every problem found, so a build that fails names all of them at once. */
function failOn(problems: Problem[]): void {
  const found = problems.filter((problem) => problem.items.length > 0);
  if (found.length === 0) return;
  throw new Error(
    found.map(({ what, items, fix }) => `[build-checks] ${items.length} ${what}:\n${items.map((item) => `  ${item}`).join('\n')}\n${fix}`).join('\n'),
  );
}

/** The built HTML file of a route (`/a/b` → `a/b/index.html`; `/404.html` as it is). */
function htmlFile(outDir: string, route: string): string {
  return path.join(outDir, route, /\.html?$/.test(route) ? '' : 'index.html');
}

export default function buildChecks(): Plugin {
  let docs: Record<string, DocsInstance> = {};
  let pageSources: { permalink: string; source: string }[] = [];
  return {
    name: 'build-checks',

    // Before bundling: a sidebar gap fails in seconds, not after the build.
    allContentLoaded({ allContent }) {
      expectLoadedContent(allContent as Record<string, Record<string, unknown>>, sections.map((s) => s.id), 'build-checks');
      docs = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsInstance>;
      pageSources = ((allContent['docusaurus-plugin-content-pages'] ?? {}).default ?? []) as { permalink: string; source: string }[];
      failOn([
        {
          what: 'doc(s) in no sidebar of their section',
          items: docsOutsideSidebars(docs),
          fix: 'Add each to its section\'s sidebar (the Catalyst sidebar is listed in catalyst/sidebars.ts; the others follow the folder tree), or delete it.',
        },
      ]);
    },

    async postBuild({ outDir, routesPaths }) {
      const pages = routesPaths
        .map((route) => ({ route, file: htmlFile(outDir, route) }))
        .filter(({ file }) => existsSync(file))
        .map(({ route, file }) => ({ route, html: readFileSync(file, 'utf8') }));
      const htmlByRoute = new Map(pages.map((page) => [page.route, page.html]));
      const allDocs = Object.values(docs).flatMap((content) => content.loadedVersions.flatMap((v) => v.docs));

      const operationPages = allDocs.flatMap((doc) => {
        const html = htmlByRoute.get(doc.permalink);
        return html === undefined ? [] : [{ source: doc.source, route: doc.permalink, html }];
      });

      const inSidebars = Object.values(docs).flatMap((content) =>
        content.loadedVersions.flatMap((version) => {
          const ids = sidebarDocIds(version.sidebars);
          return version.docs.filter((doc) => ids.has(doc.id)).map((doc) => doc.permalink);
        }),
      );
      const orphans = orphanRoutes(pages, inSidebars, [...NOT_LINKED_BY_DESIGN, ...KNOWN_ORPHANS]);
      const sourceOf = new Map([...allDocs, ...pageSources].map((page) => [page.permalink, page.source]));
      failOn([
        {
          what: 'API operation page(s) rendered as a plain doc page, not by the API item layout',
          items: operationPagesWithoutApiLayout(operationPages),
          fix: 'Check the page\'s `api` front matter (regenerate with `npm run gen-api`) and src/components/CatalystDocItem, which picks the layout by it.',
        },
        {
          what: 'built page(s) that no other page, sidebar, navbar or footer links to',
          items: orphans.map((route) => `${route} (${sourceOf.get(route) ?? path.relative(process.cwd(), htmlFile(outDir, route))})`),
          fix: 'Link each from its section (a sidebar, an index page, the footer) or delete its source.',
        },
      ]);
    },
  };
}
