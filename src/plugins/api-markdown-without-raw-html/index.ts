// Keeps the HTML parser out of API pages: the spec's descriptions hold no raw HTML (checked here), so the OpenAPI
// theme's Markdown renderer gets a no-op in place of rehype-raw.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';
import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * The OpenAPI theme renders every description with react-markdown plus rehype-raw, which parses raw HTML inside
 * Markdown with parse5: about 45 KB gzipped (parse5, entities, hast-util-raw) in the first load of every API page.
 * This site's spec writes Markdown only, so rehype-raw would never find anything to parse. The plugin checks that
 * when the site loads and refuses a spec with raw HTML in a description, naming the file and the field, so the
 * shortcut cannot go wrong silently: write `<name>` placeholders in backticks, or drop this plugin.
 */
export default function apiMarkdownWithoutRawHtml(context: LoadContext, { spec }: { spec: string }): Plugin {
  const file = path.resolve(context.siteDir, spec);
  return {
    name: 'api-markdown-without-raw-html',
    getPathsToWatch: () => [file],
    loadContent: async () => {
      const found = rawHtmlInDescriptions(jsYaml.load(readFileSync(file, 'utf8')));
      if (found.length > 0) {
        throw new Error(
          `${spec}: raw HTML in Markdown, which the API pages render without an HTML parser ` +
            `(src/plugins/api-markdown-without-raw-html):\n${found.map(({ at, html }) => `  ${at}: ${html}`).join('\n')}`,
        );
      }
    },
    configureWebpack: () => ({
      resolve: { alias: { 'rehype-raw$': path.join(__dirname, 'rehypeNothing.ts') } },
    }),
  };
}

/** CommonMark raw HTML: a tag (known or not: `<app-id>` is one), a comment, a processing instruction, a declaration. */
const RAW_HTML = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--|<\?|<![A-Z]|<!\[CDATA\[/;

/** Code is not Markdown: fenced blocks and code spans may hold anything. */
const withoutCode = (markdown: string) => markdown.replace(/^(```|~~~)[^]*?^\1/gm, '').replace(/(`+)[^]*?\1/g, '');

/** Every `description` in the spec whose Markdown holds raw HTML, with where it is. */
export function rawHtmlInDescriptions(node: unknown, at = '$'): { at: string; html: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, k) => rawHtmlInDescriptions(item, `${at}[${k}]`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    const here = `${at}.${key}`;
    if (key === 'description' && typeof value === 'string') {
      const html = RAW_HTML.exec(withoutCode(value));
      return html ? [{ at: here, html: html[0] }] : [];
    }
    return rawHtmlInDescriptions(value, here);
  });
}
