// Generates the Catalyst components reference (one index, one index per component type, one page per backend) from
// components/catalog.json (metadata facts per Dapr component) and components/descriptions.yaml (our prose about each).
// Run by `npm run gen`; never edit the output.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { mdxSafe, searchSkip, tableCell as cell, writeGeneratedDocs } from './generated-docs';

export type CatalogField = {
  name: string;
  required: boolean;
  type: string;
  sensitive: boolean;
  default?: string;
  example?: string;
  allowedValues?: string[];
  deprecated: boolean;
};

export type CatalogEntry = {
  type: string;
  component: string;
  version: string;
  status: 'stable' | 'beta' | 'alpha';
  title: string;
  path: string;
  urls: { title: string; url: string }[];
  binding?: { input: boolean; output: boolean; operations: string[] };
  lock?: { operations: string[] };
  capabilities?: string[];
  authenticationProfiles?: { title: string; fields: CatalogField[] }[];
  builtinAuthenticationProfiles?: { name: string; fields?: CatalogField[] }[];
  fields: CatalogField[];
};

export type TypeInfo = { title: string; summary: string; intro: string; related: { label: string; to: string }[] };

export type Descriptions = {
  /** The reference's landing page; a table of the types follows its body. */
  overview: { title: string; description: string; body: string; hostedIntro: string };
  /** Keyed by type, in the order they are listed. */
  types: Record<string, TypeInfo>;
  /** One paragraph per component string, in our own words: what the backend is and when to choose it. */
  components: Record<string, string>;
  /** Corrections to titles the upstream metadata gets wrong, by component string. */
  titles?: Record<string, string>;
  /** Components a hosted Catalyst project cannot use, by component string: why (one sentence) and what to use instead. */
  hostedLimits: Record<string, { why: string; instead: string }>;
  /** Components a hosted project can use once a setting is changed, by component string: what to change. */
  hostedNotes?: Record<string, string>;
  /** Optional fields the samples of a hostedNotes component must set, by component string; shown as placeholders. */
  hostedSampleFields?: Record<string, string[]>;
  /** Corrections from the code Catalyst runs where upstream's metadata.yaml disagrees with it, by component string. */
  codeFacts?: Record<string, CodeFacts>;
};

/**
 * What a component's code at the pinned components-contrib release says, replacing catalog.json's lists for its newest
 * version: the runtime goes by the code (it refuses a binding operation `Operations()` does not list, and picks
 * workflow stores by `Features()`), not by metadata.yaml. Each list is complete, not a patch.
 */
export type CodeFacts = { operations?: string[]; capabilities?: string[]; /** The file read, `owner/repo@tag:path`. */ source: string };

// The catalogue's row type lives with its component, which src/ may import (src never imports scripts/).
export type { CatalogueRow } from '../src/components/ComponentCatalogue/types';
import type { CatalogueRow } from '../src/components/ComponentCatalogue/types';

/**
 * The kinds of authentication the catalogue filters by, in the order it lists them. The builtin profiles (`azuread`,
 * `aws`, `gcp`) are Dapr's cloud identity options; a component's own profiles are sorted by their titles.
 */
export const AUTH_KINDS: { id: string; label: string; builtin?: string; title?: RegExp }[] = [
  { id: 'azuread', label: 'Microsoft Entra ID', builtin: 'azuread' },
  { id: 'aws', label: 'AWS IAM', builtin: 'aws' },
  { id: 'gcp', label: 'Google Cloud identity', builtin: 'gcp', title: /^implicit credentials$/i },
  { id: 'connection-string', label: 'Connection string', title: /connection string/i },
  { id: 'key', label: 'Access key or API key', title: /access key|api key|account key|master key|secret key|api token|apns key|twilio|cloudflare|service account/i },
  { id: 'password', label: 'Username and password', title: /username|password|basic|sasl|sentinel|credential authentication|solace|rabbitmq properties/i },
  { id: 'certificate', label: 'Certificate or private key', title: /tls|certificate|private key/i },
  { id: 'token', label: 'Token, OAuth or OIDC', title: /oidc|oauth|jwt|token|spiffe/i },
  { id: 'none', label: 'No authentication', title: /^no authentication$/i },
  { id: 'other', label: 'Other' },
];

