/**
 * Stands in for `postman-code-generators` in the API explorer. That package bundles a generator for every
 * language Postman knows (about 1 MB gzipped with its dependencies). Our operations carry hand-written SDK
 * samples (`x-codeSamples`, with `api.hideGeneratedSnippets`), so the only snippet to generate is curl.
 */

type Header = { key: string; value: string; disabled?: boolean };
type PostmanRequest = {
  method: string;
  url: { toString(): string };
  headers?: { members?: Header[] };
  body?: { mode?: string; raw?: string; urlencoded?: { members?: Header[] } };
};
type Language = { key: string; label: string; syntax_mode: string; variants: { key: string }[] };
type Callback = (error: Error | null, snippet?: string) => void;

const LANGUAGES: Language[] = [
  { key: 'curl', label: 'cURL', syntax_mode: 'powershell', variants: [{ key: 'curl' }] },
  { key: 'python', label: 'Python', syntax_mode: 'python', variants: [{ key: 'requests' }] },
  { key: 'java', label: 'Java', syntax_mode: 'java', variants: [{ key: 'httpclient' }] },
  { key: 'csharp', label: 'C#', syntax_mode: 'csharp', variants: [{ key: 'httpclient' }] },
  { key: 'nodejs', label: 'NodeJs', syntax_mode: 'javascript', variants: [{ key: 'fetch' }] },
  { key: 'go', label: 'Go', syntax_mode: 'go', variants: [{ key: 'native' }] },
];

/** Quotes a value for a POSIX shell: single quotes, with embedded single quotes closed and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(request: PostmanRequest): string {
  const method = (request.method || 'GET').toUpperCase();
  const headers = (request.headers?.members ?? []).filter((h) => !h.disabled);
  let data: string | undefined;
  if (request.body?.mode === 'raw' && request.body.raw) {
    data = request.body.raw;
  } else if (request.body?.mode === 'urlencoded') {
    const fields = (request.body.urlencoded?.members ?? []).filter((f) => !f.disabled);
    if (fields.length) data = fields.map((f) => `${encodeURIComponent(f.key)}=${encodeURIComponent(f.value)}`).join('&');
  }
  // curl infers GET without a body and POST with one; say the method only when it differs.
  const impliedMethod = data === undefined ? 'GET' : 'POST';
  const lines = [`curl -L${method === impliedMethod ? '' : ` -X ${method}`} ${shellQuote(request.url.toString())}`];
  for (const h of headers) lines.push(`-H ${shellQuote(`${h.key}: ${h.value}`)}`);
  if (data !== undefined) lines.push(`-d ${shellQuote(data)}`);
  return lines.join(' \\\n');
}

function getLanguageList(): Language[] {
  return LANGUAGES;
}

function convert(language: string, _variant: string, request: PostmanRequest, _options: unknown, callback: Callback) {
  if (language !== 'curl') {
    callback(new Error(`no generated snippet for ${language}: the operation's x-codeSamples cover it`));
    return;
  }
  try {
    callback(null, curlSnippet(request));
  } catch (error) {
    callback(error as Error);
  }
}

export default { getLanguageList, convert };
