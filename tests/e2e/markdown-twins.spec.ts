import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { sections } from '../../src/sections';
import { siteOrigin } from '../../src/siteOrigin';
import { openPage, sitemapPaths } from './helpers';

// The Markdown twins and llms.txt files over the production build, fetched as a tool would fetch them.

const ROOT = path.join(__dirname, '..', '..');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Site links name the published origin (SITE_URL, the build's environment), or none in a local build.
const SITE = escape(siteOrigin(process.env).published ?? '');

type Spec = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Heading text reduced to letters and digits, so `## \`diagrid dev run\`` matches its rendered heading. */
const norm = (s: string) => decode(s.replace(/<[^>]+>/g, '')).replace(/\\/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim().toLowerCase();

/** Headings of the article (h1-h3), left out of the API pages whose sections come from the OpenAPI theme. */
function htmlHeadings(html: string): { level: number; text: string }[] {
  const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
  return [...article.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1>/g)]
    .map((m) => ({ level: Number(m[1]), text: norm(m[2].replace(/<a\b[^>]*class="?hash-link[\s\S]*?<\/a>/g, '')) }))
    .filter((h) => h.text);
}

function twinHeadings(markdown: string): string[] {
  const prose = markdown.replace(/^[ \t]*(```|~~~)[\s\S]*?^[ \t]*\1/gm, '');
  return [...prose.matchAll(/^#{1,6} (.+)$/gm)].map((m) => norm(m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
}

/** Any HTML tag outside code: fences, inline code and escaped `\<` do not count. */
function htmlTagOutsideCode(markdown: string): string | undefined {
  const prose = markdown.replace(/^[ \t]*(```|~~~)[\s\S]*?^[ \t]*\1/gm, '').replace(/`[^`\n]*`/g, '');
  return /(?<!\\)<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i.exec(prose)?.[0];
}

test('every sitemap page advertises a reachable Markdown twin with its title and headings and no HTML', async ({ request }) => {
  test.setTimeout(180_000);
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(300);
  const problems: string[] = [];
  for (let i = 0; i < paths.length; i += 16) {
    await Promise.all(
      paths.slice(i, i + 16).map(async (route) => {
        const html = await (await request.get(route)).text();
        const links = [...html.matchAll(/<link\b[^>]*\btype="?text\/markdown"?[^>]*>/g)].map((m) => /href="?([^"\s>]+)/.exec(m[0])?.[1]);
        if (links.length !== 1) return problems.push(`${route}: ${links.length} alternate Markdown links`);
        const twin = await request.get(links[0]!);
        if (twin.status() !== 200) return problems.push(`${route}: ${links[0]} answers ${twin.status()}`);
        if (!/^text\/markdown/.test(twin.headers()['content-type'] ?? '')) problems.push(`${route}: twin served as ${twin.headers()['content-type']}`);
        const markdown = await twin.text();
        const tag = htmlTagOutsideCode(markdown);
        if (tag) problems.push(`${route}: HTML tag ${tag} in the twin`);
        const title = /^# (.+)$/m.exec(markdown)?.[1];
        const headings = htmlHeadings(html);
        const h1 = headings.find((h) => h.level === 1);
        if (!title || (h1 && norm(title) !== h1.text)) problems.push(`${route}: twin title "${title}" vs page "${h1?.text}"`);
        if (route.startsWith('/catalyst/api/') && route !== '/catalyst/api/catalyst-apis') return;
        const inTwin = new Set(twinHeadings(markdown));
        for (const heading of headings.filter((h) => h.level > 1)) {
          if (!inTwin.has(heading.text)) problems.push(`${route}: heading "${heading.text}" missing from the twin`);
        }
      }),
    );
  }
  expect(problems).toEqual([]);
});

test('each API operation twin holds its method, path and every status code of the OpenAPI document', async ({ request }) => {
  const spec = yaml.load(readFileSync(path.join(ROOT, 'openapi/catalyst.yaml'), 'utf8')) as Spec;
  const apiPages = (await sitemapPaths(request)).filter((p) => p.startsWith('/catalyst/api/') && p !== '/catalyst/api/catalyst-apis');
  const twins = new Map<string, string>();
  for (const route of apiPages) {
    const markdown = await (await request.get(`${route}.md`)).text();
    const endpoint = /^`([A-Z]+) (\S+)`$/m.exec(markdown);
    expect(endpoint, route).not.toBeNull();
    twins.set(`${endpoint![1].toLowerCase()} ${endpoint![2]}`, markdown);
  }
  let operations = 0;
  for (const [apiPath, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.responses) continue;
      operations += 1;
      const markdown = twins.get(`${method} ${apiPath}`);
      expect(markdown, `${method} ${apiPath} has a twin`).toBeDefined();
      for (const status of Object.keys(operation.responses)) {
        expect(markdown, `${method} ${apiPath} ${status}`).toMatch(new RegExp(`^### ${status}$`, 'm'));
      }
      expect(markdown).toMatch(/^## Servers$/m);
      expect(markdown).toMatch(/^## Authentication$/m);
    }
  }
  expect(twins.size).toBe(operations);
});

/** Twin text as a reader sees it rendered: no emphasis, code ticks or backslash escapes, spaces collapsed. */
const renderedTwin = (markdown: string) =>
  markdown.replace(/\*\*/g, '').replace(/`/g, '').replace(/\\(.)/g, '$1').replace(/\s+/g, ' ');

test('every name, type, constraint and example an API page shows is in its twin', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const apiPages = (await sitemapPaths(request)).filter((p) => p.startsWith('/catalyst/api/') && p !== '/catalyst/api/catalyst-apis');
  expect(apiPages.length).toBeGreaterThan(20);
  // The server's HTML, as an agent or a reader without scripts gets it: the reference is rendered on the server.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const missing: string[] = [];
  let shown = 0;
  for (const route of apiPages) {
    await page.goto(route);
    // Name, type and flags of each parameter and property; "Possible values: …", "Default value: …" and "Example: …".
    const texts = await page.locator('main').evaluate((main) =>
      [
        ...Array.from(main.querySelectorAll('.openapi-schema__container, .openapi-example')).map((el) => el.textContent ?? ''),
        ...Array.from(main.querySelectorAll('p, div'))
          .filter((el) => /^(Possible values|Default value):/.test(el.textContent ?? '') && !el.querySelector('p, div'))
          .map((el) => el.textContent ?? ''),
      ].map((text) => text.replace(/\s+/g, ' ').trim()),
    );
    const twin = renderedTwin(await (await request.get(`${route}.md`)).text());
    for (const text of new Set(texts)) {
      shown += 1;
      if (!twin.includes(text)) missing.push(`${route}: "${text}"`);
    }
  }
  await context.close();
  expect(missing).toEqual([]);
  expect(shown).toBeGreaterThan(300);
});

test('the state quickstart twin holds every code block of all five languages', async ({ request }) => {
  const twin = await (await request.get('/catalyst/quickstarts/state.md')).text();
  const source = readFileSync(path.join(ROOT, 'catalyst/quickstarts/state.mdx'), 'utf8');
  const blocks = [...source.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)];
  expect(blocks.length).toBeGreaterThan(10);
  for (const [, lang, code] of blocks) {
    expect(twin, `${lang} block`).toContain(`\`\`\`${lang}\n${code}\`\`\``);
  }
  for (const label of ['Python', 'Java', 'C#', 'JavaScript', 'Go']) expect(twin).toMatch(new RegExp(`^### ${label}$`, 'm'));
});

/** The Markdown links of an llms file, as paths on this site (other hosts left out). */
function siteLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((url) => url.startsWith('/') || (SITE && new RegExp(`^${SITE}/`).test(url)))
    .map((url) => (url.startsWith('/') ? url : new URL(url).pathname));
}

