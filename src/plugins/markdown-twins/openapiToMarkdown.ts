/**
 * Writes the Markdown twin of one API operation straight from the OpenAPI document, because the operation
 * pages keep their parameters, schemas and responses in JSON that the browser renders: method and path,
 * servers, authentication, parameters, request body schema, every response and the SDK samples.
 */
import { sampleResponseFromSchema } from 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample';

import { mdxToMarkdown, siteLinksIn, type LinkContext } from './mdxToMarkdown';

type Json = Record<string, unknown>;
export type OpenApiDocument = Json & { paths: Record<string, Record<string, Json>> };

const FENCE_LANGUAGE: Record<string, string> = { nodejs: 'javascript', csharp: 'csharp', curl: 'bash' };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` (`#/components/...`); returns the object unchanged when it has none. */
function deref(doc: Json, value: unknown, seen: Set<string> = new Set()): Json {
  if (!isObject(value) || typeof value.$ref !== 'string') return isObject(value) ? value : {};
  const ref = value.$ref;
  if (seen.has(ref) || !ref.startsWith('#/')) return {};
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return deref(doc, target, new Set([...seen, ref]));
}

function refName(value: unknown): string | undefined {
  return isObject(value) && typeof value.$ref === 'string' ? value.$ref.split('/').pop() : undefined;
}

function cell(value: unknown): string {
  return String(value ?? '').replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

function inline(value: unknown): string {
  return String(value ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

function typeLabel(doc: Json, schemaIn: unknown): string {
  const schema = deref(doc, schemaIn);
  if (schema.type === 'array') return `array of ${typeLabel(doc, schema.items)}`;
  const name = refName(schemaIn);
  const base = (typeof schema.type === 'string' ? schema.type : undefined) ?? (schema.oneOf || schema.anyOf ? 'one of' : schema.properties ? 'object' : 'any');
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return name && base === 'object' ? `object (${name})` : `${base}${format}`;
}

/**
 * The schema with every local `$ref` replaced by its target, as the generator writes it into the page (a named
 * schema keeps its name as `title`, which the page shows as the type of a named non-object schema). A reference
 * back into itself becomes `{}`, as the generator's circular marker renders nothing.
 */
function resolved(doc: Json, value: unknown, seen: Set<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((item) => resolved(doc, item, seen));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    const ref = value.$ref;
    if (seen.has(ref)) return {};
    const target = resolved(doc, deref(doc, value), new Set([...seen, ref]));
    const name = ref.startsWith('#/components/schemas/') ? refName(value) : undefined;
    return isObject(target) && name && target.title === undefined ? { ...target, title: name } : target;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(doc, item, seen)]));
}

/** The type the page prints beside a property or parameter name: `string`, `object[]`, `string<date-time>`. */
function shownType(schema: Json): string {
  if (isObject(schema.items)) {
    const items = schema.items;
    const inner = shownType(items);
    return Array.isArray(items.type) && items.type.length > 1 ? `(${inner})[]` : `${inner}[]`;
  }
  if (Array.isArray(schema.enum) && !schema.type) return 'string';
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]).filter((t): t is string => typeof t === 'string') : [];
  const single = typeof schema.type === 'string' ? schema.type : types.length === 1 ? types[0] : undefined;
  const union = types.length > 1 ? types.join(' | ') : undefined;
  if (typeof schema.format === 'string') return single ? `${single}<${schema.format}>` : union ? `(${union})<${schema.format}>` : schema.format;
  if (Array.isArray(schema.allOf)) {
    const withEnum = [schema, ...schema.allOf.filter(isObject)].find((part) => Array.isArray(part.enum));
    const typed = [schema, ...schema.allOf.filter(isObject)].find((part) => typeof part.type === 'string');
    return withEnum ? String(typed?.type ?? 'string') : 'object';
  }
  if (schema.oneOf || schema.anyOf) return 'object';
  const xmlName = isObject(schema.xml) && typeof schema.xml.name === 'string' ? schema.xml.name : undefined;
  if (single === 'object' || single === 'array') return xmlName ?? single;
  if (union) return union;
  return String(schema.title ?? single ?? '');
}

