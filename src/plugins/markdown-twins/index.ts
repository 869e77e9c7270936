/**
 * Build-time plugin: writes a Markdown twin of every page (`/a/b` → `/a/b.md`, `/a/` → `/a/index.md`) from the
 * page's own source, the site's /llms.txt, and each section's llms.txt and llms-full.txt, then advertises each
 * twin in its page's head where the theme has not already done so.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

import { landingPath, sections } from '../../sections';
import { HOME_HERO, POPULAR, POPULAR_HEADING, PRODUCTS_HEADING } from '../../homePage';
import { twinBodies } from './bodies';
import { homeTwin, ownLlmsTxt, sectionLlmsFullTxt, sectionLlmsTxt, siteLlmsTxt, twinDocument, type OwnIndex, type SectionEntries, type TwinEntry } from './llmsTxt';
import { twinPath } from './twinPath';
import { expectLoadedContent } from '../loadedContent';

export type MarkdownTwinsOptions = {
  /** The OpenAPI document the API operation pages are generated from, relative to the site folder. */
  openapiPath: string;
  /** One paragraph on what the platform is, for the top of /llms.txt. */
  summary: string;
  /**
   * The published origin (e.g. https://docs.diagrid.io) that links in the twins and llms files name; '' for a
   * build that publishes nowhere, whose links are then root-relative (src/siteOrigin.ts).
   */
  siteUrl: string;
  /** Parts of a section (generated references) listed in an llms.txt of their own, so each index stays small. */
  ownIndexes?: OwnIndex[];
};

type DocMeta = {
  id: string;
  title: string;
  description?: string;
  source: string;
  permalink: string;
  frontMatter: Record<string, unknown>;
  unlisted?: boolean;
  draft?: boolean;
};
type SidebarItem = { type: string; id?: string; items?: SidebarItem[]; link?: { type: string; id?: string } };
type DocsContent = { loadedVersions: { docs: DocMeta[]; sidebars: Record<string, SidebarItem[]> }[] };
type PageMeta = { type: 'jsx' | 'mdx'; permalink: string; source: string; frontMatter?: Record<string, unknown>; title?: string; description?: string };

/** Doc ids in the order their sidebars list them; docs outside every sidebar follow, in file order. */
export function sidebarOrder(sidebars: Record<string, SidebarItem[]>, allIds: string[]): string[] {
  const ordered: string[] = [];
  const visit = (items: SidebarItem[]) => {
    for (const item of items) {
      if ((item.type === 'doc' || item.type === 'ref') && item.id) ordered.push(item.id);
      if (item.type === 'category') {
        if (item.link?.type === 'doc' && item.link.id) ordered.push(item.link.id);
        visit(item.items ?? []);
      }
    }
  };
  Object.values(sidebars).forEach(visit);
  const seen = new Set<string>();
  return [...ordered, ...allIds].filter((id) => !seen.has(id) && seen.add(id) && allIds.includes(id));
}