test('/llms.txt links an index per section and per large reference; together they list every page, each under 50,000 characters', async ({ request }) => {
  const response = await request.get('/llms.txt');
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const root = await response.text();
  expect(root).toMatch(/^# Diagrid Docs\n\n> .{80,}/);
  const indexes = siteLinks(root).filter((url) => url.endsWith('/llms.txt'));
  for (const section of sections) expect(indexes).toContain(`/${section.routeBasePath}/llms.txt`);
  expect(indexes.length).toBeGreaterThan(sections.length);
  // afdocs passes an llms.txt under 50,000 characters (and warns up to 100,000): an agent reads it whole.
  const sizes: [string, number][] = [['/llms.txt', root.length]];
  const listed = new Map<string, string>();
  for (const index of indexes) {
    const text = await (await request.get(index)).text();
    sizes.push([index, text.length]);
    for (const link of siteLinks(text)) {
      // Every link of an index, in page descriptions too, is a Markdown twin or another index.
      expect(link, `${index} links ${link}`).toMatch(/\.md$|\/llms\.txt$/);
      if (link.endsWith('.md')) listed.set(link, index);
    }
  }
  expect(sizes.filter(([, size]) => size >= 50_000), 'llms files of 50,000 characters or more').toEqual([]);
  const paths = await sitemapPaths(request);
  for (const section of sections) {
    const full = await (await request.get(`/${section.routeBasePath}/llms-full.txt`)).text();
    const pages = paths.filter((p) => p.startsWith(`/${section.routeBasePath}/`));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const twin = page.endsWith('/') ? `${page}index.md` : `${page}.md`;
      expect(listed.has(twin), `${page} is listed in an index /llms.txt links`).toBe(true);
      expect(full, page).toMatch(new RegExp(`^Page: ${SITE}${escape(page)}$`, 'm'));
    }
  }
});

