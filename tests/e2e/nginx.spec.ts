import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startNginx } from '../nginxServer';
import { LLMS_LINK } from '../../src/hostHeaders';

// The server block the site ships for nginx (deploy/nginx.conf), run by a real nginx over the build: what the
// static hosts' _headers cannot do, it does. A page's URL asked for with `Accept: text/markdown` answers its
// Markdown twin (the way Claude Code and other agents ask), and every other request is served as before.

const BUILD = path.join(__dirname, '..', '..', 'build');
let nginx: Awaited<ReturnType<typeof startNginx>>;

test.beforeAll(async () => {
  nginx = await startNginx(BUILD);
});
test.afterAll(() => nginx?.stop());

const MARKDOWN = { Accept: 'text/markdown, text/plain;q=0.9, */*;q=0.8' };

test('a page asked for as Markdown answers its twin, typed, with Vary: Accept; asked for as HTML, its page', async ({ request }) => {
  for (const [route, twin] of [
    ['/catalyst/concepts/appids', 'catalyst/concepts/appids.md'],
    ['/catalyst/', 'catalyst/index.md'],
    ['/', 'index.md'],
  ]) {
    const md = await request.get(`${nginx.origin}${route}`, { headers: MARKDOWN });
    expect(md.status(), route).toBe(200);
    expect(md.headers()['content-type'], route).toBe('text/markdown; charset=utf-8');
    expect(md.headers().vary, route).toContain('Accept');
    expect(await md.text(), route).toBe(readFileSync(path.join(BUILD, twin), 'utf8'));

    const html = await request.get(`${nginx.origin}${route}`, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(html.status(), route).toBe(200);
    expect(html.headers()['content-type'], route).toBe('text/html; charset=utf-8');
    expect(await html.text(), route).toContain('<main');
  }
});

test('the shipped headers ride along: policy, llms.txt link, caching by kind; an unknown path gets the not-found page', async ({ request }) => {
  const page = await request.get(`${nginx.origin}/catalyst/concepts/appids`);
  expect(page.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
  expect(page.headers().link).toBe(LLMS_LINK);
  expect(page.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  const main = /\/assets\/js\/main\.[^"' >]+\.js/.exec(await page.text())?.[0];
  expect(main, 'the page links main.js').toBeTruthy();
  expect((await request.get(`${nginx.origin}${main}`)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const llms = await request.get(`${nginx.origin}/llms.txt`);
  expect(llms.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(llms.headers()['cache-control']).toBe('public, max-age=300, must-revalidate');
  const missing = await request.get(`${nginx.origin}/no/such/page`, { headers: MARKDOWN });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Page not found');
});

test('text is served gzipped to a browser that asks: scripts, styles, the search index, a page and its twin', async ({ request }) => {
  const page = await request.get(`${nginx.origin}/catalyst/`);
  const html = await page.text();
  const main = /\/assets\/js\/main\.[^"' >]+\.js/.exec(html)?.[0];
  const css = /\/assets\/css\/styles\.[^"' >]+\.css/.exec(html)?.[0];
  expect(main && css, 'the page links main.js and its stylesheet').toBeTruthy();
  const gzip = { 'Accept-Encoding': 'gzip' };
  for (const [url, type] of [
    [main!, 'javascript'],
    [css!, 'text/css'],
    ['/search-index-catalyst.json', 'application/json'],
    ['/search-index-catalyst/st.json', 'application/json'],
    ['/catalyst/', 'text/html'],
    ['/catalyst/index.md', 'text/markdown'],
    ['/llms.txt', 'text/plain'],
    ['/sitemap.xml', 'xml'],
  ]) {
    const response = await request.get(`${nginx.origin}${url}`, { headers: gzip });
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toContain(type);
    expect(response.headers()['content-encoding'], url).toBe('gzip');
    expect(response.headers().vary, url).toContain('Accept-Encoding');
  }
  // The same file unasked-for comes plain, and both read the same.
  const plain = await request.get(`${nginx.origin}${main}`, { headers: { 'Accept-Encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toBe(await (await request.get(`${nginx.origin}${main}`, { headers: gzip })).text());
});
