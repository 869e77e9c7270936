// The site origin a build publishes: a deploy build refuses a missing, placeholder or non-https SITE_URL, and says
// so in one line naming SITE_URL; a local build publishes nowhere. The last tests run the real commands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_ORIGIN, siteOrigin } from '../../src/siteOrigin';
import { unpublishedSsrTemplate } from '../../src/unpublishedHead';
import { compileSSGTemplate } from '@docusaurus/core/lib/ssg/ssgTemplate';
import stockSsrTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

const ROOT = path.join(__dirname, '..', '..');

test('a local build without SITE_URL publishes nowhere and gives Docusaurus the local server', () => {
  assert.deepEqual(siteOrigin({}), { url: LOCAL_ORIGIN });
  assert.deepEqual(siteOrigin({ SITE_URL: '  ' }), { url: LOCAL_ORIGIN });
  assert.deepEqual(siteOrigin({ SITE_URL: 'http://127.0.0.1:3111' }), { url: 'http://127.0.0.1:3111', published: 'http://127.0.0.1:3111' });
});

test('a deploy build takes an https origin and drops a trailing slash', () => {
  assert.deepEqual(siteOrigin({ DEPLOY: '1', SITE_URL: 'https://docs.diagrid.io/' }), { url: 'https://docs.diagrid.io', published: 'https://docs.diagrid.io' });
  assert.equal(siteOrigin({ DEPLOY: 'true', SITE_URL: 'https://Docs.Diagrid.IO' }).published, 'https://docs.diagrid.io');
});

test('a deploy build refuses a missing, placeholder, non-https, local or non-origin SITE_URL, naming SITE_URL', () => {
  const cases: [string | undefined, RegExp][] = [
    [undefined, /^SITE_URL is not set\./],
    ['', /^SITE_URL is not set\./],
    ['https://docs.example.com', /^SITE_URL names a placeholder host, docs\.example\.com\./],
    ['https://example.org', /placeholder host/],
    ['https://docs.test', /placeholder host/],
    ['https://site.invalid', /placeholder host/],
    ['http://docs.diagrid.io', /^SITE_URL must use https/],
    ['https://localhost:3000', /^SITE_URL names this machine/],
    ['https://127.0.0.1', /^SITE_URL names this machine/],
    ['https://docs.diagrid.io/docs/', /^SITE_URL must be an origin alone/],
    ['docs.diagrid.io', /^SITE_URL is not a URL/],
    ['ftp://docs.diagrid.io', /^SITE_URL must be an http\(s\) URL/],
  ];
  for (const [SITE_URL, message] of cases) {
    let refusal = '';
    try {
      siteOrigin({ DEPLOY: '1', SITE_URL });
    } catch (error) {
      refusal = (error as Error).message;
    }
    assert.match(refusal, message, `SITE_URL=${JSON.stringify(SITE_URL)}`);
  }
  // A placeholder is refused in any build that names one; https is a deploy build's rule only.
  assert.throws(() => siteOrigin({ SITE_URL: 'https://docs.example.com' }), /placeholder host/);
});

test('the local page template drops og:url and hreflang and makes the canonical link root-relative', async () => {
  const template = await compileSSGTemplate(unpublishedSsrTemplate(stockSsrTemplate, LOCAL_ORIGIN));
  const helmet = [
    '<meta data-rh="true" property="og:url" content="http://localhost:3000/catalyst/"><meta data-rh="true" property="og:title" content="Catalyst">',
    '<link data-rh="true" rel="canonical" href="http://localhost:3000/catalyst/"><link data-rh="true" rel="alternate" href="http://localhost:3000/catalyst/" hrefLang="en"><link data-rh="true" rel="alternate" href="http://localhost:3000/catalyst/" hrefLang="x-default"><link rel="alternate" type="text/markdown" href="/catalyst/index.md">',
  ];
  const html = template({ appHtml: '', baseUrl: '/', htmlAttributes: '', bodyAttributes: '', headTags: '', preBodyTags: '', postBodyTags: '', metaAttributes: helmet, scripts: [], stylesheets: [], noIndex: false, version: '3' });
  assert.doesNotMatch(html, /localhost|og:url|hreflang/i);
  assert.match(html, /<link data-rh="true" rel="canonical" href="\/catalyst\/">/);
  assert.match(html, /property="og:title"/);
  assert.match(html, /type="text\/markdown" href="\/catalyst\/index\.md"/);
});

test('the local page template stops with the register row named when Docusaurus moves its head tags', () => {
  assert.throws(() => unpublishedSsrTemplate('<head><%~ it.headTags %></head>', LOCAL_ORIGIN), /config:ssrTemplate row of UPGRADING\.md/);
});

test('npm run build:deploy without SITE_URL stops at once with one line naming SITE_URL', () => {
  const env = { ...process.env, SITE_URL: '', DEPLOY: '' };
  const run = spawnSync('npm', ['run', '--silent', 'build:deploy'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  assert.notEqual(run.status, 0, run.stdout);
  assert.match(run.stderr.trim(), /^SITE_URL is not set\. A deploy build .*$/);
  assert.equal(run.stdout.trim(), '', 'nothing is generated before the refusal');
});

test('docusaurus build with DEPLOY=1 refuses too, while loading the site config, before it writes anything', () => {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'deploy-refusal-')), 'build');
  try {
    const env = { ...process.env, SITE_URL: 'https://docs.example.com', DEPLOY: '1' };
    const run = spawnSync('npx', ['docusaurus', 'build', '--out-dir', outDir], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    assert.notEqual(run.status, 0, run.stdout);
    assert.match(run.stderr, /SITE_URL names a placeholder host, docs\.example\.com\./);
    assert.throws(() => readFileSync(path.join(outDir, 'index.html')));
  } finally {
    rmSync(path.dirname(outDir), { recursive: true, force: true });
  }
});
