import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';
import apiMarkdownWithoutRawHtml, { rawHtmlInDescriptions } from '../../src/plugins/api-markdown-without-raw-html';

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
  const plugin = apiMarkdownWithoutRawHtml({ siteDir: root } as never, { spec: path.relative(root, bad) });
  await assert.rejects(async () => plugin.loadContent!(), /tests\/unit\/fixtures\/raw-html\.yaml: raw HTML[^]*\$\.info\.description: <em>/);
});