/** Text in a code span, fenced with more backticks than it holds. */
function code(value: unknown): string {
  const text = String(value);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * The constraints the page states under a property or parameter, in its words: "**Possible values:** `>= 0`",
 * "`<= 64 characters`", "Value must match regular expression `…`", "[`a`, `b`]".
 */
export function possibleValues(schema: Json): string | undefined {
  if (isObject(schema.items) && schema.minItems === undefined && schema.maxItems === undefined) return possibleValues(schema.items);
  const enumOf = (s: Json): unknown[] | undefined =>
    Array.isArray(s.enum) ? s.enum : Array.isArray(s.allOf) ? (s.allOf.filter(isObject).find((part) => Array.isArray(part.enum))?.enum as unknown[] | undefined) : undefined;
  const list = (values: unknown[]) => `[${values.map((v) => code(v)).join(', ')}]`;
  const groups: string[] = [];
  const itemsEnum = isObject(schema.items) ? enumOf(schema.items) : undefined;
  if (itemsEnum) groups.push(list(itemsEnum));
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 0;
  if (minLength || maxLength) {
    const min = minLength > 1 ? code(`>= ${minLength} characters`) : minLength === 1 ? code('non-empty') : undefined;
    const max = maxLength ? code(`<= ${maxLength} characters`) : undefined;
    groups.push([min, max].filter(Boolean).join(' and '));
  }
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  if (schema.minimum != null || schema.maximum != null || exclusiveMin !== undefined || exclusiveMax !== undefined) {
    const min =
      exclusiveMin !== undefined ? code(`> ${exclusiveMin}`)
      : schema.minimum != null ? code(`${schema.exclusiveMinimum === true ? '>' : '>='} ${schema.minimum}`) : undefined;
    const max =
      exclusiveMax !== undefined ? code(`< ${exclusiveMax}`)
      : schema.maximum != null ? code(`${schema.exclusiveMaximum === true ? '<' : '<='} ${schema.maximum}`) : undefined;
    groups.push([min, max].filter(Boolean).join(' and '));
  }
  if (typeof schema.pattern === 'string') groups.push(`Value must match regular expression ${code(schema.pattern)}`);
  if (isObject(schema.mapping)) groups.push(list(Object.keys(schema.mapping)));
  const ownEnum = enumOf(schema);
  if (ownEnum) groups.push(list(ownEnum));
  if (schema.minItems) groups.push(code(`>= ${schema.minItems}`));
  if (schema.maxItems) groups.push(code(`<= ${schema.maxItems}`));
  return groups.length ? `**Possible values:** ${groups.join(', ')}` : undefined;
}

/** A value as the page prints it after "Example:" or "Default value:": strings as they are, anything else as JSON. */
function shownValue(value: unknown): string {
  return code(typeof value === 'string' ? value : JSON.stringify(value));
}

/** "**Example:** `…`" for one example; a named set of several gets each name (or summary) before its value. */
function exampleParagraphs(example: unknown, examples: unknown): string[] {
  if (example !== undefined) return [`**Example:** ${shownValue(example)}`];
  if (Array.isArray(examples)) {
    if (examples.length === 1) return [`**Example:** ${shownValue(examples[0])}`];
    return examples.length ? ['**Examples:**', ...examples.map((value, i) => `Example ${i + 1}: ${shownValue(value)}`)] : [];
  }
  if (!isObject(examples)) return [];
  const named = Object.entries(examples).filter(([, ex]) => isObject(ex)) as [string, Json][];
  if (named.length === 1) return named[0][1].value === undefined ? [] : [`**Example:** ${shownValue(named[0][1].value)}`];
  return named.length
    ? ['**Examples:**', ...named.flatMap(([key, ex]) => [`${inline(ex.summary ?? key)}: ${ex.value === undefined ? '' : shownValue(ex.value)}`.trim()])]
    : [];
}

type Item = { name: string; type: string; flags: string[]; paragraphs: string[]; children: string[] };

/**
 * One property or parameter as a list item that reads as the page does: name, type and flags on the first line
 * ("`storeName` string **required**"), then its description, constraints, default and example, then what it holds.
 */
function itemLines({ name, type, flags, paragraphs, children }: Item, indent: string): string[] {
  // A type such as `string<date-time>` would otherwise open an HTML tag.
  const head = [code(name), type.replace(/</g, '\\<'), ...flags.map((flag) => `**${flag}**`)].filter(Boolean).join(' ');
  const lines = [`${indent}- ${head}`];
  for (const paragraph of paragraphs) lines.push('', ...paragraph.split('\n').map((line) => (line ? `${indent}  ${line}` : '')));
  if (children.length) lines.push('', ...children);
  return lines;
}

/** A schema's own description, default, constraints and example, as the paragraphs under its item. */
function schemaParagraphs(schema: Json, md: (text: unknown) => string): string[] {
  const out: string[] = [];
  if (typeof schema.description === 'string' && schema.description.trim()) out.push(md(schema.description));
  const qualifier = possibleValues(schema);
  if (qualifier) out.push(qualifier);
  if (schema.const !== undefined) out.push(`**Constant value:** ${shownValue(schema.const)}`);
  if (schema.default !== undefined) out.push(`**Default value:** ${shownValue(schema.default)}`);
  out.push(...exampleParagraphs(schema.example, schema.examples));
  return out;
}

/** What a (resolved) schema holds, as nested items: its properties, its items' properties, any other keys. */
function childLines(schema: Json, md: (text: unknown) => string, indent: string, depth: number): string[] {
  if (depth > 8) return [];
  const lines: string[] = [];
  // Items are separated by a blank line, as their descriptions are paragraphs.
  const push = (...more: string[]) => lines.push(...(lines.length && more.length && more[0].trimStart().startsWith('- ') ? ['', ...more] : more));
  for (const part of Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : []) push(...childLines(part, md, indent, depth + 1));
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) {
    push(`${indent}- ${schema.oneOf ? 'One of' : 'Any of'}:`);
    variants.filter(isObject).forEach((variant, i) => {
      push(...itemLines({ name: inline(variant.title ?? `option ${i + 1}`), type: shownType(variant), flags: [], paragraphs: schemaParagraphs(variant, md), children: childLines(variant, md, `${indent}    `, depth + 1) }, `${indent}  `));
    });
  }
  if (isObject(schema.items)) push(...childLines(schema.items, md, indent, depth + 1));
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (isObject(schema.properties)) {
    for (const [prop, propSchemaIn] of Object.entries(schema.properties)) {
      const propSchema = isObject(propSchemaIn) ? propSchemaIn : {};
      const flags = [propSchema.nullable ? 'nullable' : '', required.has(prop) ? 'required' : '', propSchema.deprecated ? 'deprecated' : '', propSchema.readOnly ? 'read-only' : ''].filter(Boolean);
      push(...itemLines({ name: prop, type: shownType(propSchema), flags, paragraphs: schemaParagraphs(propSchema, md), children: childLines(propSchema, md, `${indent}  `, depth + 1) }, indent));
    }
  }
  const extra = schema.additionalProperties;
  if (extra === true || (isObject(extra) && Object.keys(extra).length === 0)) {
    push(...itemLines({ name: 'property name*', type: 'any', flags: [], paragraphs: [], children: [] }, indent));
  } else if (isObject(extra)) {
    const complex = extra.properties || extra.items || extra.allOf || extra.additionalProperties || extra.oneOf || extra.anyOf;
    const type = complex && typeof extra.title === 'string' ? extra.title : shownType(extra);
    push(...itemLines({ name: 'property name*', type, flags: [], paragraphs: schemaParagraphs(extra, md), children: childLines(extra, md, `${indent}  `, depth + 1) }, indent));
  }
  return lines;
}