/** The authentication kinds a component supports, as AUTH_KINDS ids in that order. */
export function authKinds(entry: CatalogEntry): string[] {
  const builtins = new Set((entry.builtinAuthenticationProfiles ?? []).map((b) => b.name));
  const titles = (entry.authenticationProfiles ?? []).map((p) => p.title);
  const kinds = new Set<string>();
  for (const kind of AUTH_KINDS) if ((kind.builtin && builtins.has(kind.builtin)) || (kind.title && titles.some((t) => kind.title!.test(t)))) kinds.add(kind.id);
  const named = AUTH_KINDS.filter((k) => k.title);
  if (titles.some((t) => !named.some((k) => k.title!.test(t)))) kinds.add('other');
  return AUTH_KINDS.map((k) => k.id).filter((id) => kinds.has(id));
}

/** The URL segment of a backend: the component string without its type, dots as dashes (`azure-cosmosdb`). */
export const backendSlug = (component: string) => component.split('.').slice(1).join('-');

/** Catalog examples and defaults are verbatim YAML scalars, some still wrapped in their own quotes. */
export const unquote = (value: string) => value.trim().replace(/^"([^"]*)"$/, '$1').replace(/^'([^']*)'$/, '$1');

/** Values worth showing: not empty, not a multi-line block, not a sentence written where a value belongs. */
const showable = (value: string | undefined): value is string =>
  value !== undefined && unquote(value) !== '' && !/\n/.test(value) && !/^[A-Za-z]+( [A-Za-z]+){2,}/.test(unquote(value));

const code = (text: string) => `\`${unquote(text).replace(/`/g, "'").replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')}\``;

const STATUS_NOTE: Record<CatalogEntry['status'], string> = {
  stable: 'Stable: the Dapr project has certified it and keeps its behaviour compatible across releases.',
  beta: 'Beta: usable, but its metadata or behaviour may still change between Dapr releases.',
  alpha: 'Alpha: early; expect changes, and test it before relying on it in production.',
};

const BUILTIN_AUTH: Record<string, { label: string; link?: { label: string; to: string } }> = {
  aws: { label: 'AWS credentials, including IAM Roles Anywhere', link: { label: 'Connect to AWS without static keys', to: '/catalyst/tutorials/aws' } },
  azuread: { label: 'Microsoft Entra ID (Azure AD), including managed and federated identities', link: { label: 'Connect to Azure without static keys', to: '/catalyst/tutorials/azure' } },
  gcp: { label: 'Google Cloud credentials' },
};