test('every page shows a link to /llms.txt, and every twin names it under its title', async ({ page, request }) => {
  for (const mode of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await openPage(page, '/catalyst/concepts/appids');
    const link = page.locator('footer').getByRole('link', { name: 'llms.txt' });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/llms.txt');
  }
  const paths = await sitemapPaths(request);
  const missing: string[] = [];
  for (let i = 0; i < paths.length; i += 16) {
    await Promise.all(
      paths.slice(i, i + 16).map(async (route) => {
        const html = await (await request.get(route)).text();
        if (!/<footer[\s\S]*<a href="?\/llms\.txt"?>llms\.txt<\/a>/.test(html)) missing.push(`${route}: no footer link`);
        // Every doc page also links it near the top, beside "View as Markdown": agents read the first half of a page's
        // body (navigation and scripts left out) for the pointer, as afdocs does.
        if (html.includes('View as Markdown')) {
          const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '').replace(/<(nav|script|style)\b[\s\S]*?<\/\1>/g, '');
          const at = body.search(/href="?\/llms\.txt/);
          if (at < 0 || at > body.length / 2) missing.push(`${route}: llms.txt link not in the first half of the page (at ${at} of ${body.length})`);
        }
        const twin = await (await request.get(route.endsWith('/') ? `${route}index.md` : `${route}.md`)).text();
        // Near the top: under the title and description, before the body.
        const pointer = `Index of these docs for AI tools: [llms.txt](${siteOrigin(process.env).published ?? ''}/llms.txt)`;
        if (!twin.split('\n\n').slice(0, 3).includes(pointer)) missing.push(`${route}: twin lacks the pointer at its top`);
      }),
    );
  }
  expect(missing).toEqual([]);
});

test('twins and llms files stay out of the sitemap and the search index', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).not.toMatch(/\.md<\/loc>|llms/);
  const searchIndex = await (await request.get('/search-index.json')).text();
  expect(searchIndex.length).toBeGreaterThan(1000);
  expect(searchIndex).not.toMatch(/"u":"[^"]*(\.md|llms[^"]*\.txt)"/);
});

