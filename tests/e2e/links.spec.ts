import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Link crawl over the production build: every internal href/src of <a>, <img>, <script> and
// <link rel=stylesheet|preload|icon> in every HTML file of build/ must answer 200 from the served site
// (after redirects). The build's own broken-link check covers Markdown links between docs; this one also
// covers assets, theme and plugin markup, and pages outside the docs.

const BUILD = path.join(__dirname, '..', '..', 'build');
const LINK_RELS = new Set(['stylesheet', 'preload', 'modulepreload', 'icon', 'apple-touch-icon']);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

/**
 * The URL path a build file is served at: its canonical URL when it declares one (docs/x/index.html is served
 * at /docs/x, which matters for relative links), else its file path.
 */
function pagePath(file: string, html: string, siteOrigin: string): string {
  const canonical = /<link\b[^>]*\brel="?canonical"?[^>]*\bhref="?([^"\s>]+)/i.exec(html);
  if (canonical) {
    const url = new URL(canonical[1], siteOrigin);
    if (url.origin === siteOrigin) return url.pathname;
  }
  const rel = path.relative(BUILD, file).split(path.sep).join('/');
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel.replace(/\.html$/, '')}`;
}

/** Attributes of one start tag; handles quoted and unquoted values (the build minifies quotes away). */
function attributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of source.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs.set(m[1].toLowerCase(), decode(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The internal URLs a page refers to, from the tags and attributes this check covers. */
function referencesIn(html: string): string[] {
  // Script bodies and comments can hold markup-like strings that are not links.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
  const found: string[] = [];
  for (const m of markup.matchAll(/<(a|img|script|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)) {
    const tag = m[1].toLowerCase();
    const attrs = attributes(m[2]);
    if (tag === 'a' && attrs.has('href')) found.push(attrs.get('href')!);
    if (tag === 'script' && attrs.has('src')) found.push(attrs.get('src')!);
    if (tag === 'img') {
      if (attrs.has('src')) found.push(attrs.get('src')!);
      for (const candidate of (attrs.get('srcset') ?? '').split(',')) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url) found.push(url);
      }
    }
    if (tag === 'link' && attrs.has('href')) {
      const rels = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (rels.some((rel) => LINK_RELS.has(rel))) found.push(attrs.get('href')!);
    }
  }
  return found;
}

/** The path to request for a reference, or undefined when it is external, an anchor or not fetchable. */
function internalPath(reference: string, fromPage: string, siteOrigin: string): string | undefined {
  const ref = reference.trim();
  if (!ref || ref.startsWith('#')) return undefined;
  if (/^(mailto|tel|data|javascript|blob):/i.test(ref)) return undefined;
  const url = new URL(ref, `${siteOrigin}${fromPage}`);
  if (url.origin !== siteOrigin) return undefined;
  return url.pathname;
}

test('every internal link and asset in the build answers 200', async ({ request }) => {
  test.setTimeout(120_000);
  expect(existsSync(BUILD), 'build/ is missing: run `CI=true npm run build` first').toBe(true);
  // Absolute links to the canonical site (SITE_URL) are internal too; the sitemap names that origin.
  const sitemap = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
  const siteOrigin = new URL(/<loc>([^<]+)<\/loc>/.exec(sitemap)![1]).origin;

  const sources = new Map<string, string[]>();
  const files = htmlFiles(BUILD);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const from = pagePath(file, html, siteOrigin);
    for (const reference of referencesIn(html)) {
      const target = internalPath(reference, from, siteOrigin);
      if (!target) continue;
      const pages = sources.get(target) ?? [];
      if (!pages.includes(from)) pages.push(from);
      sources.set(target, pages);
    }
  }
  expect(sources.size, 'internal links found').toBeGreaterThan(50);

  const failures: string[] = [];
  const targets = [...sources.keys()].sort();
  const CONCURRENCY = 8;
  for (let i = 0; i < targets.length; i += CONCURRENCY) {
    await Promise.all(
      targets.slice(i, i + CONCURRENCY).map(async (target) => {
        let status: number | string;
        try {
          status = (await request.get(target, { maxRedirects: 10 })).status();
        } catch (error) {
          status = (error as Error).message.split('\n')[0];
        }
        if (status !== 200) {
          const pages = sources.get(target)!;
          const shown = pages.slice(0, 5).join(', ') + (pages.length > 5 ? ` and ${pages.length - 5} more` : '');
          failures.push(`${target} → ${status} (linked from ${shown})`);
        }
      }),
    );
  }
  expect(failures, `${failures.length} of ${targets.length} internal links failed:\n${failures.join('\n')}`).toEqual(
    [],
  );
});

test('every sitemap page is reached by following links from the home page (no orphans)', () => {
  const sitemap = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
  const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]));
  const siteOrigin = locs[0].origin;
  // `/catalyst/` and `/catalyst` are one page to a reader; links name either.
  const key = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  const linksFrom = new Map<string, Set<string>>();
  for (const file of htmlFiles(BUILD)) {
    const html = readFileSync(file, 'utf8');
    const from = pagePath(file, html, siteOrigin);
    const targets = referencesIn(html)
      .map((reference) => internalPath(reference, from, siteOrigin))
      .filter((target): target is string => Boolean(target))
      .map(key);
    linksFrom.set(key(from), new Set(targets));
  }
  const reached = new Set(['/']);
  const queue = ['/'];
  while (queue.length) {
    for (const target of linksFrom.get(queue.shift()!) ?? []) {
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  expect(locs.length).toBeGreaterThan(300);
  expect(locs.map((loc) => loc.pathname).filter((p) => !reached.has(key(p))), 'sitemap pages no link leads to').toEqual([]);
});
