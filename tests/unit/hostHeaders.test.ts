// The host configuration's own logic: which inline scripts a policy must hash, how server URLs become CSP sources,
// which hosts each optional service adds, how a _headers file reads back, and that deploy/nginx.conf says what
// build/_headers says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy, headerRules, headersFile, headersFor, inlineScripts, parseHeadersFile, scriptHash, serverSource } from '../../src/hostHeaders';

const ROOT = path.join(__dirname, '..', '..');

test('the policy hashes executable inline scripts only, byte for byte', () => {
  const html = '<script>a()</script><script src=/x.js></script><script type=application/ld+json>{"a":1}</script><script type="module">b()</script>';
  assert.deepEqual(inlineScripts(html), ['a()', 'b()']);
  assert.equal(scriptHash('a()'), "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='");
});

test('an OpenAPI server becomes a CSP source, a variable first label a wildcard', () => {
  assert.equal(serverSource('https://http-prj{projectNumber}.api.cloud.diagrid.io'), 'https://*.api.cloud.diagrid.io');
  assert.equal(serverSource('http://localhost:3500'), 'http://localhost:3500');
  assert.throws(() => serverSource('https://api.{region}.diagrid.io'), /variable past its first label/);
});

test('third-party hosts join the policy only when their ID is set', () => {
  const off = contentSecurityPolicy(["'sha256-x'"], {}, ['http://localhost:3500']);
  assert.match(off, /^default-src 'self'; script-src 'self' 'sha256-x'; /);
  assert.match(off, /connect-src 'self' http:\/\/localhost:3500;/);
  assert.match(off, /frame-src 'none'/);
  assert.doesNotMatch(off, /google|hotjar/);
  const on = contentSecurityPolicy([], { GTAG_TRACKING_ID: 'G-1', HOTJAR_SITE_ID: '42' }, []);
  assert.match(on, /script-src 'self' https:\/\/\*\.googletagmanager\.com https:\/\/\*\.hotjar\.com;/);
  assert.match(on, /connect-src [^;]*wss:\/\/\*\.hotjar\.com/);
});

test('a _headers file reads back to its rules; a path gets every matching rule, a repeated header joined', () => {
  const rules = headerRules("default-src 'self'");
  assert.deepEqual(parseHeadersFile(headersFile(rules)), rules);
  const asset = headersFor(rules, '/assets/js/main.1234.js');
  assert.equal(asset.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(asset.get('x-content-type-options'), 'nosniff');
  assert.equal(headersFor(rules, '/catalyst/concepts/appids.md').get('content-type'), 'text/markdown; charset=utf-8');
  assert.equal(headersFor(rules, '/catalyst/').get('cache-control'), undefined, 'HTML keeps the hosts’ default');
  // No path may get one header from two rules: the hosts would send both values joined. (/assets/ holds no .md or
  // .txt file: its names are the bundler's.)
  for (const probe of ['/', '/a/b', '/assets/x.js', '/a.md', '/llms.txt']) {
    const named = rules.filter((r) => new RegExp(`^${r.path.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(probe)).flatMap((r) => r.headers.map(([n]) => n.toLowerCase()));
    assert.equal(new Set(named).size, named.length, `${probe} gets a header from two rules`);
  }
  assert.throws(() => parseHeadersFile('/*\nX-Bad\n'), /_headers line 2/);
});

test('deploy/nginx.conf sends what build/_headers sends', () => {
  const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  for (const rule of headerRules('csp')) {
    for (const [name, value] of rule.headers) {
      if (name === 'Content-Security-Policy') assert.match(nginx, /include snippets\/diagrid-docs-csp\.conf;/);
      else if (name === 'Content-Type') assert.match(nginx, new RegExp(`charset_types[^;]*${value.split(';')[0].replace('/', '\\/')}`), value);
      else assert.ok(nginx.includes(value), `${name}: ${value} is missing from deploy/nginx.conf`);
    }
  }
});