test('every page keeps its optional end tags, so a lenient HTML parser still finds <main>', async ({ request }) => {
  // Valid HTML may leave out </p>, </li>, </td> and the like; parsers that agents use (node-html-parser, in afdocs)
  // then nest what follows inside the open element and lose <main>. The minifier is set to keep every end tag.
  const paths = await sitemapPaths(request);
  const unbalanced: string[] = [];
  for (let i = 0; i < paths.length; i += 16) {
    await Promise.all(
      paths.slice(i, i + 16).map(async (route) => {
        const html = (await (await request.get(route)).text()).replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
        for (const tag of ['p', 'li', 'td', 'th', 'tr', 'tbody', 'option']) {
          const opened = (html.match(new RegExp(`<${tag}[\\s>]`, 'g')) ?? []).length;
          const closed = (html.match(new RegExp(`</${tag}>`, 'g')) ?? []).length;
          if (opened !== closed) unbalanced.push(`${route}: ${opened} <${tag}>, ${closed} </${tag}>`);
        }
      }),
    );
  }
  expect(unbalanced).toEqual([]);
});

test.describe('Copy page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('puts the twin on the clipboard, says so visibly and to screen readers, and links to it', async ({ page, request }) => {
    await openPage(page, '/catalyst/concepts/appids');
    const twin = await (await request.get('/catalyst/concepts/appids.md')).text();
    const view = page.getByRole('link', { name: 'View as Markdown' });
    await expect(view).toHaveAttribute('href', '/catalyst/concepts/appids.md');
    const copy = page.getByRole('button', { name: 'Copy page' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Page copied as Markdown' })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin);
  });

  test('works on API operation pages and is absent from the home page', async ({ page, request }) => {
    await openPage(page, '/catalyst/api/save-state');
    await expect(page.locator('head link[type="text/markdown"]')).toHaveAttribute('href', '/catalyst/api/save-state.md');
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await (await request.get('/catalyst/api/save-state.md')).text());
    await openPage(page, '/');
    await expect(page.getByRole('button', { name: 'Copy page' })).toHaveCount(0);
  });

  test('comes right after the page\'s title, once, on guides, API and CLI pages, and not on a not-found page', async ({ page }) => {
    // Title first: a reader, a screen reader and a tool converting the HTML meet the page's name before the
    // controls that act on it.
    for (const route of ['/catalyst/concepts/appids', '/catalyst/api/save-state', '/catalyst/references/cli-reference/apikey/delete']) {
      await openPage(page, route);
      await expect(page.getByRole('button', { name: 'Copy page' }), route).toHaveCount(1);
      const next = await page.locator('main h1').evaluate((h1) => h1.nextElementSibling?.querySelector('button')?.textContent ?? h1.nextElementSibling?.outerHTML.slice(0, 80));
      expect(next, `${route}: what follows the title`).toBe('Copy page');
    }
    const response = await page.goto('/catalyst/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy page' })).toHaveCount(0);
  });
});

test('the search page stays out of the sitemap and asks search engines not to index it', async ({ page, request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toMatch(/<loc>[^<]*\/catalyst\/<\/loc>/);
  expect(xml).not.toMatch(/\/search<\/loc>/);
  await openPage(page, '/search');
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('the components index twin carries the catalogue: one table row per backend the page lists', async ({ request }) => {
  const html = await (await request.get('/catalyst/references/components-reference/')).text();
  // The minified HTML leaves out closing tags such as </tbody>, so the body runs to the end of the table.
  const tbody = /<tbody[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  const pageRows = (tbody.match(/<tr\b/g) ?? []).length;
  expect(pageRows).toBeGreaterThan(100);
  const twin = await (await request.get('/catalyst/references/components-reference/index.md')).text();
  const row = new RegExp(`^\\| \\[[^\\]]+\\]\\(${SITE}/catalyst/references/components-reference/[^)]+\\) \\|`);
  const twinRows = twin.split('\n').filter((line) => row.test(line));
  expect(twinRows).toHaveLength(pageRows);
  expect(twin).toContain('`state.redis`');
});
