/**
 * Writes the Markdown twin of one API operation straight from the OpenAPI document, because the operation
 * pages keep their parameters, schemas and responses in JSON that the browser renders: method and path,
 * servers, authentication, parameters, request body schema, every response and the SDK samples.
 */
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

function facts(schema: Json): string[] {
  const out: string[] = [];
  if (Array.isArray(schema.enum)) out.push(`one of ${schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ')}`);
  if (schema.default !== undefined) out.push(`default \`${JSON.stringify(schema.default)}\``);
  if (schema.nullable) out.push('nullable');
  if (schema.readOnly) out.push('read-only');
  if (schema.deprecated) out.push('deprecated');
  return out;
}

/** A parameter's example: its own `example`, its schema's, or the first of its named `examples`. */
function parameterExample(parameter: Json, schema: Json): unknown {
  if (parameter.example !== undefined) return parameter.example;
  if (schema.example !== undefined) return schema.example;
  const named = isObject(parameter.examples) ? Object.values(parameter.examples)[0] : undefined;
  return isObject(named) ? named.value : undefined;
}

/** A schema as a nested bullet list: one line per property with its type, whether required, and meaning. */
export function schemaLines(doc: Json, schemaIn: unknown, indent = '', seen: Set<string> = new Set(), depth = 0): string[] {
  const name = refName(schemaIn);
  if (name && seen.has(name)) return [`${indent}- (recursive: ${name})`];
  const nextSeen = name ? new Set([...seen, name]) : seen;
  const schema = deref(doc, schemaIn);
  if (depth > 8) return [];
  const lines: string[] = [];
  const all = Array.isArray(schema.allOf) ? schema.allOf : [];
  for (const part of all) lines.push(...schemaLines(doc, part, indent, nextSeen, depth + 1));
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) {
    lines.push(`${indent}- ${schema.oneOf ? 'One of' : 'Any of'}:`);
    variants.forEach((variant, i) => {
      const v = deref(doc, variant);
      const title = inline(v.title ?? refName(variant) ?? `option ${i + 1}`);
      lines.push(`${indent}  - ${title} (${typeLabel(doc, variant)})${v.description ? `: ${inline(v.description)}` : ''}`);
      lines.push(...schemaLines(doc, variant, `${indent}    `, nextSeen, depth + 1));
    });
  }
  if (schema.type === 'array' && schema.items) {
    const items = deref(doc, schema.items);
    if (items.properties || items.allOf || items.oneOf || items.anyOf || items.type === 'array') {
      lines.push(`${indent}- Each item (${typeLabel(doc, schema.items)}):`);
      lines.push(...schemaLines(doc, schema.items, `${indent}  `, nextSeen, depth + 1));
    }
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  if (isObject(schema.properties)) {
    for (const [prop, propSchemaIn] of Object.entries(schema.properties)) {
      const propSchema = deref(doc, propSchemaIn);
      const details = [typeLabel(doc, propSchemaIn), required.has(prop) ? 'required' : 'optional', ...facts(propSchema)];
      const description = propSchema.description ? `: ${inline(propSchema.description)}` : '';
      lines.push(`${indent}- \`${prop}\` (${details.join(', ')})${description}`);
      lines.push(...schemaLines(doc, propSchemaIn, `${indent}  `, nextSeen, depth + 1));
    }
  }
  if (isObject(schema.additionalProperties)) {
    const extra = deref(doc, schema.additionalProperties);
    lines.push(`${indent}- Any other key (${typeLabel(doc, schema.additionalProperties)})${extra.description ? `: ${inline(extra.description)}` : ''}`);
    lines.push(...schemaLines(doc, schema.additionalProperties, `${indent}  `, nextSeen, depth + 1));
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

function bodySection(doc: Json, content: unknown, level: string): string[] {
  const out: string[] = [];
  if (!isObject(content)) return out;
  for (const [mediaType, mediaIn] of Object.entries(content)) {
    const media = isObject(mediaIn) ? mediaIn : {};
    out.push(`Content type: \`${mediaType}\``);
    if (media.schema) {
      const schema = deref(doc, media.schema);
      const head = `Schema: ${typeLabel(doc, media.schema)}${schema.description ? `. ${inline(schema.description)}` : ''}`;
      out.push(head);
      const lines = schemaLines(doc, media.schema);
      if (lines.length) out.push(lines.join('\n'));
    }
    for (const example of examplesOf(media)) {
      out.push(`${level} ${example.title}`, exampleBlock(mediaType, example.value));
    }
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
  if (parameters.length) {
    out.push('## Parameters');
    const rows = ['| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |'];
    for (const p of parameters) {
      const schema = deref(doc, p.schema);
      const extra = facts(schema);
      // The page shows each parameter's example ("Example: order-processor"); the twin says it too.
      const example = parameterExample(p, schema);
      if (example !== undefined) extra.push(`example \`${typeof example === 'string' ? example : JSON.stringify(example)}\``);
      const description = [inline(p.description), extra.length ? `(${extra.join('; ')})` : ''].filter(Boolean).join(' ');
      rows.push(`| \`${cell(p.name)}\` | ${cell(p.in)} | ${cell(typeLabel(doc, p.schema))} | ${p.required ? 'Yes' : 'No'} | ${cell(description)} |`);
    }
    out.push(rows.join('\n'));
  }

  if (operation.requestBody) {
    const body = deref(doc, operation.requestBody);
    out.push('## Request body');
    out.push(`${body.required ? 'Required' : 'Optional'}.${body.description ? ` ${inline(body.description)}` : ''}`);
    out.push(...bodySection(doc, body.content, '###'));
  }

  if (isObject(operation.responses)) {
    out.push('## Responses');
    for (const [status, responseIn] of Object.entries(operation.responses)) {
      const response = deref(doc, responseIn);
      out.push(`### ${status}`);
      if (response.description) out.push(md(response.description));
      if (isObject(response.headers)) {
        const lines = Object.entries(response.headers).map(([name, h]) => {
          const header = deref(doc, h);
          return `- \`${name}\` (${typeLabel(doc, header.schema)})${header.description ? `: ${inline(header.description)}` : ''}`;
        });
        out.push(`Headers:\n\n${lines.join('\n')}`);
      }
      out.push(...bodySection(doc, response.content, '####'));
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
