// The API pages' Markdown without a Markdown library in the browser: descriptions render through inlineMarkdown.tsx
// (checked against the OpenAPI theme's renderer for every string the build renders), and the spec may hold no raw HTML.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { expectShape } from '../shape';

/** The OpenAPI theme's Markdown renderer, whose `rehype-raw` import the alias below replaces. */
const THEME_MARKDOWN = 'docusaurus-theme-openapi-docs/lib/theme/Markdown/index.js';

/** Asserts the theme's renderer imports rehype-raw by that name (else the alias would replace nothing). */
export function expectRehypeRawImport(source: string | undefined, file: string): void {
  expectShape('api-markdown', source !== undefined && /\bfrom ["']rehype-raw["']/.test(source), {
    expected: `the OpenAPI theme's Markdown renderer to import \`rehype-raw\` (${file})`,
    found: source === undefined ? 'no such file' : 'no such import',
    fix: "read the theme's Markdown component and update the alias and the server check in src/plugins/api-markdown (or delete the plugin if the theme no longer ships react-markdown to the browser)",
  });
}

/**
 * The OpenAPI theme renders every description with react-markdown, micromark and mdast (~45 KB gzipped) plus
 * rehype-raw, which parses raw HTML with parse5 (~45 KB more). This site's descriptions use a few inline forms, so
 * the browser build renders them with inlineMarkdown.tsx (src/theme/Markdown), and the server build renders each
 * string with the theme's renderer as well and stops on any difference (checkOnServer.tsx). The server's theme
 * renderer runs without rehype-raw: the spec writes Markdown only, which this plugin checks when the site loads,
 * refusing a spec with raw HTML in a description and naming the file and the field (write `<name>` placeholders
 * in backticks).
 */
export default function apiMarkdown(context: LoadContext, { spec }: { spec: string }): Plugin {
  const file = path.resolve(context.siteDir, spec);
  const themeMarkdown = path.join(path.dirname(require.resolve('docusaurus-theme-openapi-docs/package.json')), 'lib/theme/Markdown/index.js');
  let themeMarkdownSource: string | undefined;
  try {
    themeMarkdownSource = readFileSync(themeMarkdown, 'utf8');
  } catch {
    themeMarkdownSource = undefined;
  }
  expectRehypeRawImport(themeMarkdownSource, THEME_MARKDOWN);
  return {
    name: 'api-markdown',
    getPathsToWatch: () => [file],
    loadContent: async () => {
      const found = rawHtmlInDescriptions(jsYaml.load(readFileSync(file, 'utf8')));
      if (found.length > 0) {
        throw new Error(
          `${spec}: raw HTML in Markdown, which the API pages render without an HTML parser ` +
            `(src/plugins/api-markdown):\n${found.map(({ at, html }) => `  ${at}: ${html}`).join('\n')}`,
        );
      }
    },
    configureWebpack: (_config, isServer) => ({
      resolve: {
        alias: {
          'rehype-raw$': path.join(__dirname, 'rehypeNothing.ts'),
          ...(isServer ? {} : { [`${path.join(__dirname, 'checkOnServer')}$`]: path.join(__dirname, 'noCheck.ts') }),
        },
      },
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
