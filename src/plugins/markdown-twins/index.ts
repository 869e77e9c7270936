/**
 * Build-time plugin: writes a Markdown twin of every page (`/a/b` → `/a/b.md`, `/a/` → `/a/index.md`) from the
 * page's own source, the site's /llms.txt, and each section's llms.txt and llms-full.txt, then advertises each
 * twin in its page's head where the theme has not already done so.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import yaml from 'js-yaml';
import type { LoadContext, Plugin } from '@docusaurus/types';

import { sections } from '../../sections';
import { mdxToMarkdown, type LinkContext } from './mdxToMarkdown';
import { findOperation, operationToMarkdown, type OpenApiDocument } from './openapiToMarkdown';
import { sectionLlmsFullTxt, sectionLlmsTxt, siteLlmsTxt, twinDocument, type SectionEntries, type TwinEntry } from './llmsTxt';
import { twinPath } from './twinPath';

export type MarkdownTwinsOptions = {
  /** The OpenAPI document the API operation pages are generated from, relative to the site folder. */
  openapiPath: string;
  /** One paragraph on what the platform is, for the top of /llms.txt. */
  summary: string;
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

/** `<MethodEndpoint method={"get"} path={"/v1.0/…"}>` in a generated operation page names its operation. */
function operationOf(mdx: string): { method: string; path: string } | undefined {
  const method = /<MethodEndpoint[\s\S]*?method=\{"([a-z]+)"\}/.exec(mdx)?.[1];
  const apiPath = /<MethodEndpoint[\s\S]*?path=\{"([^"]+)"\}/.exec(mdx)?.[1];
  return method && apiPath ? { method, path: apiPath } : undefined;
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

export default function markdownTwins(context: LoadContext, options: MarkdownTwinsOptions): Plugin {
  const siteUrl = context.siteConfig.url.replace(/\/$/, '');
  let docsByPlugin: Record<string, DocsContent> = {};
  let pages: PageMeta[] = [];

  return {
    name: 'markdown-twins',

    allContentLoaded({ allContent }) {
      docsByPlugin = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
      pages = ((allContent['docusaurus-plugin-content-pages'] ?? {}).default ?? []) as PageMeta[];
    },

    async postBuild({ outDir, routesPaths }) {
      const built = new Set(routesPaths);
      const openapi = yaml.load(await fs.readFile(path.resolve(context.siteDir, options.openapiPath), 'utf8')) as OpenApiDocument;

      const allDocs = Object.values(docsByPlugin).flatMap((content) => content.loadedVersions.flatMap((v) => v.docs));
      const permalinkBySource = new Map(allDocs.map((doc) => [resolveSource(context.siteDir, doc.source), doc.permalink]));
      const twins = new Map<string, { entry: TwinEntry; markdown: string }>();

      async function twinOfSource(meta: { title: string; description?: string; permalink: string; source: string }) {
        const sourceFile = resolveSource(context.siteDir, meta.source);
        const source = await fs.readFile(sourceFile, 'utf8');
        const ctx: LinkContext = { siteUrl, permalink: meta.permalink, sourceFile, permalinkBySource };
        const operationRef = sourceFile.endsWith('.api.mdx') ? operationOf(source) : undefined;
        const operation = operationRef && findOperation(openapi, operationRef.method, operationRef.path);
        if (operationRef && !operation) {
          throw new Error(`markdown-twins: ${meta.source} names ${operationRef.method} ${operationRef.path}, which ${options.openapiPath} lacks`);
        }
        const body = operation ? operationToMarkdown(openapi, operation, ctx) : mdxToMarkdown(source, ctx);
        const entry: TwinEntry = { title: meta.title, description: meta.description, permalink: meta.permalink, twin: twinPath(meta.permalink) };
        // An operation's description opens its body already; the twin does not repeat it as a summary.
        twins.set(meta.permalink, { entry, markdown: twinDocument(meta.title, operation ? undefined : meta.description, body) });
      }

      for (const doc of allDocs) {
        if (built.has(doc.permalink)) await twinOfSource(doc);
      }
      for (const page of pages) {
        if (page.type === 'mdx' && built.has(page.permalink)) {
          const title = String(page.frontMatter?.title ?? page.title ?? page.permalink);
          const description = page.frontMatter?.description as string | undefined;
          await twinOfSource({ title, description, permalink: page.permalink, source: page.source });
        }
      }

      const sectionEntries: (SectionEntries & { twins: { entry: TwinEntry; markdown: string }[] })[] = sections.map((section) => {
        const content = docsByPlugin[section.id];
        const docs = content?.loadedVersions[0]?.docs ?? [];
        const byId = new Map(docs.map((doc) => [doc.id, doc]));
        const ordered = sidebarOrder(content?.loadedVersions[0]?.sidebars ?? {}, docs.map((d) => d.id))
          .map((id) => twins.get(byId.get(id)!.permalink))
          .filter((twin): twin is { entry: TwinEntry; markdown: string } => Boolean(twin));
        return { label: section.label, pitch: section.pitch, route: `/${section.routeBasePath}/`, pages: ordered.map((t) => t.entry), twins: ordered };
      });

      const siteIndex = siteLlmsTxt(siteUrl, context.siteConfig.title, options.summary, sectionEntries);
      // The home page's twin is the site index: what the platform is, and where each page's Markdown lives.
      if (built.has('/')) {
        twins.set('/', { entry: { title: context.siteConfig.title, permalink: '/', twin: twinPath('/') }, markdown: siteIndex });
      }

      // Routes with no source of their own (the search page): their head's title, and the way to every page.
      for (const route of routesPaths) {
        if (twins.has(route) || route.endsWith('.html')) continue;
        const htmlFile = await htmlFileOf(outDir, route);
        if (!htmlFile) continue;
        const html = await fs.readFile(htmlFile, 'utf8');
        const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/\s*\|.*$/, '') ?? route;
        const body = `Every page, each with its Markdown version, is listed in ${siteUrl}/llms.txt.`;
        twins.set(route, { entry: { title, permalink: route, twin: twinPath(route) }, markdown: twinDocument(title, undefined, body) });
      }

      const writes: [string, string][] = [['/llms.txt', siteIndex]];
      for (const section of sectionEntries) {
        writes.push([`${section.route}llms.txt`, sectionLlmsTxt(siteUrl, context.siteConfig.title, section)]);
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