function resolveSource(siteDir: string, source: string): string {
  return path.resolve(siteDir, source.replace(/^@site\//, ''));
}

/** Built HTML file of a route, whichever trailing-slash layout the build used. */
async function htmlFileOf(outDir: string, route: string): Promise<string | undefined> {
  const candidates = route.endsWith('/')
    ? [path.join(outDir, route, 'index.html')]
    : [path.join(outDir, route, 'index.html'), path.join(outDir, `${route}.html`)];
  for (const file of candidates) {
    try {
      await fs.access(file);
      return file;
    } catch {
      // try the next layout
    }
  }
  return undefined;
}

type SourceMeta = { title: string; description?: string; permalink: string; source: string };

export default function markdownTwins(context: LoadContext, options: MarkdownTwinsOptions): Plugin {
  const siteUrl = options.siteUrl.replace(/\/$/, '');
  const llmsTxtUrl = `${siteUrl}/llms.txt`;
  const ownIndexes = options.ownIndexes ?? [];
  for (const index of ownIndexes) {
    if (!sections.some((section) => index.route.startsWith(`/${section.routeBasePath}/`)) || !index.route.endsWith('/')) {
      throw new Error(`markdown-twins: ownIndexes route ${index.route} must be a folder route (ending in /) inside a section`);
    }
  }
  let docsByPlugin: Record<string, DocsContent> = {};
  let sources: SourceMeta[] = [];

  const allDocs = () => Object.values(docsByPlugin).flatMap((content) => content.loadedVersions.flatMap((v) => v.docs));

  return {
    name: 'markdown-twins',

    allContentLoaded({ allContent }) {
      expectLoadedContent(allContent as Record<string, Record<string, unknown>>, sections.map((s) => s.id), 'markdown-twins');
      docsByPlugin = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
      const pages = ((allContent['docusaurus-plugin-content-pages'] ?? {}).default ?? []) as PageMeta[];
      // Every doc and MDX page, with the title and description its twin opens with.
      sources = [
        ...allDocs(),
        ...pages
          .filter((page) => page.type === 'mdx')
          .map((page) => ({
            title: String(page.frontMatter?.title ?? page.title ?? page.permalink),
            description: page.frontMatter?.description as string | undefined,
            permalink: page.permalink,
            source: page.source,
          })),
      ];
    },

    async postBuild({ outDir, routesPaths }) {
      const built = new Set(routesPaths);
      // Converted here, on the main thread: a worker thread started while the bundler ran bought no build time that
      // paired whole-build runs could tell from noise (UPGRADING.md, plugin:markdown-twins).
      const permalinkBySource = new Map(allDocs().map((doc) => [resolveSource(context.siteDir, doc.source), doc.permalink]));
      const converted = await twinBodies({
        siteUrl,
        openapiFile: path.resolve(context.siteDir, options.openapiPath),
        openapiLabel: options.openapiPath,
        permalinkBySource,
        pages: sources.map((meta) => ({ permalink: meta.permalink, sourceFile: resolveSource(context.siteDir, meta.source), label: meta.source })),
      });
      const twins = new Map<string, { entry: TwinEntry; markdown: string }>();
      sources.forEach((meta, k) => {
        if (!built.has(meta.permalink)) return;
        const { body, isOperation } = converted[k];
        const entry: TwinEntry = { title: meta.title, description: meta.description, permalink: meta.permalink, twin: twinPath(meta.permalink) };
        // An operation's description opens its body already; the twin does not repeat it as a summary.
        twins.set(meta.permalink, { entry, markdown: twinDocument(meta.title, isOperation ? undefined : meta.description, body, llmsTxtUrl) });
      });

      const sectionEntries: (SectionEntries & { twins: { entry: TwinEntry; markdown: string }[] })[] = sections.map((section) => {
        const content = docsByPlugin[section.id];
        const docs = content?.loadedVersions[0]?.docs ?? [];
        const byId = new Map(docs.map((doc) => [doc.id, doc]));
        const ordered = sidebarOrder(content?.loadedVersions[0]?.sidebars ?? {}, docs.map((d) => d.id))
          .map((id) => twins.get(byId.get(id)!.permalink))
          .filter((twin): twin is { entry: TwinEntry; markdown: string } => Boolean(twin));
        return { label: section.label, pitch: section.pitch, route: `/${section.routeBasePath}/`, pages: ordered.map((t) => t.entry), twins: ordered };
      });

      const siteIndex = siteLlmsTxt(siteUrl, context.siteConfig.title, options.summary, sectionEntries, ownIndexes);
      // The home page's twin says what the home page says (its cards and starting points link twins); the site
      // index itself is /llms.txt, which the twin points at under its title.
      if (built.has('/')) {
        const home = { hero: HOME_HERO, productsHeading: PRODUCTS_HEADING, popularHeading: POPULAR_HEADING, popular: POPULAR };
        const cards = sections.map((section) => ({ label: section.label, pitch: section.pitch, landing: landingPath(section), startHere: section.startHere }));
        twins.set('/', { entry: { title: context.siteConfig.title, permalink: '/', twin: twinPath('/') }, markdown: homeTwin(siteUrl, home, cards, llmsTxtUrl) });
      }

      // Routes with no source of their own (the search page): their head's title, and the way to every page.
      for (const route of routesPaths) {
        if (twins.has(route) || route.endsWith('.html')) continue;
        const htmlFile = await htmlFileOf(outDir, route);
        if (!htmlFile) continue;
        const html = await fs.readFile(htmlFile, 'utf8');
        const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/\s*\|.*$/, '') ?? route;
        const body = `Every page, each with its Markdown version, is listed in the indexes that ${llmsTxtUrl} links.`;
        twins.set(route, { entry: { title, permalink: route, twin: twinPath(route) }, markdown: twinDocument(title, undefined, body, llmsTxtUrl) });
      }

      const writes: [string, string][] = [['/llms.txt', siteIndex]];
      for (const section of sectionEntries) {
        writes.push([`${section.route}llms.txt`, sectionLlmsTxt(siteUrl, context.siteConfig.title, section, ownIndexes)]);
        for (const index of ownIndexes.filter((own) => own.route.startsWith(section.route))) {
          writes.push([`${index.route}llms.txt`, ownLlmsTxt(siteUrl, section, index)]);
        }
        writes.push([`${section.route}llms-full.txt`, sectionLlmsFullTxt(siteUrl, section.twins)]);
      }
      for (const { entry, markdown } of twins.values()) writes.push([entry.twin, markdown]);
      for (const [route, text] of writes) {
        const file = path.join(outDir, route);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, text);
      }

      // Doc pages carry the alternate link from the theme (src/theme/DocBreadcrumbs); the others get it here.
      for (const { entry } of twins.values()) {
        const htmlFile = await htmlFileOf(outDir, entry.permalink);
        if (!htmlFile) continue;
        const html = await fs.readFile(htmlFile, 'utf8');
        if (/type=["']?text\/markdown/.test(html)) continue;
        const link = `<link rel="alternate" type="text/markdown" href="${entry.twin}">`;
        await fs.writeFile(htmlFile, html.replace('</head>', `${link}</head>`));
      }
    },
  };
}