function examplesOf(media: Json): { title: string; value: unknown }[] {
  if (media.example !== undefined) return [{ title: 'Example', value: media.example }];
  if (!isObject(media.examples)) return [];
  return Object.entries(media.examples).map(([key, ex]) => {
    const example = isObject(ex) ? ex : {};
    return { title: inline(example.summary ?? key), value: example.value };
  });
}

function exampleBlock(mediaType: string, value: unknown): string {
  if (typeof value === 'string' && !mediaType.includes('json')) return ['```text', value.trimEnd(), '```'].join('\n');
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

/**
 * A request or response body: content type, schema, every property, and the examples the page shows. The page
 * adds an "Example (auto)" built from the schema (the OpenAPI plugin's own sampler) to every response, and to a
 * request body that has no example of its own; the twin shows the same sample.
 */
function bodySection(doc: Json, content: unknown, level: string, md: (text: unknown) => string, kind: 'request' | 'response'): string[] {
  const out: string[] = [];
  if (!isObject(content)) return out;
  for (const [mediaType, mediaIn] of Object.entries(content)) {
    const media = isObject(mediaIn) ? mediaIn : {};
    out.push(`Content type: \`${mediaType}\``);
    const examples = examplesOf(media);
    if (media.schema) {
      const schema = resolved(doc, media.schema) as Json;
      out.push(`Schema: ${typeLabel(doc, media.schema)}${schema.description ? `. ${inline(schema.description)}` : ''}`);
      const lines = childLines(schema, md, '', 0);
      if (lines.length) out.push(lines.join('\n'));
      const sample = kind === 'response' || examples.length === 0 ? sampleResponseFromSchema(schema as never) : undefined;
      if ((typeof sample === 'object' && sample !== null) || typeof sample === 'string') {
        out.push(`${level} Example (auto)`, exampleBlock('application/json', sample));
      }
    }
    for (const example of examples) out.push(`${level} ${example.title}`, exampleBlock(mediaType, example.value));
  }
  return out;
}

/** The parameters in the page's groups (path, query, header, cookie), each as the page lists it. */
function parameterSection(doc: Json, parameters: Json[], md: (text: unknown) => string): string[] {
  const out: string[] = [];
  const groups: [string, string][] = [['path', 'Path parameters'], ['query', 'Query parameters'], ['header', 'Header parameters'], ['cookie', 'Cookie parameters']];
  for (const [where, title] of groups) {
    const items = parameters.filter((p) => p.in === where).map((p) => {
      // The page calls a parameter without a schema type "any".
      const schema: Json = { type: 'any', ...(isObject(p.schema) ? (resolved(doc, p.schema) as Json) : {}) };
      const paragraphs: string[] = [];
      const qualifier = possibleValues(schema);
      if (qualifier) paragraphs.push(qualifier);
      if (typeof p.description === 'string' && p.description.trim()) paragraphs.push(md(p.description));
      const fallback = isObject(schema.items) ? schema.items.default : schema.default;
      if (fallback !== undefined) paragraphs.push(`**Default value:** ${shownValue(fallback)}`);
      paragraphs.push(...exampleParagraphs(p.example ?? schema.example, p.examples ?? schema.examples));
      const flags = [p.required ? 'required' : '', p.deprecated ? 'deprecated' : ''].filter(Boolean);
      return itemLines({ name: String(p.name), type: shownType(schema), flags, paragraphs, children: [] }, '').join('\n');
    });
    if (items.length) out.push(`### ${title}`, items.join('\n\n'));
  }
  return out;
}

export type Operation = { method: string; path: string; operation: Json };

/** Finds an operation by method and path, as the generated page names them. */
export function findOperation(doc: OpenApiDocument, method: string, apiPath: string): Operation | undefined {
  const operation = doc.paths[apiPath]?.[method.toLowerCase()];
  return isObject(operation) ? { method: method.toLowerCase(), path: apiPath, operation } : undefined;
}

export function allOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([apiPath, item]) =>
    METHODS.filter((m) => isObject(item[m])).map((m) => ({ method: m, path: apiPath, operation: item[m] })),
  );
}

