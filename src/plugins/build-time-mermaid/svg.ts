// Pure string work on a rendered diagram: unique ids, accessible name and description, the light/dark pair.

/** What the renderer returns for one diagram in one theme. */
export interface RenderedDiagram {
  svg: string;
  /** A name for the diagram when its source has no accTitle (diagram type and the boxes it shows). */
  label: string;
  /** A text version of the arrows when its source has no accDescr, or '' when there is nothing to add. */
  description: string;
}

export type DiagramTheme = 'light' | 'dark';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The id of the root <svg> element. */
export function rootId(svg: string): string {
  const match = /^<svg[^>]*?\sid="([^"]+)"/.exec(svg);
  if (!match) throw new Error('build-time-mermaid: the rendered SVG has no id');
  return match[1];
}

/**
 * Prefixes every id inside the SVG that does not already contain the root id (a sequence diagram's
 * `actor0`, `root-0`…), and the references to it, so two diagrams, or the light and dark copies of one, never
 * share an id on a page.
 */
export function scopeIds(svg: string): string {
  const root = rootId(svg);
  const foreign = new Set<string>();
  for (const [, id] of svg.matchAll(/\sid="([^"]+)"/g)) {
    // Ids that contain the root id (`diagram-…-light-arrowhead`, `chart-title-diagram-…-light`) are unique already.
    if (!id.includes(root)) foreign.add(id);
  }
  let out = svg;
  for (const id of foreign) {
    const name = escapeRegExp(id);
    out = out
      .replace(new RegExp(`(\\sid=")${name}(")`, 'g'), `$1${root}-${id}$2`)
      .replace(new RegExp(`(url\\(#|href="#)${name}(?=[)"])`, 'g'), `$1${root}-${id}`);
  }
  return out;
}

/**
 * Numbers a sequence diagram's actors from 0 in the ids scopeIds gave them (`…-actor3`, `…-root-3`,
 * `…-actor-man-arms3`). Mermaid counts actors across every diagram drawn in the page, so without this the ids would
 * depend on what was drawn before.
 */
export function numberActorsFromZero(svg: string): string {
  const root = escapeRegExp(rootId(svg));
  const numbers = new Map<string, number>();
  return svg.replace(new RegExp(`(${root}-(?:actor-man-[a-z]+|actor|root-))(\\d+)`, 'g'), (_, prefix: string, n: string) => {
    if (!numbers.has(n)) numbers.set(n, numbers.size);
    return `${prefix}${numbers.get(n)}`;
  });
}

/**
 * Makes the SVG an image for assistive technology: role="img", named by its <title> and described by its <desc>.
 * Mermaid writes both from accTitle/accDescr; when a diagram has none, the derived label and description are
 * added instead.
 */
export function makeAccessible(svg: string, { label, description }: Omit<RenderedDiagram, 'svg'>): string {
  const root = rootId(svg);
  const open = /^<svg[^>]*>/.exec(svg);
  if (!open) throw new Error(`build-time-mermaid: expected a drawn diagram starting with <svg, got ${JSON.stringify(svg.slice(0, 80))}`);
  const openTag = open[0];
  let rest = svg.slice(openTag.length);
  let tag = openTag.replace(/\srole="[^"]*"/, '').replace(/\saria-roledescription="[^"]*"/, '');
  if (!/\saria-labelledby="/.test(tag)) {
    rest = `<title id="chart-title-${root}">${escapeXml(label)}</title>${rest}`;
    tag = tag.replace(/>$/, ` aria-labelledby="chart-title-${root}">`);
  }
  if (!/\saria-describedby="/.test(tag) && description) {
    rest = rest.replace(/(<title[^>]*>[^<]*<\/title>)/, `$1<desc id="chart-desc-${root}">${escapeXml(description)}</desc>`);
    tag = tag.replace(/>$/, ` aria-describedby="chart-desc-${root}">`);
  }
  tag = tag.replace(/^<svg/, '<svg role="img"');
  return tag + rest;
}

/** Gives every id of one copy a page-unique suffix, for a diagram repeated on the same page. */
export function renumber(svg: string, occurrence: number): string {
  if (occurrence === 0) return svg;
  const root = rootId(svg);
  return svg.split(root).join(`${root}-${occurrence}`);
}

/** The class each copy carries; the site's CSS shows the one that matches the colour mode. */
export const themeClass = (theme: DiagramTheme) => `diagram__${theme}`;

/** Puts the class on the root <svg> so the stylesheet can hide the copy for the other colour mode. */
export function withThemeClass(svg: string, theme: DiagramTheme): string {
  const open = /^<svg[^>]*>/.exec(svg);
  if (!open) throw new Error(`build-time-mermaid: expected a drawn diagram starting with <svg, got ${JSON.stringify(svg.slice(0, 80))}`);
  const openTag = open[0];
  const tagged = /\sclass="/.test(openTag)
    ? openTag.replace(/\sclass="([^"]*)"/, ` class="$1 ${themeClass(theme)}"`)
    : openTag.replace(/^<svg/, `<svg class="${themeClass(theme)}"`);
  return tagged + svg.slice(openTag.length);
}

/** The class a Mermaid label paragraph carries once it is a <span> (see validHtml). */
export const PARAGRAPH_CLASS = 'diagram-paragraph';

/**
 * Mermaid's SVG made valid HTML, looking the same. The Nu HTML Checker finds three kinds of error in it:
 * - `name` on `rect`, `line` and `g` (sequence diagram actors): no SVG element has that attribute; Mermaid's script
 *   reads it for interactivity, which a diagram drawn at build time has none of. Dropped.
 * - `width` and `height` on `circle` (architecture diagrams): a circle is sized by `r`, and browsers ignore them. Dropped.
 * - `<p>` inside a label's `<span>` (flowchart labels in `<foreignObject>`): a span holds phrasing content only. Each
 *   `<p>` becomes a `<span class="diagram-paragraph">`; Mermaid's rules for `p` are rewritten to that class, and one
 *   rule makes it a block that takes its colour from the label as the `<p>` did (Mermaid's `span` rule would
 *   otherwise colour it directly, over a node's own `color` style).
 */
export function validHtml(svg: string): string {
  const root = rootId(svg);
  const withoutBadAttributes = svg
    .replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(/\sname="[^"]*"/g, ''))
    .replace(/<circle\b[^>]*>/g, (tag) => tag.replace(/\s(?:width|height)="[^"]*"/g, ''));
  const paragraphs = withoutBadAttributes
    .replace(/<p(\s[^>]*)?>/g, (_, attributes = '') =>
      /\sclass="/.test(attributes)
        ? `<span${attributes.replace(/\sclass="([^"]*)"/, ` class="${PARAGRAPH_CLASS} $1"`)}>`
        : `<span class="${PARAGRAPH_CLASS}"${attributes}>`,
    )
    .replace(/<\/p>/g, '</span>');
  if (paragraphs === withoutBadAttributes) return paragraphs;
  // A `p` type selector in Mermaid's stylesheet (`#id p`, `#id .edgeLabel p`, `.cluster-label span p`) becomes the class.
  const selectorP = /(^|[\s,>+~(])p(?=$|[\s,>+~.:[)])/g;
  return paragraphs.replace(/<style>([\s\S]*?)<\/style>/g, (_, css: string) => {
    const rewritten = css.replace(/([^{}]+)\{/g, (__, selector: string) => `${selector.replace(selectorP, `$1.${PARAGRAPH_CLASS}`)}{`);
    return `<style>${rewritten}#${root} span.${PARAGRAPH_CLASS}{display:block;color:inherit;fill:inherit;}</style>`;
  });
}
