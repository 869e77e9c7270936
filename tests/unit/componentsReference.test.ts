import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { AUTH_KINDS, applyCodeFacts, authKinds, backendSlug, catalogueRows, codeFieldNames, renderComponent, renderReference, validate, type CatalogEntry, type Descriptions } from '../../scripts/gen-components-docs';

const root = path.join(__dirname, '..', '..');
const catalog = JSON.parse(readFileSync(path.join(root, 'components', 'catalog.json'), 'utf8')) as CatalogEntry[];
const descriptions = yaml.load(readFileSync(path.join(root, 'components', 'descriptions.yaml'), 'utf8')) as Descriptions;
const base = '/catalyst/references/components-reference';

test('every component in the catalog has our description, and every description has a component', () => {
  assert.deepEqual(validate(catalog, descriptions), []);
});

test('every components route of the route map is a type the reference generates', () => {
  const routes = readFileSync(path.join(root, 'tests', 'routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.replace(/^pending /, '').trim())
    .filter((line) => line.startsWith(`${base}/`) && line !== `${base}/`);
  assert.ok(routes.length > 0);
  const files = new Set(renderReference(catalog, descriptions, base, 'ref').pages.map((p) => p.file));
  for (const route of routes) assert.ok(files.has(`${route.slice(base.length + 1)}index.mdx`), route);
});

test('backend slugs drop the type and join the rest with dashes, and stay unique within a type', () => {
  assert.equal(backendSlug('state.azure.cosmosdb'), 'azure-cosmosdb');
  assert.equal(backendSlug('bindings.alicloud.dingtalk.webhook'), 'alicloud-dingtalk-webhook');
  const pages = renderReference(catalog, descriptions, base, 'ref').pages.map((p) => p.file);
  assert.equal(new Set(pages).size, pages.length);
});

const info = { title: 'State store', summary: 's', intro: 'i', related: [] };
const entry = (over: Partial<CatalogEntry>): CatalogEntry => ({
  type: 'state',
  component: 'state.example',
  version: 'v1',
  status: 'alpha',
  title: 'Example',
  path: 'state/example',
  urls: [{ title: 'Reference', url: 'https://docs.dapr.io/example/' }],
  fields: [],
  ...over,
});

test('samples fill required fields from examples, use placeholders for secrets, and add the first auth option', () => {
  const page = renderComponent(
    [
      entry({
        capabilities: ['actorStateStore'],
        fields: [
          { name: 'host', required: true, type: 'string', sensitive: false, example: '"db.local:5432"', deprecated: false },
          { name: 'mode', required: false, type: 'string', sensitive: false, default: '', example: '"true", "false"', deprecated: false },
        ],
        authenticationProfiles: [{ title: 'Password', fields: [{ name: 'password', required: true, type: 'string', sensitive: true, example: 'hunter2', deprecated: false }] }],
      }),
    ],
    info,
    'An example store.',
    base,
  );
  assert.match(page, /--metadata host=db\.local:5432 \\/);
  assert.match(page, /--metadata password='<password>' \\/);
  const samples = [...page.matchAll(/```(?:bash|yaml)\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
  assert.doesNotMatch(samples, /hunter2/, 'sensitive examples never reach the samples');
  assert.match(page, /- name: password\n {6}value: "<password>"/);
  assert.match(page, /authenticate with the first option under \[Authentication\]\(#authentication\), Password/);
  assert.match(page, /It can hold workflow state/);
  assert.match(page, /\| `mode` \| No \| string \| Example `"true", "false"`\. \|/, 'empty defaults are left out');
  assert.match(page, /\[Dapr's Example reference\]\(https:\/\/docs\.dapr\.io\/example\/\)/);
});

test('field names written as code writes them become keywords, from every version and auth option; plain words do not', () => {
  const field = (name: string) => ({ name, required: false, type: 'string', sensitive: false, deprecated: false });
  const versions = [
    entry({ version: 'v1', fields: [field('consumerGroup'), field('brokers')] }),
    entry({ version: 'v2', fields: [field('consumerGroup'), field('auth_type'), field('region')], authenticationProfiles: [{ title: 'Key', fields: [field('accessKey')] }] }),
  ];
  assert.deepEqual(codeFieldNames(versions), ['consumerGroup', 'auth_type', 'accessKey']);
  const page = renderComponent(versions, info, 'Two versions.', base);
  assert.match(page, /^keywords: \["state\.example","Example","consumerGroup","auth_type","accessKey"\]$/m);
  // The shipped catalog: Kafka's consumer group is how readers paste it.
  const kafka = catalog.filter((c) => c.component === 'pubsub.kafka');
  assert.ok(codeFieldNames(kafka).includes('consumerGroup'));
});

test('a component with two versions shows a field table for each, and samples use the newest', () => {
  const page = renderComponent([entry({ version: 'v1' }), entry({ version: 'v2' })], info, 'Two versions.', base);
  assert.match(page, /## Metadata fields \(v1\)/);
  assert.match(page, /## Metadata fields \(v2\)/);
  assert.match(page, /version: v2/);
  assert.match(page, /cannot hold workflow state/);
});

test('validation names missing and unknown descriptions', () => {
  const problems = validate([entry({})], {
    overview: { title: '', description: '', body: '', hostedIntro: '' },
    types: {},
    components: { 'state.other': 'x' },
    hostedLimits: { 'state.gone': { why: 'w', instead: 'i' } },
  });
  assert.ok(problems.some((p) => /no entry for type "state"/.test(p)));
  assert.ok(problems.some((p) => /no description for state\.example/.test(p)));
  assert.ok(problems.some((p) => /state\.other is not in catalog\.json/.test(p)));
  assert.ok(problems.some((p) => /hosted entry state\.gone is not in catalog\.json/.test(p)));
});

test('the catalogue has one row per backend, with the catalog facts and the hosted list applied', () => {
  const rows = catalogueRows(catalog, descriptions, base);
  assert.equal(rows.length, new Set(catalog.map((e) => e.component)).size);
  const byComponent = new Map(rows.map((row) => [row.component, row]));
  for (const component of Object.keys(descriptions.hostedLimits)) assert.equal(byComponent.get(component)?.hosted, false, component);
  assert.equal(rows.filter((row) => !row.hosted).length, Object.keys(descriptions.hostedLimits).length);
  assert.deepEqual(byComponent.get('bindings.kubernetes')?.features, ['input']);
  assert.ok(byComponent.get('state.redis')?.features.includes('transactional'));
  // The latest version's facts win: state.postgresql has v1 and v2.
  const postgres = catalog.filter((e) => e.component === 'state.postgresql');
  assert.equal(byComponent.get('state.postgresql')?.status, postgres[postgres.length - 1].status);
});

test('authentication kinds: builtin cloud identities by name, other options by their titles, the rest as other', () => {
  assert.deepEqual(authKinds(entry({ builtinAuthenticationProfiles: [{ name: 'azuread' }], authenticationProfiles: [{ title: 'Connection string', fields: [] }] })), ['azuread', 'connection-string']);
  assert.deepEqual(authKinds(entry({ authenticationProfiles: [{ title: 'Username and password', fields: [] }, { title: 'Something new', fields: [] }] })), ['password', 'other']);
  assert.deepEqual(authKinds(entry({})), []);
  // Every kind the catalogue offers is used by at least one backend, so no filter option is always empty.
  const used = new Set(catalogueRows(catalog, descriptions, base).flatMap((row) => row.auth));
  for (const kind of AUTH_KINDS) assert.ok(used.has(kind.id), kind.id);
});

test('the index says which backends a hosted project cannot use, and so do their pages', () => {
  const { pages } = renderReference(catalog, descriptions, base, 'ref');
  const index = pages.find((p) => p.file === 'index.mdx')!.content;
  assert.match(index, /<ComponentCatalogue rows=\{\[/);
  for (const component of Object.keys(descriptions.hostedLimits)) {
    assert.ok(index.includes(`(\`${component}\`)`), component);
    const type = component.split('.')[0];
    const page = pages.find((p) => p.file === `${type}/${backendSlug(component)}.mdx`)!.content;
    assert.match(page, /:::warning\[Not for a hosted Catalyst project\]/, component);
  }
  const redis = pages.find((p) => p.file === 'state/redis.mdx')!.content;
  assert.doesNotMatch(redis, /Not for a hosted Catalyst project/);
});

test('codeFacts replace the operations and capabilities on the page and in the catalogue, and leave the catalog as read', () => {
  const corrected: Descriptions = {
    ...descriptions,
    codeFacts: {
      'bindings.dubbo': { operations: ['get'], source: 'dapr/components-contrib@v1.17.8:bindings/dubbo/dubbo_output.go' },
      'state.hazelcast': { capabilities: ['crud', 'transactional', 'etag', 'actorStateStore'], source: 'test' },
    },
  };
  assert.deepEqual(validate(catalog, corrected), []);
  const applied = applyCodeFacts(catalog, corrected);
  const { pages } = renderReference(applied, corrected, base, 'ref');
  const page = (file: string) => pages.find((p) => p.file === file)!.content;
  assert.match(page('bindings/dubbo.mdx'), /\*\*Operations:\*\* `get`\n/);
  assert.match(page('state/hazelcast.mdx'), /\*\*Capabilities:\*\* `crud`, `transactional`, `etag`, `actorStateStore`/);
  assert.match(page('state/hazelcast.mdx'), /It can hold workflow state/);
  const rows = new Map(catalogueRows(applied, corrected, base).map((row) => [row.component, row]));
  assert.deepEqual(rows.get('bindings.dubbo')?.operations, ['get']);
  assert.deepEqual(rows.get('state.hazelcast')?.features, ['crud', 'transactional', 'etag', 'actorStateStore']);
  // The index page carries the same rows to the filterable catalogue.
  assert.ok(page('index.mdx').includes(JSON.stringify(rows.get('bindings.dubbo'))));
  assert.deepEqual(catalog.find((e) => e.component === 'bindings.dubbo')?.binding?.operations, ['create'], 'the catalog passed in is unchanged');
});

test('codeFacts apply to the newest version only', () => {
  const two = [entry({ version: 'v1', capabilities: ['crud'] }), entry({ version: 'v2', capabilities: ['crud'] })];
  const applied = applyCodeFacts(two, { ...descriptions, codeFacts: { 'state.example': { capabilities: ['crud', 'etag'], source: 'test' } } });
  assert.deepEqual(applied.map((e) => e.capabilities), [['crud'], ['crud', 'etag']]);
});

test('the shipped codeFacts fix the workflow line and the operations of the 1.17 code', () => {
  const { pages } = renderReference(applyCodeFacts(catalog, descriptions), descriptions, base, 'ref');
  const page = (file: string) => pages.find((p) => p.file === file)!.content;
  // ETag and transactions in Features(): the runtime's whole test for a workflow store (dapr/dapr pkg/actors/actors.go).
  for (const store of ['sqlite', 'etcd', 'oracledatabase', 'ravendb']) assert.match(page(`state/${store}.mdx`), /It can hold workflow state/, store);
  assert.match(page('state/aerospike.mdx'), /cannot hold workflow state/);
  assert.match(page('bindings/aws-s3.mdx'), /\*\*Operations:\*\* `create`, `get`, `delete`, `list`, `presign`\n/);
  assert.doesNotMatch(page('bindings/kubernetes.mdx'), /\*\*Operations:\*\*/, 'an input-only binding has no operations');
});

test('validation names the key of a codeFacts entry that cannot apply', () => {
  const problems = validate(catalog, {
    ...descriptions,
    codeFacts: {
      'state.gone': { capabilities: ['crud'], source: 's' },
      'state.sqlite': { capabilities: [], source: '' },
      'state.redis': { capabilities: ['ETag'], operations: ['get'], source: 's' },
      'bindings.dubbo': { operations: [], source: 's' },
      'bindings.kubernetes': { operations: [], source: 's' },
      'bindings.wasm': { source: 's' },
    },
  });
  assert.ok(problems.includes('descriptions.yaml: codeFacts state.gone is not in catalog.json'), problems.join('\n'));
  assert.ok(problems.includes('descriptions.yaml: codeFacts state.sqlite has no source (the file of the code it was read from)'));
  assert.ok(problems.includes('descriptions.yaml: codeFacts state.sqlite has an empty capabilities list'));
  assert.ok(problems.includes('descriptions.yaml: codeFacts state.redis has capability ETag, which catalog.json never uses'));
  assert.ok(problems.includes('descriptions.yaml: codeFacts state.redis has operations, but it is neither a binding nor a lock'));
  assert.ok(problems.includes('descriptions.yaml: codeFacts bindings.dubbo has an empty operations list'));
  assert.ok(problems.includes('descriptions.yaml: codeFacts bindings.wasm corrects neither operations nor capabilities'));
  assert.ok(!problems.some((p) => p.includes('bindings.kubernetes')), 'an input-only binding may have no operations');
});
