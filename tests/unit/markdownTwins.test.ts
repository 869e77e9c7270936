import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { mdxToMarkdown, absoluteUrl, type LinkContext } from '../../src/plugins/markdown-twins/mdxToMarkdown';
import { allOperations, operationToMarkdown, possibleValues, type OpenApiDocument } from '../../src/plugins/markdown-twins/openapiToMarkdown';
import { homeTwin, ownLlmsTxt, sectionLlmsTxt, siteLlmsTxt, sectionLlmsFullTxt, twinDocument } from '../../src/plugins/markdown-twins/llmsTxt';
import { HOME_HERO, POPULAR, POPULAR_HEADING, PRODUCTS_HEADING } from '../../src/homePage';
import { twinPath } from '../../src/plugins/markdown-twins/twinPath';
import { sidebarOrder } from '../../src/plugins/markdown-twins';

const root = path.join(__dirname, '..', '..');
const site = 'https://docs.example.com';
const ctx = (over: Partial<LinkContext> = {}): LinkContext => ({ siteUrl: site, permalink: '/catalyst/quickstarts/state', ...over });

test('a page lives at its path plus .md, an index route at index.md', () => {
  assert.equal(twinPath('/catalyst/concepts/appids'), '/catalyst/concepts/appids.md');
  assert.equal(twinPath('/catalyst/'), '/catalyst/index.md');
  assert.equal(twinPath('/'), '/index.md');
  assert.equal(twinPath('/catalyst/api/save-state?x=1#top'), '/catalyst/api/save-state.md');
});