function fieldTable(fields: CatalogField[]): string {
  const rows = fields.map((f) => {
    const details = [
      showable(f.default) ? `Default ${code(f.default)}.` : '',
      f.allowedValues?.length ? `One of ${f.allowedValues.map(code).join(', ')}.` : '',
      showable(f.example) && f.example !== f.default ? `Example ${code(f.example)}.` : '',
      f.sensitive ? 'Sensitive.' : '',
      f.deprecated ? 'Deprecated.' : '',
    ].filter(Boolean);
    return `| \`${f.name}\` | ${f.required ? 'Yes' : 'No'} | ${f.type} | ${details.join(' ') || ' '} |`;
  });
  return ['| Field | Required | Type | Details |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** A value for a required field in the samples: its example, else a placeholder naming it. */
const sampleValue = (f: CatalogField) => (showable(f.example) && !f.sensitive && !/"/.test(unquote(f.example)) ? unquote(f.example) : `<${f.name}>`);

/**
 * The required fields of the component plus those of its first authentication option, which the samples use, and
 * any optional field a hosted project must set (its default or example points at the runtime's own machine, so it
 * becomes a placeholder).
 */
function sampleFields(entry: CatalogEntry, hostedFields: string[] = []): CatalogField[] {
  const auth = entry.authenticationProfiles?.[0]?.fields.filter((f) => f.required) ?? [];
  const own = entry.fields.filter((f) => f.required);
  const fields = [...own, ...auth.filter((f) => !own.some((o) => o.name === f.name))];
  const hosted = entry.fields.filter((f) => hostedFields.includes(f.name) && !fields.some((o) => o.name === f.name));
  return [...fields, ...hosted.map((f) => ({ ...f, example: undefined }))];
}

/** The Component definition with the required fields filled in, for a file or `diagrid apply -f`. */
function componentYaml(entry: CatalogEntry, name: string, hostedFields: string[] = []): string[] {
  const required = sampleFields(entry, hostedFields);
  return [
    'apiVersion: dapr.io/v1alpha1',
    'kind: Component',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  type: ${entry.component}`,
    `  version: ${entry.version}`,
    ...(required.length ? ['  metadata:', ...required.flatMap((f) => [`    - name: ${f.name}`, `      value: ${JSON.stringify(sampleValue(f))}`])] : ['  metadata: []']),
    'scopes:',
    '  - my-app',
  ];
}

function samples(entry: CatalogEntry, name: string, hostedFields: string[] = []): string {
  const required = sampleFields(entry, hostedFields);
  const cli = [
    `diagrid component create ${name} \\`,
    `  --type ${entry.component} \\`,
    ...required.map((f) => `  --metadata ${f.name}=${/[\s"'$<>|&;]/.test(sampleValue(f)) ? `'${sampleValue(f)}'` : sampleValue(f)} \\`),
    '  --scopes my-app',
  ];
  const profile = entry.authenticationProfiles?.[0];
  return [
    ...(profile?.fields.some((f) => f.required) ? [`The samples authenticate with the first option under [Authentication](#authentication), ${mdxSafe(profile.title)}.`, ''] : []),
    'With the CLI, pass each metadata field as `--metadata name=value` and list the App IDs that may use the component in `--scopes`:',
    '',
    '```bash',
    ...cli,
    '```',
    '',
    'Or declare it in a file and apply it with [`diagrid apply -f`](/catalyst/references/cli-reference/apply), which keeps the definition in Git:',
    '',
    '```yaml',
    ...componentYaml(entry, name, hostedFields),
    '```',
  ].join('\n');
}

/**
 * For a component a hosted project cannot use: no `diagrid` command, which would create a component that cannot
 * work, but what to use in Catalyst instead and the definition for a Dapr runtime the reader runs beside the app.
 */
function selfHostedSample(entry: CatalogEntry, name: string, limit: { instead: string }): string {
  const required = sampleFields(entry);
  const profile = entry.authenticationProfiles?.[0];
  return [
    `Don't create it in a hosted Catalyst project. ${limit.instead.trim()}`,
    '',
    'In a Dapr runtime that runs beside your app, on your machine or in your own Kubernetes cluster, you declare it like any other component.',
    ...(profile?.fields.some((f) => f.required) ? [`The sample authenticates with the first option under [Authentication](#authentication), ${mdxSafe(profile.title)}.`] : []),
    '',
    '```yaml',
    ...componentYaml(entry, name),
    '```',
    '',
    required.length ? 'Replace the values with your own.' : '',
  ]
    .join('\n')
    .trimEnd();
}

function frontMatter(title: string, description: string, sidebarLabel: string, keywords: string[] = []): string[] {
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(sidebarLabel)}`,
    `description: ${JSON.stringify(description)}`,
    ...(keywords.length ? [`keywords: ${JSON.stringify(keywords)}`] : []),
    '---',
    '',
    '{/* Generated by scripts/gen-components-docs.ts from components/; edit those files, not this one. */}',
    '',
  ];
}

/** A page's warning that a hosted Catalyst project cannot use the component, or needs a setting changed first. */
function hostedWarning(limit: { why: string; instead: string } | undefined, note: string | undefined): string[] {
  if (limit) return [':::warning[Not for a hosted Catalyst project]', '', `${limit.why.trim()} ${limit.instead.trim()}`, '', ':::', ''];
  if (note) return [':::note[In a hosted Catalyst project]', '', note.trim(), '', ':::', ''];
  return [];
}

/**
 * The metadata field names of a component written the way only code writes them (`consumerGroup`, `auth_type`,
 * `dapr.io/x`): readers paste them from their YAML and errors. The field tables are skipped by search (they repeat the
 * same words on hundreds of pages), so these become the page's keywords; plain words (`brokers`, `region`) stay out,
 * as they name no one page.
 */
export function codeFieldNames(versions: CatalogEntry[]): string[] {
  const fields = versions.flatMap((v) => [...v.fields, ...(v.authenticationProfiles ?? []).flatMap((p) => p.fields)]);
  return [...new Set(fields.map((f) => f.name).filter((name) => /[a-z][A-Z]|[_.]/.test(name)))];
}

export function renderComponent(
  versions: CatalogEntry[],
  info: TypeInfo,
  description: string,
  base: string,
  hosted: { limit?: { why: string; instead: string }; note?: string; fields?: string[] } = {},
): string {
  const latest = versions[versions.length - 1];
  const name = backendSlug(latest.component);
  const lines = frontMatter(
    `${latest.title} (${info.title.toLowerCase()})`,
    `Metadata fields, authentication options and a sample definition for the ${latest.title} ${info.title.toLowerCase()} component, ${latest.component}.`,
    latest.title,
    [latest.component, latest.title, ...codeFieldNames(versions)],
  );
  lines.push(mdxSafe(description.trim()), '', ...hostedWarning(hosted.limit, hosted.note));
  const codes = (values: string[]) => values.map((v) => `\`${v}\``).join(', ');
  const facts: string[] = [];
  facts.push(
    `- **Component type:** \`${latest.component}\``,
    `- **Versions:** ${codes(versions.map((v) => v.version))}`,
    `- **Status:** ${mdxSafe(STATUS_NOTE[latest.status])}`,
  );
  if (latest.capabilities?.length) facts.push(`- **Capabilities:** ${codes(latest.capabilities)}`);
  if (latest.binding) {
    const direction = [latest.binding.input ? 'input (events into your app)' : '', latest.binding.output ? 'output (your app calls it)' : ''].filter(Boolean).join(' and ');
    facts.push(`- **Direction:** ${direction}`);
    if (latest.binding.operations.length) facts.push(`- **Operations:** ${codes(latest.binding.operations)}`);
  }
  if (latest.lock?.operations.length) facts.push(`- **Operations:** ${codes(latest.lock.operations)}`);
  lines.push(searchSkip(facts.join('\n')), '');
  if (latest.type === 'state') {
    lines.push(
      searchSkip(
        latest.capabilities?.includes('actorStateStore')
          ? 'It can hold workflow state: set the metadata field `actorStateStore` to `"true"` on the one state component of the project that backs workflows.'
          : 'It cannot hold workflow state, because it lacks the `actorStateStore` capability; keep a different store for workflows.',
      ),
      '',
    );
  }

  // The samples and their explanation read the same on every backend page, so search skips them.
  const sampleName = name === 'in-memory' ? `${latest.type}-memory` : name.split('-').pop()!;
  lines.push(
    hosted.limit ? '## Define the component' : '## Create the component',
    '',
    searchSkip(
      hosted.limit
        ? selfHostedSample(latest, sampleName, hosted.limit)
        : [
            samples(latest, sampleName, hosted.fields),
            '',
            'Replace the values with your own. After creating the component, check that it initialised with [`diagrid component get`](/catalyst/references/cli-reference/component/get), which hides the values of sensitive fields unless you add `--show-sensitive-values`.',
          ].join('\n'),
    ),
    '',
  );

  for (const v of versions) {
    lines.push(versions.length > 1 ? `## Metadata fields (${v.version})` : '## Metadata fields', '');
    lines.push(v.fields.length ? searchSkip(fieldTable(v.fields)) : 'This component takes no metadata fields.', '');
  }

  const profiles = latest.authenticationProfiles ?? [];
  const builtins = latest.builtinAuthenticationProfiles ?? [];
  if (profiles.length || builtins.length) {
    lines.push('## Authentication', '', searchSkip('Pick one way to authenticate and set the fields it needs alongside the ones above.'), '');
    for (const builtin of builtins) {
      const known = BUILTIN_AUTH[builtin.name];
      lines.push(`### ${known?.label ?? builtin.name}`, '');
      lines.push(searchSkip(`The component accepts Dapr's standard \`${builtin.name}\` authentication fields.${known?.link ? ` [${known.link.label}](${known.link.to}) shows how to set it up for Catalyst.` : ''}`), '');
      if (builtin.fields?.length) lines.push(searchSkip(fieldTable(builtin.fields)), '');
    }
    for (const profile of profiles) lines.push(`### ${mdxSafe(profile.title)}`, '', searchSkip(fieldTable(profile.fields)), '');
  }

  const seeAlso: string[] = [];
  seeAlso.push(`- [${info.title} components](${base}/${latest.type}/): every ${info.title.toLowerCase()} backend.`);
  for (const link of info.related) seeAlso.push(`- [${mdxSafe(link.label)}](${link.to})`);
  for (const url of latest.urls) seeAlso.push(`- [Dapr's ${latest.title} reference](${url.url})${url.title === 'Reference' ? ': field-by-field details from the Dapr project.' : `: ${mdxSafe(url.title)}.`}`);
  lines.push('## See also', '', searchSkip(seeAlso.join('\n')));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

const STATUS_ORDER = { stable: 0, beta: 1, alpha: 2 } as const;

/** The catalogue's rows: one per backend (its latest version), by title. */
export function catalogueRows(catalog: CatalogEntry[], descriptions: Descriptions, base: string): CatalogueRow[] {
  const latest = new Map<string, CatalogEntry>();
  for (const entry of catalog) latest.set(entry.component, entry);
  return [...latest.values()]
    .sort((a, b) => a.title.localeCompare(b.title) || a.component.localeCompare(b.component))
    .map((entry) => ({
      component: entry.component,
      title: entry.title,
      type: entry.type,
      typeTitle: descriptions.types[entry.type].title,
      status: entry.status,
      href: `${base}/${entry.type}/${backendSlug(entry.component)}`,
      description: descriptions.components[entry.component].replace(/\s+/g, ' ').trim(),
      features: [...(entry.capabilities ?? []), ...(entry.binding?.input ? ['input'] : []), ...(entry.binding?.output ? ['output'] : [])],
      operations: entry.binding?.operations ?? entry.lock?.operations ?? [],
      auth: authKinds(entry),
      hosted: !descriptions.hostedLimits[entry.component],
    }));
}

export function renderReference(catalog: CatalogEntry[], descriptions: Descriptions, base: string, docIdBase: string) {
  const pages: { file: string; content: string }[] = [];
  const sidebar: unknown[] = [];
  const types = Object.keys(descriptions.types);
  for (const type of types) {
    const info = descriptions.types[type];
    const byComponent = new Map<string, CatalogEntry[]>();
    for (const entry of catalog.filter((e) => e.type === type)) byComponent.set(entry.component, [...(byComponent.get(entry.component) ?? []), entry]);
    const components = [...byComponent.values()].sort((a, b) => a[0].title.localeCompare(b[0].title));
    const rows = components.map((versions) => {
      const latest = versions[versions.length - 1];
      return `| [${cell(latest.title)}](${base}/${type}/${backendSlug(latest.component)}) | \`${latest.component}\` | ${latest.status} |`;
    });
    pages.push({
      file: `${type}/index.mdx`,
      content: [
        ...frontMatter(`${info.title} components`, info.summary.trim(), info.title),
        mdxSafe(info.intro.trim()),
        '',
        `## All ${info.title.toLowerCase()} components`,
        '',
        `${components.length === 1 ? 'One backend.' : `${components.length} backends, by name.`} Stable components are certified by the Dapr project; alpha and beta ones may still change.`,
        '',
        '| Backend | Component type | Status |',
        '| --- | --- | --- |',
        ...rows,
        '',
        '## See also',
        '',
        searchSkip([...info.related.map((link) => `- [${mdxSafe(link.label)}](${link.to})`), `- [Components reference](${base}/): every component type.`].join('\n')),
        '',
      ].join('\n'),
    });
    const items = components
      .slice()
      .sort((a, b) => STATUS_ORDER[a[0].status] - STATUS_ORDER[b[0].status] || a[0].title.localeCompare(b[0].title))
      .map((versions) => {
        const latest = versions[versions.length - 1];
        const hosted = {
          limit: descriptions.hostedLimits[latest.component],
          note: descriptions.hostedNotes?.[latest.component],
          fields: descriptions.hostedSampleFields?.[latest.component],
        };
        pages.push({ file: `${type}/${backendSlug(latest.component)}.mdx`, content: renderComponent(versions, info, descriptions.components[latest.component], base, hosted) });
        return { type: 'doc', id: `${docIdBase}/${type}/${backendSlug(latest.component)}`, label: latest.title, key: `components-${latest.component}` };
      });
    // `key` keeps translation keys unique beside the guide categories of the same name (Pub/sub, Conversation).
    sidebar.push({ type: 'category', label: info.title, link: { type: 'doc', id: `${docIdBase}/${type}/index` }, items, key: `components-${type}` });
  }
  pages.push({
    file: 'index.mdx',
    content: [
      ...frontMatter(descriptions.overview.title, descriptions.overview.description, 'Overview'),
      // Imported here rather than registered in MDXComponents, so its code ships in this page's chunk only.
      "import ComponentCatalogue from '@site/src/components/ComponentCatalogue';",
      '',
      descriptions.overview.body.trim(),
      '',
      '## Find a backend',
      '',
      // The rows repeat every backend page's facts, so search skips them; the component renders the full table
      // into the HTML and adds the filters once the page is interactive.
      searchSkip(
        `<ComponentCatalogue rows={${JSON.stringify(catalogueRows(catalog, descriptions, base))}} authKinds={${JSON.stringify(AUTH_KINDS.map(({ id, label }) => ({ id, label })))}} />`,
      ),
      '',
      '## Component types',
      '',
      // A list rather than a table, so it fits a phone's width.
      ...types.map((type) => {
        const n = new Set(catalog.filter((e) => e.type === type).map((e) => e.component)).size;
        return `- [${descriptions.types[type].title}](${base}/${type}/), ${n} ${n === 1 ? 'backend' : 'backends'}: ${cell(descriptions.types[type].summary)}`;
      }),
      '',
      '## Not for a hosted project',
      '',
      mdxSafe(descriptions.overview.hostedIntro.trim()),
      '',
      ...Object.entries(descriptions.hostedLimits).map(([component, limit]) => {
        const entry = catalog.find((e) => e.component === component)!;
        return `- [${cell(entry.title)}](${base}/${entry.type}/${backendSlug(component)}) (\`${component}\`): ${limit.why.trim()} ${limit.instead.trim()}`;
      }),
      ...Object.entries(descriptions.hostedNotes ?? {}).map(([component, note]) => {
        const entry = catalog.find((e) => e.component === component)!;
        return `- [${cell(entry.title)}](${base}/${entry.type}/${backendSlug(component)}) (\`${component}\`) works in a hosted project once one setting changes. ${note.trim()}`;
      }),
      '',
    ].join('\n'),
  });
  return { pages, sidebar, types };
}

/**
 * The catalog with descriptions.yaml's codeFacts applied to each component's newest version, the one its page and the
 * catalogue show. Copies what it changes, so the catalog passed in stays as read.
 */
export function applyCodeFacts(catalog: CatalogEntry[], descriptions: Descriptions): CatalogEntry[] {
  const newest = new Map(catalog.map((e, i) => [e.component, i]));
  return catalog.map((entry, i) => {
    const facts = descriptions.codeFacts?.[entry.component];
    if (!facts || newest.get(entry.component) !== i) return entry;
    const out = { ...entry };
    if (facts.capabilities) out.capabilities = [...facts.capabilities];
    if (facts.operations && out.binding) out.binding = { ...out.binding, operations: [...facts.operations] };
    if (facts.operations && out.lock) out.lock = { ...out.lock, operations: [...facts.operations] };
    return out;
  });
}

/** Missing prose, prose for components the catalog does not have, and code facts that cannot apply. */
export function validate(catalog: CatalogEntry[], descriptions: Descriptions): string[] {
  const problems: string[] = [];
  const known = new Set(catalog.map((e) => e.component));
  for (const type of new Set(catalog.map((e) => e.type))) if (!descriptions.types[type]) problems.push(`descriptions.yaml: no entry for type "${type}"`);
  for (const component of known) if (!descriptions.components[component]?.trim()) problems.push(`descriptions.yaml: no description for ${component}`);
  for (const component of Object.keys(descriptions.components)) if (!known.has(component)) problems.push(`descriptions.yaml: ${component} is not in catalog.json`);
  for (const component of [...Object.keys(descriptions.hostedLimits ?? {}), ...Object.keys(descriptions.hostedNotes ?? {})])
    if (!known.has(component)) problems.push(`descriptions.yaml: hosted entry ${component} is not in catalog.json`);
  for (const [component, names] of Object.entries(descriptions.hostedSampleFields ?? {}))
    for (const name of names)
      if (!catalog.some((e) => e.component === component && e.fields.some((f) => f.name === name)))
        problems.push(`descriptions.yaml: hostedSampleFields ${component} has no field ${name} in catalog.json`);
  // Capabilities must be words of catalog.json's vocabulary, or the catalogue's filters would never match them.
  const vocabulary = new Set(catalog.flatMap((e) => e.capabilities ?? []));
  for (const [component, facts] of Object.entries(descriptions.codeFacts ?? {})) {
    const where = `descriptions.yaml: codeFacts ${component}`;
    const entries = catalog.filter((e) => e.component === component);
    if (!entries.length) {
      problems.push(`${where} is not in catalog.json`);
      continue;
    }
    const entry = entries[entries.length - 1];
    if (typeof facts?.source !== 'string' || !facts.source.trim()) problems.push(`${where} has no source (the file of the code it was read from)`);
    if (!facts?.operations && !facts?.capabilities) problems.push(`${where} corrects neither operations nor capabilities`);
    if (facts?.operations) {
      if (!entry.binding && !entry.lock) problems.push(`${where} has operations, but it is neither a binding nor a lock`);
      // Upstream's schema gives operations to output bindings only, so an input-only binding may correct its list to none.
      else if (!facts.operations.length && !(entry.binding && !entry.binding.output)) problems.push(`${where} has an empty operations list`);
    }
    if (facts?.capabilities) {
      if (!facts.capabilities.length) problems.push(`${where} has an empty capabilities list`);
      for (const capability of facts.capabilities) if (!vocabulary.has(capability)) problems.push(`${where} has capability ${capability}, which catalog.json never uses`);
    }
  }
  return problems;
}

/** Writes the components reference; its summary line, or the problems that stopped it. */
export function generate(root: string): { pages: number; problems: string[]; summary: string } {
  const read = JSON.parse(readFileSync(path.join(root, 'components', 'catalog.json'), 'utf8')) as CatalogEntry[];
  const descriptions = yaml.load(readFileSync(path.join(root, 'components', 'descriptions.yaml'), 'utf8')) as Descriptions;
  const problems = validate(read, descriptions);
  if (problems.length) return { pages: 0, problems, summary: '' };
  const catalog = applyCodeFacts(read, descriptions);
  for (const entry of catalog) entry.title = descriptions.titles?.[entry.component] ?? entry.title;
  const base = '/catalyst/references/components-reference';
  const docIdBase = 'references/components-reference';
  const { pages, sidebar } = renderReference(catalog, descriptions, base, docIdBase);
  writeGeneratedDocs(path.join(root, 'catalyst', 'references', 'components-reference'), pages, sidebar, 'scripts/gen-components-docs.ts', 'components/');
  return { pages: pages.length, problems, summary: `components: ${pages.length} pages in catalyst/references/components-reference` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const { problems, summary } = generate(path.join(__dirname, '..'));
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log(summary);
}
