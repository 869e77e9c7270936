// Every HTTP call a sample makes to the Dapr API matches an operation of openapi/catalyst.yaml: curl lines in shell
// samples (method, path, the headers the operation requires, a JSON body valid against the operation's request
// schema, by Ajv), and the method and path of calls written in SDK-less code (requests, fetch, HttpClient, net/http).
// Only samples on pages that speak of the Catalyst runtime line are checked: the description is Catalyst's API.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import yaml from 'js-yaml';
import type { CheckResult, Problem } from '../problem';
import type { Sample } from '../samples';

type Parameter = { name: string; in: string; required?: boolean };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
};
type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
  security?: Record<string, string[]>[];
};

export type HttpCall = { method: string; url: string; headers: Record<string, string>; body?: string; line: number };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** Where a Dapr API path starts inside a URL: `/v1.0/…`, `/v1.0-alpha1/…`. */
const API_PATH = /\/v1\.0(?:-(?:alpha|beta)\d+)?\/[^\s"'`?#)]*/;

export class ApiDescription {
  readonly spec: Spec;
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; literals: number }[];

  constructor(readonly file: string, text: string) {
    this.spec = yaml.load(text) as Spec;
    this.ajv.addSchema({ $id: 'openapi', components: this.spec.components ?? {} });
    this.templates = Object.keys(this.spec.paths).map((template) => {
      const segments = template.split('/');
      const pattern = segments
        .map((segment, index) =>
          /^\{.+\}$/.test(segment) ? (index === segments.length - 1 ? '.+' : '[^/]+') : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
        )
        .join('/');
      return { template, pattern: new RegExp(`^${pattern}/?$`), literals: segments.filter((s) => s && !s.startsWith('{')).length };
    });
  }

  static load(root: string, file = 'openapi/catalyst.yaml') {
    return new ApiDescription(file, readFileSync(path.join(root, file), 'utf8'));
  }

  /** Path templates an API path matches, most specific (most literal segments) first. */
  match(apiPath: string): string[] {
    return this.templates
      .filter(({ pattern }) => pattern.test(apiPath))
      .sort((a, b) => b.literals - a.literals)
      .map(({ template }) => template);
  }

  /** Header names the operation cannot be called without: required header parameters and its API-key scheme. */
  requiredHeaders(operation: Operation): string[] {
    const headers = (operation.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name.toLowerCase());
    for (const requirement of operation.security ?? this.spec.security ?? []) {
      for (const name of Object.keys(requirement)) {
        const scheme = this.spec.components?.securitySchemes?.[name];
        if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name) headers.push(scheme.name.toLowerCase());
      }
    }
    return headers;
  }

  validator(operation: Operation): ValidateFunction | undefined {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    let validate = this.validators.get(operation.operationId);
    if (!validate) {
      const rewritten = JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));
      validate = this.ajv.compile(rewritten);
      this.validators.set(operation.operationId, validate);
    }
    return validate;
  }
}

/** Splits a shell command into words the way bash would, for the quoting forms samples use. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      word += command.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && /["\\$`]/.test(command[j + 1] ?? '')) j++;
        word += command[j];
      }
      if (j >= command.length) throw new Error('unterminated double quote');
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      word += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** The curl commands of a shell sample, continuation lines joined, with the line each starts on (0-based). */
export function curlCalls(code: string): HttpCall[] {
  const calls: HttpCall[] = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let command = lines[i];
    while (/\\\s*$/.test(command) && i + 1 < lines.length) command = command.replace(/\\\s*$/, ' ') + lines[++i];
    if (!/(^|[\s;|&(])curl\s/.test(command)) continue;
    // Heredoc bodies (`-d @- <<'EOF'`) and pipes after the command are not part of the call.
    const words = shellWords(command.slice(command.search(/curl\s/)).split(/\s(?:\||&&|;)\s/)[0]);
    const call: HttpCall = { method: '', url: '', headers: {}, line: start };
    for (let w = 1; w < words.length; w++) {
      const word = words[w];
      const value = () => words[++w] ?? '';
      if (word === '-X' || word === '--request') call.method = value().toUpperCase();
      else if (/^-X[A-Z]+$/.test(word)) call.method = word.slice(2);
      else if (word === '-H' || word === '--header') {
        const header = value();
        const colon = header.indexOf(':');
        if (colon > 0) call.headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
      } else if (['-d', '--data', '--data-raw', '--data-binary', '--json'].includes(word)) {
        call.body = value();
        if (word === '--json') call.headers['content-type'] ??= 'application/json';
      } else if (['-o', '--output', '-w', '--write-out', '-u', '--user', '--max-time', '-m', '--retry', '--connect-timeout', '-F', '--form', '-A'].includes(word)) value();
      else if (!word.startsWith('-') && !call.url) call.url = word;
    }
    call.method ||= call.body !== undefined ? 'POST' : 'GET';
    if (call.url) calls.push(call);
  }
  return calls;
}