test('every tab becomes a labelled section one level below its heading, in source order', () => {
  const source = [
    '---', 'title: T', '---', '', '## Step 1', '',
    '<Tabs groupId="lang" queryString="lang">',
    '<TabItem value="python" label="Python">', '', '```python', 'print(1)', '```', '', '</TabItem>',
    '<TabItem value="csharp" label="C#">', '', '```csharp', 'Console.WriteLine(1);', '```', '', '</TabItem>',
    '</Tabs>',
  ].join('\n');
  const md = mdxToMarkdown(source, ctx());
  assert.match(md, /## Step 1\n\n### Python\n\n```python\nprint\(1\)\n```\n\n### C#\n\n```csharp\nConsole.WriteLine\(1\);\n```/);
  assert.doesNotMatch(md, /Tabs|TabItem|title: T/);
});

test('admonitions become labelled blockquotes, with their custom title', () => {
  const md = mdxToMarkdown(':::warning Always set scopes\n\nSet `scopes` on every component.\n\n:::\n\n:::tip\n\nShort.\n\n:::', ctx());
  assert.match(md, /^> \*\*Warning: Always set scopes\.\*\* Set `scopes` on every component\.$/m);
  assert.match(md, /^> \*\*Tip\.\*\* Short\.$/m);
});

test('JSX wrappers, imports and comments go, their Markdown content stays', () => {
  const md = mdxToMarkdown('import X from "y";\n\n{/* note */}\n\n<div className="search-skip">\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n</div>\n\nTime 10:30 on host:port.', ctx());
  assert.equal(md, '| a | b |\n| - | - |\n| 1 | 2 |\n\nTime 10:30 on host:port.');
});

test('links become absolute: site paths, anchors and relative Markdown files by their route', () => {
  const sourceFile = path.join(root, 'catalyst/quickstarts/state.mdx');
  const permalinkBySource = new Map([[path.join(root, 'catalyst/concepts/appids.md'), '/catalyst/concepts/appids']]);
  const c = ctx({ sourceFile, permalinkBySource });
  assert.equal(absoluteUrl('../concepts/appids.md#scopes', c), `${site}/catalyst/concepts/appids#scopes`);
  assert.equal(absoluteUrl('/catalyst/api/get-state', c), `${site}/catalyst/api/get-state`);
  assert.equal(absoluteUrl('#step-1', c), `${site}/catalyst/quickstarts/state#step-1`);
  assert.equal(absoluteUrl('https://dapr.io/', c), 'https://dapr.io/');
});

test('in a build that publishes nowhere, site links are root-relative', () => {
  const sourceFile = path.join(root, 'catalyst/quickstarts/state.mdx');
  const permalinkBySource = new Map([[path.join(root, 'catalyst/concepts/appids.md'), '/catalyst/concepts/appids']]);
  const c = ctx({ siteUrl: '', sourceFile, permalinkBySource });
  assert.equal(absoluteUrl('../concepts/appids.md#scopes', c), '/catalyst/concepts/appids#scopes');
  assert.equal(absoluteUrl('/catalyst/api/get-state', c), '/catalyst/api/get-state');
  assert.equal(absoluteUrl('#step-1', c), '/catalyst/quickstarts/state#step-1');
  assert.equal(absoluteUrl('img/x.png?v=1', c), '/catalyst/quickstarts/img/x.png?v=1');
  assert.equal(absoluteUrl('https://dapr.io/', c), 'https://dapr.io/');
});

test('site links inside OpenAPI fields copied verbatim (parameter descriptions) get the origin too', () => {
  const doc = yaml.load(readFileSync(path.join(root, 'openapi/catalyst.yaml'), 'utf8')) as OpenApiDocument;
  const getSecret = allOperations(doc).find((op) => op.operation.operationId === 'get-secret')!;
  assert.match(operationToMarkdown(doc, getSecret, ctx()), new RegExp(`\\[get-bulk-secret\\]\\(${site}/catalyst/api/get-bulk-secret\\)`));
  for (const op of allOperations(doc)) {
    const md = operationToMarkdown(doc, op, ctx({ permalink: '/catalyst/api/x' })).replace(/^```[\s\S]*?^```/gm, '');
    assert.doesNotMatch(md, /\]\(\//, `${op.operation.operationId}: a root-relative link`);
  }
});

test('the state quickstart keeps the code of all five SDK languages', () => {
  const md = mdxToMarkdown(readFileSync(path.join(root, 'catalyst/quickstarts/state.mdx'), 'utf8'), ctx());
  for (const fence of ['```python', '```java', '```csharp', '```javascript', '```go']) assert.ok(md.includes(fence), fence);
  assert.doesNotMatch(md.replace(/```[\s\S]*?```/g, '').replace(/`[^`]*`/g, ''), /<\/?[A-Za-z][^>]*>/);
});

test('every operation twin has its method, path, each status code, servers, auth and samples', () => {
  const doc = yaml.load(readFileSync(path.join(root, 'openapi/catalyst.yaml'), 'utf8')) as OpenApiDocument;
  const operations = allOperations(doc);
  assert.ok(operations.length > 20);
  for (const op of operations) {
    const md = operationToMarkdown(doc, op, ctx({ permalink: '/catalyst/api/x' }));
    assert.ok(md.startsWith(`\`${op.method.toUpperCase()} ${op.path}\``), `${op.method} ${op.path}`);
    for (const status of Object.keys(op.operation.responses as object)) assert.match(md, new RegExp(`^### ${status}$`, 'm'));
    assert.match(md, /^## Servers$/m);
    assert.match(md, /^## Authentication$/m);
    for (const sample of (op.operation['x-codeSamples'] ?? []) as { label: string }[]) assert.match(md, new RegExp(`^### ${sample.label.replace(/[.#+]/g, '\\$&')}$`, 'm'));
  }
});

test('the health check says it needs no credentials; the others name the token header', () => {
  const doc = yaml.load(readFileSync(path.join(root, 'openapi/catalyst.yaml'), 'utf8')) as OpenApiDocument;
  const health = allOperations(doc).find((op) => op.path.includes('healthz'))!;
  assert.match(operationToMarkdown(doc, health, ctx()), /None: this operation needs no credentials/);
  const save = allOperations(doc).find((op) => op.operation.operationId === 'save-state')!;
  const md = operationToMarkdown(doc, save, ctx());
  assert.match(md, /`dapr-api-token` header/);
  assert.match(md, /^- `key` string \*\*required\*\*$/m);
});

test('each parameter with an example on the page has it in the twin, in the page words', () => {
  const doc = yaml.load(readFileSync(path.join(root, 'openapi/catalyst.yaml'), 'utf8')) as OpenApiDocument;
  let checked = 0;
  for (const op of allOperations(doc)) {
    const md = operationToMarkdown(doc, op, ctx());
    for (const ref of (op.operation.parameters ?? []) as Record<string, any>[]) {
      const p = typeof ref.$ref === 'string' ? (doc as any).components.parameters[ref.$ref.split('/').pop() as string] : ref;
      const example = p.example ?? p.schema?.example;
      if (example === undefined) continue;
      // The parameter's item runs from its "- `name` type" line to the next item.
      const item = md.split(/\n(?=- )/).find((chunk) => chunk.startsWith(`- \`${p.name}\` `));
      assert.ok(item?.includes(`**Example:** \`${typeof example === 'string' ? example : JSON.stringify(example)}\``), `${op.operation.operationId} ${p.name}: ${item}`);
      checked += 1;
    }
  }
  assert.ok(checked > 10, `only ${checked} parameter examples checked`);
});

test('constraints read as the page states them', () => {
  assert.equal(possibleValues({ type: 'integer', minimum: 0 }), '**Possible values:** `>= 0`');
  assert.equal(possibleValues({ type: 'integer', minimum: 1, maximum: 5, exclusiveMaximum: true }), '**Possible values:** `>= 1` and `< 5`');
  assert.equal(possibleValues({ type: 'string', enum: ['eventual', 'strong'] }), '**Possible values:** [`eventual`, `strong`]');
  assert.equal(
    possibleValues({ type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    '**Possible values:** `<= 64 characters`, Value must match regular expression `^[A-Za-z0-9_-]+$`',
  );
  assert.equal(possibleValues({ type: 'string', minLength: 1 }), '**Possible values:** `non-empty`');
  assert.equal(possibleValues({ type: 'array', items: { type: 'string', enum: ['a'] } }), '**Possible values:** [`a`]');
  assert.equal(possibleValues({ type: 'string' }), undefined);
});

test('a body lists every property with type, flags, constraints and example, nested, and the page\'s sample from the schema', () => {
  const doc = {
    paths: {
      '/orders': {
        post: {
          responses: {
            200: {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Order: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', description: 'The order.', example: 'order-1', maxLength: 64 },
            placedAt: { type: 'string', format: 'date-time' },
            lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string', example: 'sku-1' } } } },
            tags: { type: 'object', nullable: true, additionalProperties: { type: 'string' } },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const md = operationToMarkdown(doc, allOperations(doc)[0], ctx());
  const expected = [
    '- `id` string **required**', '', '  The order.', '', '  **Possible values:** `<= 64 characters`', '', '  **Example:** `order-1`', '',
    '- `placedAt` string\\<date-time>', '',
    '- `lines` object[]', '', '  - `sku` string', '', '    **Example:** `sku-1`', '',
    '- `tags` object **nullable**', '', '  - `property name*` string',
  ].join('\n');
  assert.ok(md.includes(expected), md);
  // The theme's own sampler, as the page's "Example (auto)" tab shows it.
  assert.match(md, /#### Example \(auto\)\n\n```json\n\{\n  "id": "order-1",\n  "placedAt": "[^"]+",\n  "lines": \[\n    \{\n      "sku": "sku-1"/);
});

test('sidebar order comes first, docs outside every sidebar follow', () => {
  const sidebars = { s: [{ type: 'doc', id: 'b' }, { type: 'category', link: { type: 'doc', id: 'c' }, items: [{ type: 'doc', id: 'a' }] }] };
  assert.deepEqual(sidebarOrder(sidebars, ['a', 'b', 'c', 'd']), ['b', 'c', 'a', 'd']);
});

test('llms.txt has the site, a summary and a line per section and own index; it lists no pages itself', () => {
  const page = { title: 'App IDs', description: 'What an [App ID](/catalyst/x) is.', permalink: '/catalyst/concepts/appids', twin: '/catalyst/concepts/appids.md' };
  const catalyst = { label: 'Catalyst', pitch: 'Hosted Dapr APIs.', route: '/catalyst/', pages: [page] };
  const cli = { route: '/catalyst/references/cli-reference/', label: 'Catalyst CLI reference', pitch: 'Every command.' };
  const text = siteLlmsTxt(site, 'Diagrid Docs', 'Diagrid runs Dapr.', [catalyst], [cli]);
  assert.match(text, /^# Diagrid Docs\n\n> Diagrid runs Dapr\.\n/);
  assert.ok(text.includes(`\n## Sections\n\n- [Catalyst](${site}/catalyst/llms.txt): Hosted Dapr APIs. All its pages in one file: ${site}/catalyst/llms-full.txt\n`), text);
  assert.ok(text.includes(`\n## References\n\n- [Catalyst CLI reference](${site}/catalyst/references/cli-reference/llms.txt): Every command.\n`), text);
  assert.doesNotMatch(text, /appids/);
  const full = sectionLlmsFullTxt(site, [{ entry: page, markdown: twinDocument('App IDs', 'd', 'Body.') }]);
  assert.equal(full, `# App IDs\n\n> d\n\nBody.\n\nPage: ${site}/catalyst/concepts/appids\n`);
});

test('a section index lists its pages with links in descriptions sent to twins, and links its own indexes instead of their pages', () => {
  const pages = [
    { title: 'App IDs', description: 'See [get-state](/catalyst/api/get-state) and [Catalyst](/catalyst/#x).', permalink: '/catalyst/concepts/appids', twin: '/catalyst/concepts/appids.md' },
    { title: 'diagrid login', permalink: '/catalyst/references/cli-reference/login', twin: '/catalyst/references/cli-reference/login.md' },
  ];
  const catalyst = { label: 'Catalyst', pitch: 'Hosted.', route: '/catalyst/', pages };
  const cli = { route: '/catalyst/references/cli-reference/', label: 'Catalyst CLI reference', pitch: 'Every command.' };
  const own = sectionLlmsTxt(site, 'Diagrid Docs', catalyst, [cli]);
  assert.ok(own.includes(`- [App IDs](${site}/catalyst/concepts/appids.md): See [get-state](${site}/catalyst/api/get-state.md) and [Catalyst](${site}/catalyst/index.md).`), own);
  assert.doesNotMatch(own, /login/);
  assert.ok(own.includes(`- [Catalyst CLI reference](${site}/catalyst/references/cli-reference/llms.txt): Every command.`));
  const cliIndex = ownLlmsTxt(site, catalyst, cli);
  assert.match(cliIndex, /^# Catalyst CLI reference \(Catalyst\)\n\n> Every command\.\n/);
  assert.ok(cliIndex.includes(`- [diagrid login](${site}/catalyst/references/cli-reference/login.md)\n`));
  assert.doesNotMatch(cliIndex, /App IDs/);
  // In a build that publishes nowhere, the same links are root-relative.
  assert.ok(sectionLlmsTxt('', 'Diagrid Docs', catalyst, [cli]).includes('[get-state](/catalyst/api/get-state.md)'));
});

test('a twin names the site index right under its title and description', () => {
  assert.equal(twinDocument('T', 'D.', 'Body.', '/llms.txt'), '# T\n\n> D.\n\nIndex of these docs for AI tools: [llms.txt](/llms.txt)\n\nBody.\n');
});

test('the component catalogue, whose rows are props, becomes a Markdown table with a row per backend', () => {
  const rows = [
    { title: 'Redis', typeTitle: 'State store', status: 'stable', component: 'state.redis', href: '/catalyst/references/components-reference/state/redis', description: 'd', features: ['etag', 'transactional'], operations: [], auth: ['password'], hosted: true },
    { title: 'Kafka', typeTitle: 'Binding', status: 'stable', component: 'bindings.kafka', href: '/catalyst/references/components-reference/bindings/kafka', description: 'd', features: ['output', 'input'], operations: ['create'], auth: ['none'], hosted: true },
    { title: 'Local file', typeTitle: 'Secret store', status: 'stable', component: 'secretstores.local.file', href: '/catalyst/references/components-reference/secretstores/local-file', description: 'd', features: [], operations: [], auth: ['none'], hosted: false },
  ];
  const kinds = [{ id: 'password', label: 'Password' }, { id: 'none', label: 'None' }];
  const source = `## Find a backend\n\n<div className="search-skip">\n<ComponentCatalogue rows={${JSON.stringify(rows)}} authKinds={${JSON.stringify(kinds)}} />\n</div>\n`;
  const md = mdxToMarkdown(source, ctx({ permalink: '/catalyst/references/components-reference/' }));
  assert.match(md, /^\| Backend \| Type \| Status \| Component type \| Features \| Authentication \| Hosted Catalyst \|$/m);
  assert.match(md, /^\| \[Redis\]\(https:\/\/docs\.example\.com\/catalyst\/references\/components-reference\/state\/redis\) \| State store \| stable \| `state\.redis` \| Transactions, ETag \| Password \| Yes \|$/m);
  // The Features cell says what the page's cell says, in the page's words and order, with the operations.
  assert.match(md, /`bindings\.kafka` \| Input binding, Output binding; Operations: create \| None \| Yes \|$/m);
  assert.match(md, /^Dapr components by type, status, features and authentication:$/m);
  assert.match(md, /`secretstores\.local\.file` \| \| None \| No \|$/m);
});

test('the API landing page twin gets the document’s authentication section, as the page shows it', async () => {
  const { twinBodies } = await import('../../src/plugins/markdown-twins/bodies');
  const [landing] = await twinBodies({
    siteUrl: site,
    openapiFile: path.join(root, 'openapi/catalyst.yaml'),
    openapiLabel: 'openapi/catalyst.yaml',
    permalinkBySource: new Map(),
    pages: [{ permalink: '/catalyst/api/catalyst-apis', sourceFile: path.join(root, 'catalyst/api/catalyst-apis.info.mdx'), label: 'catalyst-apis.info.mdx' }],
  });
  assert.match(landing.body, /^## API token$/m);
  assert.match(landing.body, /^## Authentication\n\n- `daprApiToken`: API key in the `dapr-api-token` header/m);
});

test("the home page's twin says what the page says, linking the twins of the pages it links", () => {
  const home = { hero: HOME_HERO, productsHeading: PRODUCTS_HEADING, popularHeading: POPULAR_HEADING, popular: POPULAR };
  const cards = [
    { label: 'Catalyst', pitch: 'Hosted Dapr APIs.', landing: '/catalyst/', startHere: { label: 'Make your first API call', to: '/catalyst/getting-started/first-api-call' } },
    { label: 'Conductor', pitch: 'Dapr on your clusters.', landing: '/conductor/', startHere: { label: 'Read about Conductor', to: '/conductor/' } },
  ];
  const twin = homeTwin('https://docs.diagrid.io', home, cards, 'https://docs.diagrid.io/llms.txt');
  assert.match(twin, new RegExp(`^# ${HOME_HERO.title}\n\n> ${HOME_HERO.lead}\n\nIndex of these docs for AI tools: \\[llms.txt\\]\\(https://docs.diagrid.io/llms.txt\\)\n`));
  assert.match(twin, /^## Choose your product$/m);
  assert.match(twin, /^### \[Catalyst\]\(https:\/\/docs\.diagrid\.io\/catalyst\/index\.md\)\n\nHosted Dapr APIs\.\n\n\[Make your first API call →\]\(https:\/\/docs\.diagrid\.io\/catalyst\/getting-started\/first-api-call\.md\)$/m);
  // A card whose start is its landing page has no second link, as on the page.
  assert.doesNotMatch(twin, /Read about Conductor/);
  for (const item of POPULAR) assert.ok(twin.includes(`- [${item.label}](https://docs.diagrid.io${twinPath(item.to)})\n  ${item.why}`), item.label);
});
