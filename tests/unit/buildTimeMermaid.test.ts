import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as runtime from 'react/jsx-runtime';
import { createElement } from 'react';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import remarkBuildTimeMermaid, { type RenderFn } from '../../src/plugins/build-time-mermaid/remark';
import { makeAccessible, numberActorsFromZero, renumber, scopeIds, validHtml, withThemeClass } from '../../src/plugins/build-time-mermaid/svg';
import { cacheKey, readCachedSvg, renderDiagram, writeCachedSvg } from '../../src/plugins/build-time-mermaid/renderer';
import { CHROMIUM_PATH } from '../../src/chromium';

// What Mermaid gives for a small sequence diagram: ids it did not prefix, and references to them.
const RAW =
  '<svg id="diagram-abc-dark" width="100%" style="max-width: 300px;" viewBox="0 0 300 100" role="graphics-document document" aria-roledescription="sequence">' +
  '<g><rect id="root-0"/><text id="actor0">App</text></g><marker id="diagram-abc-dark-arrowhead"/>' +
  '<use href="#actor0"/><path marker-end="url(#diagram-abc-dark-arrowhead)" fill="url(#root-0)"/></svg>';

/** The ids in an SVG or a page, in document order. */
const idsOf = (svg: string) => [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

test('ids Mermaid leaves unprefixed get the diagram id, and their references follow', () => {
  const svg = scopeIds(RAW);
  assert.deepEqual(idsOf(svg), [
    'diagram-abc-dark',
    'diagram-abc-dark-root-0',
    'diagram-abc-dark-actor0',
    'diagram-abc-dark-arrowhead',
  ]);
  assert.match(svg, /href="#diagram-abc-dark-actor0"/);
  assert.match(svg, /fill="url\(#diagram-abc-dark-root-0\)"/);
  assert.match(svg, /marker-end="url\(#diagram-abc-dark-arrowhead\)"/);
});

test("a sequence diagram's actor ids start from 0 whatever the page drew before it", () => {
  // The same diagram drawn third in the page: Mermaid's actor counter stood at 4.
  const later = RAW.replace('id="root-0"', 'id="root-5"')
    .replace('id="actor0"', 'id="actor5"')
    .replace('href="#actor0"', 'href="#actor5"')
    .replace('fill="url(#root-0)"', 'fill="url(#root-5)"')
    .replace('<text id="actor5">App</text>', '<text id="actor5">App</text><line id="actor-man-arms5"/><line id="actor6"/><g id="root-6"/>');
  const svg = numberActorsFromZero(scopeIds(later));
  assert.deepEqual(idsOf(svg), [
    'diagram-abc-dark',
    'diagram-abc-dark-root-0',
    'diagram-abc-dark-actor0',
    'diagram-abc-dark-actor-man-arms0',
    'diagram-abc-dark-actor1',
    'diagram-abc-dark-root-1',
    'diagram-abc-dark-arrowhead',
  ]);
  assert.match(svg, /href="#diagram-abc-dark-actor0"/);
  assert.match(svg, /fill="url\(#diagram-abc-dark-root-0\)"/);
  assert.equal(numberActorsFromZero(scopeIds(RAW)), scopeIds(RAW));
});

test('a diagram without accTitle becomes an image named and described from its content', () => {
  const svg = makeAccessible(RAW, { label: 'Sequence diagram: App & "DB"', description: 'App to DB: <query>' });
  assert.match(svg, /^<svg role="img" /);
  assert.doesNotMatch(svg, /graphics-document|aria-roledescription/);
  assert.match(svg, /aria-labelledby="chart-title-diagram-abc-dark"/);
  assert.match(svg, /aria-describedby="chart-desc-diagram-abc-dark"/);
  assert.match(svg, /<title id="chart-title-diagram-abc-dark">Sequence diagram: App &amp; &quot;DB&quot;<\/title>/);
  assert.match(svg, /<desc id="chart-desc-diagram-abc-dark">App to DB: &lt;query&gt;<\/desc>/);
});

test("a diagram's own accTitle and accDescr win over the derived ones, and stay linked", () => {
  // Mermaid's ids for them: chart-title-<diagram id> and chart-desc-<diagram id>.
  const [title, desc] = ['chart-title-diagram-abc-dark', 'chart-desc-diagram-abc-dark'];
  const own = RAW.replace('aria-roledescription="sequence"', `aria-labelledby="${title}" aria-describedby="${desc}"`).replace(
    '<g>',
    `<title id="${title}">Mine</title><desc id="${desc}">My words</desc><g>`,
  );
  const svg = makeAccessible(scopeIds(own), { label: 'Derived', description: 'Derived too' });
  assert.doesNotMatch(svg, /Derived/);
  assert.match(svg, new RegExp(`^<svg role="img" [^>]*aria-labelledby="${title}" aria-describedby="${desc}"`));
  assert.match(svg, new RegExp(`<title id="${title}">Mine</title><desc id="${desc}">My words</desc>`));
});

test('Mermaid markup that is invalid HTML is made valid: no name attributes, sized circles or paragraphs in spans', () => {
  const raw =
    '<svg id="diagram-abc-light" viewBox="0 0 10 10"><style>#diagram-abc-light p{margin:0;}#diagram-abc-light .edgeLabel p, ' +
    '#diagram-abc-light .edgeLabel span{color:#fff;}#diagram-abc-light .cluster-label span p{background:none;}' +
    '#diagram-abc-light .top{padding:0;}</style>' +
    '<rect x="0" name="App" width="5"/><g class="actor-man" name="User"><line name="User" x1="1"/></g>' +
    '<circle cx="1" r="2" width="150" height="65"/>' +
    '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><span class="nodeLabel" style="color:#fff !important"><p>Two</p><p class="x">lines</p></span></div></foreignObject></svg>';
  const svg = validHtml(raw);
  assert.doesNotMatch(svg, /\sname=|<p[\s>]|<\/p>/);
  assert.match(svg, /<rect x="0" width="5"\/>/);
  assert.match(svg, /<circle cx="1" r="2"\/>/);
  assert.match(svg, /<span class="nodeLabel" style="color:#fff !important"><span class="diagram-paragraph">Two<\/span><span class="diagram-paragraph x">lines<\/span><\/span>/);
  // Mermaid's rules for p now reach the spans (and nothing else); the spans are blocks that take the label's colour.
  assert.match(svg, /#diagram-abc-light \.diagram-paragraph\{margin:0;\}/);
  assert.match(svg, /#diagram-abc-light \.edgeLabel \.diagram-paragraph, #diagram-abc-light \.edgeLabel span\{color:#fff;\}/);
  assert.match(svg, /\.cluster-label span \.diagram-paragraph\{background:none;\}/);
  assert.match(svg, /#diagram-abc-light \.top\{padding:0;\}/);
  assert.match(svg, /#diagram-abc-light span\.diagram-paragraph\{display:block;color:inherit;fill:inherit;\}<\/style>/);
  // A diagram with nothing to mend is left as it is.
  assert.equal(validHtml(RAW), RAW);
});

test('the theme class lands on the root svg, with or without a class already', () => {
  assert.match(withThemeClass(RAW, 'dark'), /^<svg class="diagram__dark" id=/);
  assert.match(withThemeClass(RAW.replace(' width=', ' class="flowchart" width='), 'light'), /class="flowchart diagram__light"/);
});

const fakeRender: RenderFn = async (source, theme) =>
  makeAccessible(scopeIds(RAW.replaceAll('dark', theme)), { label: `Diagram of ${source.trim()}`, description: '' });

async function renderPage(markdown: string): Promise<string> {
  // @mdx-js/mdx (the compiler Docusaurus runs) is ESM-only.
  const { evaluate } = await import('@mdx-js/mdx');
  const { default: Content } = await evaluate(markdown, {
    ...runtime,
    remarkPlugins: [[remarkBuildTimeMermaid, { render: fakeRender }]],
  } as Parameters<typeof evaluate>[1]);
  // react-dom has no type declarations installed here; the one function used is typed at the call.
  // @ts-ignore TS7016
  const server: { renderToStaticMarkup(element: unknown): string } = await import('react-dom/server');
  const { renderToStaticMarkup } = server;
  return renderToStaticMarkup(createElement(Content));
}

test('a mermaid fence becomes both copies of the SVG in the page, and other fences stay code', async () => {
  const html = await renderPage('Intro\n\n```mermaid\nA-->B\n```\n\n```bash\necho hi\n```\n');
  assert.match(html, /<div class="diagram search-skip"><svg class="diagram__light" role="img"/);
  assert.match(html, /<svg class="diagram__dark" role="img"/);
  assert.match(html, /<title id="chart-title-diagram-abc-light">Diagram of A--&gt;B<\/title>/);
  assert.match(html, /<code class="language-bash">echo hi/);
  assert.doesNotMatch(html, /language-mermaid/);
});

test('the same diagram twice on a page keeps every id unique', async () => {
  const html = await renderPage('```mermaid\nA-->B\n```\n\n```mermaid\nA-->B\n```\n');
  const ids = idsOf(html);
  assert.equal(ids.length, 20); // two diagrams × two copies × (four ids of the fake SVG + its title)
  assert.equal(new Set(ids).size, ids.length);
  assert.equal(renumber('<svg id="x-light"><g id="x-light-a"/></svg>', 2), '<svg id="x-light-2"><g id="x-light-2-a"/></svg>');
});

test('a drawn diagram that is not an SVG stops with what it got, not a TypeError', () => {
  assert.throws(() => withThemeClass('', 'dark'), /expected a drawn diagram starting with <svg, got ""/);
});

test('the diagram cache serves whole SVGs only, and a write lands all at once', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mermaid-cache-'));
  try {
    const file = path.join(dir, 'key.svg');
    assert.equal(await readCachedSvg(file), undefined, 'no file');
    for (const cut of ['', '<svg id="d" viewBox="0 0 1 1"><g>', 'not an svg</svg>']) {
      writeFileSync(file, cut);
      assert.equal(await readCachedSvg(file), undefined, `served ${JSON.stringify(cut)}`);
    }
    await writeCachedSvg(file, RAW);
    assert.equal(await readCachedSvg(file), RAW);
    assert.deepEqual(readdirSync(dir), ['key.svg'], 'no partial file left behind');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a diagram whose cache file another build is still writing is drawn, not served cut off', { skip: !existsSync(CHROMIUM_PATH) && 'no Chromium' }, async () => {
  // A source no page uses; its cache file holds the first bytes of an SVG, as while another process writes it (the
  // bundling and rendering runs of scripts/build-site.ts, a dev server). Pages that repeat it ask at once.
  const source = `flowchart LR\n  A[Cache ${process.pid} ${Date.now()}] --> B[Whole]`;
  const file = path.join(__dirname, '../../node_modules/.cache/build-time-mermaid', `${cacheKey(source, 'light')}.svg`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '<svg id="diagram-cut" viewBox="0 0 10 10"><g>');
    const copies = await Promise.all(Array.from({ length: 4 }, () => renderDiagram(source, 'light')));
    assert.ok(copies.every((svg) => svg === copies[0] && /^<svg[\s>]/.test(svg) && svg.endsWith('</svg>')), 'one whole SVG for every page');
    assert.equal(await readCachedSvg(file), copies[0], 'the cache file holds it whole');
  } finally {
    rmSync(file, { force: true });
  }
});