const LOCAL = /\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::|\/)|\$\{?DAPR_HTTP_PORT\b|:3500\b/;

export function checkHttpCall(api: ApiDescription, sample: Sample, call: HttpCall): Problem[] {
  const where = { file: sample.file, line: sample.line + call.line, lang: sample.lang, check: 'http' };
  const apiPath = API_PATH.exec(call.url)?.[0];
  if (!apiPath) return [];
  const templates = api.match(apiPath);
  if (templates.length === 0) return [{ ...where, message: `${call.method} ${apiPath}: no operation in ${api.file} has this path` }];
  const template = templates.find((t) => api.spec.paths[t][call.method.toLowerCase()]);
  if (!template) {
    const allowed = templates.flatMap((t) => Object.keys(api.spec.paths[t]).filter((m) => METHODS.includes(m)).map((m) => m.toUpperCase()));
    return [{ ...where, message: `${call.method} ${apiPath}: ${templates[0]} takes ${[...new Set(allowed)].join(', ')}, not ${call.method}` }];
  }
  const operation = api.spec.paths[template][call.method.toLowerCase()];
  const problems: Problem[] = [];
  // A sidecar on this machine answers without the API token; Catalyst's endpoints need it.
  const required = api.requiredHeaders(operation).filter((h) => !(h === 'dapr-api-token' && LOCAL.test(call.url)));
  for (const header of required) {
    if (!(header in call.headers)) problems.push({ ...where, message: `${call.method} ${apiPath} (${operation.operationId}) needs the ${header} header` });
  }
  const validate = api.validator(operation);
  const contentType = call.headers['content-type'] ?? 'application/json';
  if (call.body !== undefined && validate && /json/.test(contentType) && !call.body.startsWith('@')) {
    let body: unknown;
    try {
      body = JSON.parse(call.body);
    } catch (error) {
      problems.push({ ...where, message: `${operation.operationId}: the body is not JSON (${(error as Error).message})` });
      return problems;
    }
    if (!validate(body)) {
      for (const error of validate.errors ?? []) {
        problems.push({ ...where, message: `${operation.operationId}: body${error.instancePath || ''} ${error.message}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}` });
      }
    }
  }
  return problems;
}

const METHOD_FORMS = [
  /\b(GET|POST|PUT|DELETE|PATCH)\b/, // "POST", .POST(…), method = "PUT"
  /\b(?:requests|httpx|axios|session|client|http)\.(get|post|put|delete|patch)\b/, // Python, axios
  /\b(Get|Post|Put|Delete|Patch)(?:As\w+)?Async\b/, // C# HttpClient
  /\bhttp\.Method(Get|Post|Put|Delete|Patch)\b/, // Go net/http
  /\bmethod\s*:\s*["'`](\w+)/i, // fetch(url, { method: "POST" })
];

/** The HTTP method written nearest to a line: on it, then in the statement that follows, then just before it. */
function methodNear(lines: string[], index: number): string {
  const order = [index, ...[1, 2, 3, 4, 5, 6].map((d) => index + d), ...[1, 2, 3].map((d) => index - d)];
  for (const at of order) {
    const line = lines[at];
    if (line === undefined) continue;
    for (const form of METHOD_FORMS) {
      const match = form.exec(line);
      if (match) return match[1].toUpperCase();
    }
  }
  return 'GET';
}

/** Method and path of each Dapr API call written in SDK-less code; the method is read from the call around it. */
export function codeCalls(code: string): HttpCall[] {
  const calls: HttpCall[] = [];
  const lines = code.split('\n');
  lines.forEach((line, index) => {
    const found = API_PATH.exec(line.replace(/\$\{[^}]*\}|\{[^}]*\}|"\s*\+\s*\w+(?:\s*\+\s*")?|%s|%v/g, 'x'));
    if (!found) return;
    calls.push({ method: methodNear(lines, index), url: found[0], headers: {}, line: index });
  });
  return calls;
}

export function checkHttp(root: string, samples: Sample[], api = ApiDescription.load(root)): CheckResult {
  const problems: Problem[] = [];
  let checked = 0;
  let marked = 0;
  for (const sample of samples) {
    if (sample.daprLine !== '1.17') continue;
    if (sample.nocheck !== undefined) {
      if (API_PATH.test(sample.code)) marked++;
      continue;
    }
    if (sample.lang === 'bash') {
      let calls: HttpCall[];
      try {
        calls = curlCalls(sample.code);
      } catch (error) {
        problems.push({ file: sample.file, line: sample.line, lang: sample.lang, check: 'http', message: `cannot read the curl command: ${(error as Error).message}` });
        continue;
      }
      for (const call of calls.filter((c) => API_PATH.test(c.url))) {
        checked++;
        problems.push(...checkHttpCall(api, sample, call));
      }
    } else if (['python', 'javascript', 'typescript', 'java', 'csharp', 'go', 'http'].includes(sample.lang)) {
      for (const call of codeCalls(sample.code)) {
        checked++;
        const apiPath = API_PATH.exec(call.url)![0];
        // A path cut short by string concatenation ends in `/`: it must still begin some operation's path.
        if (apiPath.endsWith('/') && api.match(apiPath).length === 0) {
          if (Object.keys(api.spec.paths).some((t) => t.startsWith(apiPath) || apiPath.startsWith(t.split('{')[0]))) continue;
        }
        problems.push(...checkHttpCall(api, sample, { ...call, headers: { 'dapr-api-token': '' } }));
      }
    }
  }
  return { check: 'http', checked, marked, problems };
}
