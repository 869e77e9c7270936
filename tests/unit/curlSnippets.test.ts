import { test } from 'node:test';
import assert from 'node:assert/strict';
import codegen, { curlSnippet, shellQuote } from '../../src/apiExplorer/curlSnippets';

const request = (method: string, raw?: string) => ({
  method,
  url: { toString: () => 'https://http-prj123456.api.cloud.diagrid.io/v1.0/state/kvstore' },
  headers: {
    members: [
      { key: 'Content-Type', value: 'application/json' },
      { key: 'dapr-api-token', value: '<dapr-api-token>' },
      { key: 'X-Off', value: 'x', disabled: true },
    ],
  },
  body: raw === undefined ? undefined : { mode: 'raw', raw },
});

test('a POST with a body needs no -X and sends the body with -d', () => {
  assert.equal(
    curlSnippet(request('POST', '[{"key":"order-1"}]')),
    [
      "curl -L 'https://http-prj123456.api.cloud.diagrid.io/v1.0/state/kvstore'",
      "-H 'Content-Type: application/json'",
      "-H 'dapr-api-token: <dapr-api-token>'",
      `-d '[{"key":"order-1"}]'`,
    ].join(' \\\n'),
  );
});

test('methods curl cannot infer are spelled out', () => {
  assert.match(curlSnippet(request('DELETE')), /^curl -L -X DELETE '/);
  assert.match(curlSnippet(request('PUT', '{}')), /^curl -L -X PUT '/);
  assert.match(curlSnippet(request('GET')), /^curl -L '/);
});

test('disabled headers are left out', () => {
  assert.doesNotMatch(curlSnippet(request('GET')), /X-Off/);
});

test('single quotes in a body cannot end the shell argument', () => {
  assert.equal(shellQuote(`it's`), `'it'\\''s'`);
  assert.match(curlSnippet(request('POST', `{"note":"it's"}`)), /-d '\{"note":"it'\\''s"\}'$/);
});

test('only curl is generated; SDK languages come from the spec samples', () => {
  let snippet: string | undefined;
  let failure: Error | null = null;
  codegen.convert('curl', 'curl', request('GET'), {}, (error, text) => ((failure = error), (snippet = text)));
  assert.equal(failure, null);
  assert.match(snippet ?? '', /^curl -L/);
  codegen.convert('python', 'requests', request('GET'), {}, (error) => (failure = error));
  assert.ok(failure);
  assert.deepEqual(
    codegen.getLanguageList().map((l) => l.key),
    ['curl', 'python', 'java', 'csharp', 'nodejs', 'go'],
  );
});
