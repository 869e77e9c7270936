import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';
import apiMarkdown, { rawHtmlInDescriptions } from '../../src/plugins/api-markdown';

test('raw HTML in a description is found and named by where it is', () => {
  const spec = {
    paths: {
      '/state/{storeName}': {
        post: {
          description: 'Saves state.',
          parameters: [{ name: 'key', description: 'Stored as <app-id>||<key>.' }],
          responses: { 204: { description: 'Saved. <br/>' } },
        },
      },
    },
    components: { schemas: { Item: { description: 'An item <!-- draft -->' } } },
  };
  assert.deepEqual(rawHtmlInDescriptions(spec), [
    { at: '$.paths./state/{storeName}.post.parameters[0].description', html: '<app-id>' },
    { at: '$.paths./state/{storeName}.post.responses.204.description', html: '<br/>' },
    { at: '$.components.schemas.Item.description', html: '<!--' },
  ]);
});

test('code spans, fenced code, autolinks and comparisons are not raw HTML', () => {
  const description = [
    'Keys are stored as `<app-id>||<key>`; use ``<b>`` for bold.',
    '```java',
    'Map<String, String> metadata = new HashMap<>();',
    '```',
    'See <https://docs.dapr.io> when a < b and b > c.',
  ].join('\n');
  assert.deepEqual(rawHtmlInDescriptions({ description, schema: { description: 'A `<name>`.' } }), []);
  // A property that happens to be called "description" is a schema, not Markdown.
  assert.deepEqual(rawHtmlInDescriptions({ properties: { description: { type: 'string' } } }), []);
});

test('the Catalyst spec passes, and a spec with raw HTML stops the build naming the file', async () => {
  const root = path.resolve(__dirname, '../..');
  assert.deepEqual(rawHtmlInDescriptions(jsYaml.load(readFileSync(path.join(root, 'openapi/catalyst.yaml'), 'utf8'))), []);
  const bad = path.join(root, 'tests/unit/fixtures/raw-html.yaml');
  const plugin = apiMarkdown({ siteDir: root } as never, { spec: path.relative(root, bad) });
  await assert.rejects(async () => plugin.loadContent!(), /tests\/unit\/fixtures\/raw-html\.yaml: raw HTML[^]*\$\.info\.description: <em>/);
});

// The browser's small renderer against the OpenAPI theme's (react-markdown with remark-gfm, as the theme sets it up);
// the build makes the same comparison for every string it renders (checkOnServer.tsx).
async function bothRenderers() {
  const [{ renderToStaticMarkup }, { default: ReactMarkdown }, { default: remarkGfm }, { markdownToReact }] = await Promise.all([
    import('react-dom/server'),
    import('react-markdown'),
    import('remark-gfm'),
    import('../../src/plugins/api-markdown/inlineMarkdown'),
  ]);
  const React = await import('react');
  return {
    ours: (source: string) => renderToStaticMarkup(React.createElement(React.Fragment, null, markdownToReact(source))),
    theme: (source: string) => renderToStaticMarkup(React.createElement(ReactMarkdown, { remarkPlugins: [remarkGfm] }, source)),
  };
}

test('the small renderer reads the Markdown the API descriptions use as the theme does', async () => {
  const { ours, theme } = await bothRenderers();
  const same = [
    'Saved. There is no response body.',
    'Must not contain `||`; stored as `<app-id>||<key>` when a < b and b > c.',
    '**Possible values:** [`first-write`, `last-write`]',
    '**Possible values:** `>= 0` and `<= 1`, Value must match regular expression `^[A-Za-z0-9_-]+$`',
    'Poll [get-workflow](/catalyst/api/get-workflow) for the `runtimeStatus`.',
    'A *short* note with ``a `tick` inside`` and `` `lone` ``.',
    'Escaped \\*stars\\* and \\[brackets\\] stay text; `metadata.*` values merge.',
    'First paragraph\nwith a soft break.\n\n  Second paragraph.  ',
    'Unclosed `tick and ** star and [bracket',
    '',
  ];
  for (const source of same) assert.equal(ours(source), theme(source), JSON.stringify(source));

  // Forms it does not read: the build stops on these (they differ), which is what keeps it honest.
  const different = ['~~gone~~', '_emphasis_', '# Heading', '- one\n- two', '| a |\n|---|\n| b |', 'See https://dapr.io', 'A &amp; B'];
  for (const source of different) assert.notEqual(ours(source), theme(source), JSON.stringify(source));
});

test("every parameter, schema, response and example text of the Catalyst spec renders as the theme's would", async () => {
  const { ours, theme } = await bothRenderers();
  const spec = jsYaml.load(readFileSync(path.resolve(__dirname, '../../openapi/catalyst.yaml'), 'utf8')) as Record<string, unknown>;
  // An operation's summary and description are written into its page's MDX; the texts under it go through Markdown.
  const texts: string[] = [];
  (function collect(node: unknown, at: string[]): void {
    const key = at[at.length - 1];
    if (typeof node === 'string') {
      const operationText = at.length === 4 && at[0] === 'paths';
      if ((key === 'description' || key === 'summary') && !operationText) texts.push(node);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) collect(v, [...at, k]);
    }
  })({ paths: spec.paths, components: spec.components }, []);
  assert.ok(texts.length > 100, `only ${texts.length} texts found`);
  for (const source of texts) assert.equal(ours(source), theme(source), JSON.stringify(source));
});
