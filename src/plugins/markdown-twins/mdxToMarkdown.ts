/**
 * Turns one MDX or Markdown source page into clean CommonMark for its twin: front matter, imports, comments
 * and JSX wrappers go; every tab becomes a labelled section (so all SDK languages survive); admonitions become
 * labelled blockquotes; links and images become absolute URLs on the site.
 */
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import type { Root, RootContent, Parent, PhrasingContent, Heading, Paragraph } from 'mdast';
import { CATALOGUE_CAPTION, featuresText, type CatalogueRow } from '../../components/ComponentCatalogue/types';

export type LinkContext = {
  /** Published site origin without a trailing slash, e.g. https://docs.diagrid.io; '' makes links root-relative. */
  siteUrl: string;
  /** Permalink of the page being converted, e.g. /catalyst/concepts/appids */
  permalink: string;
  /** Absolute path of the source file, used to resolve relative `.md` links. */
  sourceFile?: string;
  /** Source file (absolute path) → permalink, for every doc of the site. */
  permalinkBySource?: ReadonlyMap<string, string>;
};

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
  important: 'Important',
};

// Docusaurus accepts `:::note Some title`; remark-directive wants `:::note[Some title]`.
function normaliseAdmonitionTitles(source: string): string {
  return source.replace(/^(\s*):::([a-z]+)[ \t]+([^\n[{]+?)[ \t]*$/gm, '$1:::$2[$3]');
}

function stripFrontMatter(source: string): string {
  return source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
}

/**
 * Site links written as plain text (`[name](/path)` in an OpenAPI field the twin copies verbatim) made absolute
 * as absoluteUrl makes them; fenced code is left as it is.
 */
export function siteLinksIn(markdown: string, ctx: LinkContext): string {
  return markdown
    .split(/(^```[\s\S]*?^```)/m)
    .map((part, i) => (i % 2 ? part : part.replace(/\]\(([/#][^)\s]*)\)/g, (_, url: string) => `](${absoluteUrl(url, ctx)})`)))
    .join('');
}

/**
 * Makes a link target absolute (root-relative when no origin is published): site paths get the origin, relative
 * Markdown files become their routes.
 */
export function absoluteUrl(url: string, ctx: LinkContext): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  if (url.startsWith('#')) return `${ctx.siteUrl}${ctx.permalink}${url}`;
  if (url.startsWith('/')) return `${ctx.siteUrl}${url}`;
  const [file, hash] = url.split('#', 2);
  const anchor = hash ? `#${hash}` : '';
  if (/\.mdx?$/.test(file) && ctx.sourceFile && ctx.permalinkBySource) {
    const target = ctx.permalinkBySource.get(path.resolve(path.dirname(ctx.sourceFile), decodeURI(file)));
    if (target) return `${ctx.siteUrl}${target}${anchor}`;
  }
  // A plain relative URL resolves against the page the way a browser would.
  const resolved = new URL(url, `${ctx.siteUrl || 'http://unpublished.invalid'}${ctx.permalink}`);
  return ctx.siteUrl ? resolved.toString() : `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

function attribute(node: { attributes?: unknown[] }, name: string): string | undefined {
  for (const attr of (node.attributes ?? []) as { type: string; name?: string; value?: unknown }[]) {
    if (attr.type === 'mdxJsxAttribute' && attr.name === name && typeof attr.value === 'string') return attr.value;
  }
  return undefined;
}

function text(value: string): PhrasingContent {
  return { type: 'text', value };
}

/** An attribute written as a JSON expression (`rows={[…]}`), parsed; undefined when absent or not JSON. */
function jsonAttribute(node: { attributes?: unknown[] }, name: string): unknown {
  for (const attr of (node.attributes ?? []) as { type: string; name?: string; value?: { value?: string } }[]) {
    if (attr.type !== 'mdxJsxAttribute' || attr.name !== name || typeof attr.value?.value !== 'string') continue;
    try {
      return JSON.parse(attr.value.value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}


/**
 * Components whose content lives in props rather than children get a Markdown rendering of their own, so a twin
 * loses nothing the page shows. The component catalogue becomes one table row per backend.
 */
function catalogueTable(element: { attributes?: unknown[] }, ctx: LinkContext): RootContent[] {
  const rows = jsonAttribute(element, 'rows') as CatalogueRow[] | undefined;
  if (!Array.isArray(rows)) return [];
  const kinds = (jsonAttribute(element, 'authKinds') as { id: string; label: string }[] | undefined) ?? [];
  const authLabel = new Map(kinds.map((k) => [k.id, k.label]));
  const cell = (children: PhrasingContent[]) => ({ type: 'tableCell' as const, children });
  const plain = (value: string) => cell(value ? [text(value)] : []);
  const header = ['Backend', 'Type', 'Status', 'Component type', 'Features', 'Authentication', 'Hosted Catalyst'];
  return [
    { type: 'paragraph', children: [text(`${CATALOGUE_CAPTION}:`)] } as RootContent,
    {
      type: 'table',
      align: [],
      children: [
        { type: 'tableRow', children: header.map((h) => plain(h)) },
        ...rows.map((row) => ({
          type: 'tableRow' as const,
          children: [
            cell([{ type: 'link', url: absoluteUrl(row.href, ctx), children: [text(row.title)] }]),
            plain(row.typeTitle),
            plain(row.status),
            cell([{ type: 'inlineCode', value: row.component }]),
            plain(featuresText(row)),
            plain(row.auth.map((id) => authLabel.get(id) ?? id).join(', ')),
            plain(row.hosted ? 'Yes' : 'No'),
          ],
        })),
      ],
    } as RootContent,
  ];
}

const PROP_RENDERERS: Record<string, (element: { attributes?: unknown[] }, ctx: LinkContext) => RootContent[]> = {
  ComponentCatalogue: catalogueTable,
};

/** One tab as a labelled section: a heading when it sits at the top level, a bold line inside lists. */
function tabSection(label: string, children: RootContent[], headingDepth: number | null): RootContent[] {
  const title: Heading | Paragraph =
    headingDepth === null
      ? { type: 'paragraph', children: [{ type: 'strong', children: [text(label)] }] }
      : { type: 'heading', depth: headingDepth as Heading['depth'], children: [text(label)] };
  return [title, ...children];
}

function admonition(node: Parent & { name: string }): RootContent {
  const label = ADMONITION_LABELS[node.name];
  const children = [...node.children] as RootContent[];
  let title = label;
  // remark-directive keeps a `[title]` as a first paragraph marked directiveLabel.
  const first = children[0] as (Paragraph & { data?: { directiveLabel?: boolean } }) | undefined;
  if (first?.type === 'paragraph' && first.data?.directiveLabel) {
    children.shift();
    const custom = first.children.map((c) => ('value' in c ? c.value : '')).join('');
    title = `${label}: ${custom}`;
  }
  const lead: Paragraph = { type: 'paragraph', children: [{ type: 'strong', children: [text(`${title}.`)] }] };
  const next = children[0];
  if (next?.type === 'paragraph') {
    children[0] = { ...next, children: [...lead.children, text(' '), ...next.children] };
  } else {
    children.unshift(lead);
  }
  return { type: 'blockquote', children: children as never };
}

/**
 * Rewrites the tree in place. `sectionDepth` is the depth of the heading the current block sits under, so tabs
 * become one level deeper than their section.
 */
function transform(parent: Parent, ctx: LinkContext, atTopLevel: boolean): void {
  let sectionDepth = 2;
  const out: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    out.push(...convert(child));
  }
  parent.children = out as never;

  function convert(node: RootContent): RootContent[] {
    switch (node.type as string) {
      case 'yaml':
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
      case 'html':
        return [];
      case 'heading':
        sectionDepth = (node as Heading).depth;
        break;
      case 'link':
      case 'image':
      case 'definition': {
        const withUrl = node as { url: string };
        withUrl.url = absoluteUrl(withUrl.url, ctx);
        break;
      }
      case 'containerDirective': {
        const directive = node as Parent & { name: string };
        if (directive.name in ADMONITION_LABELS) {
          const quote = admonition(directive);
          transform(quote as Parent, ctx, false);
          return [quote];
        }
        transform(directive, ctx, atTopLevel);
        return directive.children as RootContent[];
      }
      case 'leafDirective':
      case 'textDirective': {
        // Not a directive we use: put back the text the writer typed (`10:30`, `host:port`).
        const directive = node as Parent & { name: string };
        transform(directive, ctx, false);
        const prefix = node.type === 'leafDirective' ? '::' : ':';
        if (node.type === 'leafDirective') {
          return [{ type: 'paragraph', children: [text(prefix + directive.name), ...(directive.children as never[])] }];
        }
        return [text(prefix + directive.name) as RootContent, ...(directive.children as RootContent[])];
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const element = node as Parent & { name: string | null; attributes: unknown[] };
        const render = element.name ? PROP_RENDERERS[element.name] : undefined;
        if (render) return render(element, ctx);
        if (element.name === 'TabItem') {
          const label = attribute(element, 'label') ?? attribute(element, 'value') ?? 'Tab';
          transform(element, ctx, false);
          const depth = atTopLevel ? Math.min(sectionDepth + 1, 6) : null;
          return tabSection(label, element.children as RootContent[], depth);
        }
        transform(element, ctx, atTopLevel && element.type === 'mdxJsxFlowElement');
        return element.children as RootContent[];
      }
    }
    if ('children' in node) transform(node as Parent, ctx, false);
    return [node];
  }
}

const parser = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm).use(remarkDirective);
const plainParser = unified().use(remarkParse).use(remarkGfm);
const printer = unified().use(remarkStringify, { bullet: '-', fences: true, rule: '-', listItemIndent: 'one' })
  // Unpadded tables: padding every cell to the widest one only adds bytes for a tool to read.
  .use(remarkGfm, { tablePipeAlign: false });

/** The body of a page as CommonMark, without its title. `mdx: false` reads plain Markdown (OpenAPI text). */
export function mdxToMarkdown(source: string, ctx: LinkContext, options: { mdx?: boolean } = {}): string {
  const mdx = options.mdx ?? true;
  const tree = (mdx ? parser : plainParser).parse(
    mdx ? normaliseAdmonitionTitles(stripFrontMatter(source)) : source,
  ) as Root;
  transform(tree, ctx, true);
  // The printer escapes a heading's last `#` ("C\\#") though only a space-separated run of `#` closes a heading.
  return String(printer.stringify(tree))
    .replace(/^(#{1,6} .*[^\s\\])\\#$/gm, '$1#')
    .trim();
}