/** `## Authentication` and the security requirements given (an operation's, or the document's default). */
export function authenticationSection(doc: OpenApiDocument, security: Json[] | undefined): string[] {
  const schemes = isObject(doc.components) && isObject(doc.components.securitySchemes) ? doc.components.securitySchemes : {};
  if (!Array.isArray(security) || security.length === 0 || security.every((req) => Object.keys(req).length === 0)) {
    return ['## Authentication', 'None: this operation needs no credentials.'];
  }
  const lines = security.flatMap((requirement) =>
    Object.keys(requirement).map((name) => {
      const scheme = deref(doc, schemes[name]);
      const where = scheme.type === 'apiKey' ? `API key in the \`${scheme.name}\` ${scheme.in}` : `${scheme.type}${scheme.scheme ? ` (${scheme.scheme})` : ''}`;
      return `- \`${name}\`: ${where}${scheme.description ? `. ${inline(scheme.description)}` : ''}`;
    }),
  );
  return ['## Authentication', lines.join('\n')];
}

/** The twin body (everything after the `# Title` and description) of one operation. */
export function operationToMarkdown(doc: OpenApiDocument, { method, path: apiPath, operation }: Operation, ctx: LinkContext): string {
  const md = (text: unknown) => mdxToMarkdown(String(text ?? ''), ctx, { mdx: false });
  const out: string[] = [`\`${method.toUpperCase()} ${apiPath}\``];
  if (operation.deprecated) out.push('**Deprecated.**');
  if (operation.description) out.push(md(operation.description));

  const servers = (Array.isArray(operation.servers) ? operation.servers : doc.servers) as Json[] | undefined;
  if (Array.isArray(servers) && servers.length) {
    out.push('## Servers');
    const lines: string[] = [];
    for (const server of servers) {
      lines.push(`- \`${server.url}\`${server.description ? `: ${inline(server.description)}` : ''}`);
      if (isObject(server.variables)) {
        for (const [name, v] of Object.entries(server.variables)) {
          const variable = isObject(v) ? v : {};
          lines.push(`  - \`${name}\` (default \`${variable.default}\`)${variable.description ? `: ${inline(variable.description)}` : ''}`);
        }
      }
    }
    out.push(lines.join('\n'));
  }

  out.push(...authenticationSection(doc, (Array.isArray(operation.security) ? operation.security : doc.security) as Json[] | undefined));

  const parameters = (Array.isArray(operation.parameters) ? operation.parameters : []).map((p) => deref(doc, p));
  if (parameters.length) out.push('## Parameters', ...parameterSection(doc, parameters, md));

  if (operation.requestBody) {
    const body = deref(doc, operation.requestBody);
    out.push('## Request body');
    out.push(`${body.required ? 'Required' : 'Optional'}.${body.description ? ` ${inline(body.description)}` : ''}`);
    out.push(...bodySection(doc, body.content, '###', md, 'request'));
  }

  if (isObject(operation.responses)) {
    out.push('## Responses');
    for (const [status, responseIn] of Object.entries(operation.responses)) {
      const response = deref(doc, responseIn);
      out.push(`### ${status}`);
      if (response.description) out.push(md(response.description));
      if (isObject(response.headers)) {
        // Each header as the page lists it: name and type, description, constraints and example.
        const items = Object.entries(response.headers).map(([name, h]) => {
          const header = deref(doc, h);
          const schema = isObject(header.schema) ? (resolved(doc, header.schema) as Json) : {};
          const paragraphs = [header.description ? md(header.description) : '', possibleValues(schema) ?? '', ...exampleParagraphs(header.example ?? schema.example, header.examples ?? schema.examples)].filter(Boolean);
          return itemLines({ name, type: shownType(schema), flags: header.required ? ['required'] : [], paragraphs, children: [] }, '').join('\n');
        });
        out.push('Headers:', items.join('\n\n'));
      }
      out.push(...bodySection(doc, response.content, '####', md, 'response'));
    }
  }

  const samples = (Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : []) as Json[];
  if (samples.length) {
    out.push('## Samples');
    for (const sample of samples) {
      const lang = String(sample.lang ?? '');
      out.push(`### ${sample.label ?? lang}`, [`\`\`\`${FENCE_LANGUAGE[lang] ?? lang}`, String(sample.source ?? '').trimEnd(), '```'].join('\n'));
    }
  }
  // Parameter, field and header descriptions are copied as written; their site links get the same treatment.
  return siteLinksIn(out.join('\n\n'), ctx);
}
