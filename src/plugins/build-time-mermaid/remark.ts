// Remark plugin: replaces each ```mermaid fence with the diagram as inline SVG, one copy per colour mode.
import type { Code, Parent, Root } from 'mdast';

import { chromiumAvailable, renderDiagram } from './renderer';
import { renumber, withThemeClass, type DiagramTheme } from './svg';

const THEMES: DiagramTheme[] = ['light', 'dark'];
// `search-skip`: the SVG's labels and styles are not page text for the search index (see docusaurus.config.ts).
export const DIAGRAM_CLASS = 'diagram search-skip';

export type RenderFn = (source: string, theme: DiagramTheme) => Promise<string>;

interface Options {
  /** Replaces the Chromium renderer (unit tests). */
  render?: RenderFn;
}

/** The MDX node for `<div className=… dangerouslySetInnerHTML={{ __html }} />`, with the estree MDX compiles. */
function rawHtmlElement(className: string, html: string) {
  const expression = {
    type: 'ObjectExpression',
    properties: [
      {
        type: 'Property',
        kind: 'init',
        method: false,
        shorthand: false,
        computed: false,
        key: { type: 'Identifier', name: '__html' },
        value: { type: 'Literal', value: html },
      },
    ],
  };
  return {
    type: 'mdxJsxFlowElement',
    name: 'div',
    attributes: [
      { type: 'mdxJsxAttribute', name: 'className', value: className },
      {
        type: 'mdxJsxAttribute',
        name: 'dangerouslySetInnerHTML',
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: `{__html: ${JSON.stringify(html)}}`,
          data: {
            estree: {
              type: 'Program',
              sourceType: 'module',
              body: [{ type: 'ExpressionStatement', expression }],
            },
          },
        },
      },
    ],
    children: [],
  };
}

function mermaidFences(tree: Root): { node: Code; parent: Parent }[] {
  const found: { node: Code; parent: Parent }[] = [];
  const walk = (parent: Parent) => {
    for (const child of parent.children) {
      if (child.type === 'code' && child.lang === 'mermaid') found.push({ node: child, parent });
      else if ('children' in child) walk(child as Parent);
    }
  };
  walk(tree);
  return found;
}

let warnedNoChromium = false;

export default function remarkBuildTimeMermaid(options: Options = {}) {
  return async (tree: Root, file: { path?: string }) => {
    const fences = mermaidFences(tree);
    if (fences.length === 0) return;
    if (!options.render && !chromiumAvailable()) {
      // The dev server on a machine without Chromium shows the source; production builds never get here.
      if (!warnedNoChromium) {
        warnedNoChromium = true;
        console.warn('[build-time-mermaid] No Chromium found: diagrams show as their Mermaid source in dev.');
      }
      for (const { node } of fences) node.meta = 'title="Mermaid diagram (install Chromium to preview it)"';
      return;
    }
    const render = options.render ?? renderDiagram;
    const seen = new Map<string, number>();
    await Promise.all(
      fences.map(async ({ node, parent }) => {
        const occurrence = seen.get(node.value) ?? 0;
        seen.set(node.value, occurrence + 1);
        let copies: string[];
        try {
          copies = await Promise.all(THEMES.map((theme) => render(node.value, theme)));
        } catch (error) {
          const where = `${file.path ?? 'a Markdown file'}:${node.position?.start.line ?? '?'}`;
          throw new Error(`The Mermaid diagram at ${where} does not render: ${(error as Error).message}`);
        }
        const html = copies.map((svg, i) => withThemeClass(renumber(svg, occurrence), THEMES[i])).join('');
        parent.children[parent.children.indexOf(node)] = rawHtmlElement(DIAGRAM_CLASS, html) as never;
      }),
    );
  };
}
