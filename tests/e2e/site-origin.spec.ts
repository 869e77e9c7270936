import { test, expect } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteOrigin } from '../../src/siteOrigin';

// What the build says about where it lives, read from build/ as a crawler or an agent would find it. A local build
// (no SITE_URL) names no host in the pages' heads, the Markdown twins or the llms.txt files; a published build names
// its SITE_URL there and nothing else. Neither ever names the placeholder host the config used to fall back to.

const BUILD = path.join(__dirname, '..', '..', 'build');
// The same environment the build ran in (scripts/test.sh builds and tests in one shell).
const origin = siteOrigin(process.env);
const PLACEHOLDER = 'docs.example.com';

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, ext);
    return ext.test(entry.name) ? [full] : [];
  });
}
const rel = (file: string) => path.relative(BUILD, file);

test.beforeAll(() => {
  expect(existsSync(BUILD), 'build/ is missing: run `CI=true npm run build` first').toBe(true);
});

test('no built file names the folder the site was built in', () => {
  // The site config ships in main.js: a plugin named by its absolute path there showed every reader the build
  // machine's folders, and made main.js differ between two checkouts of the same commit.
  const checkout = path.resolve(__dirname, '..', '..');
  const text = files(BUILD, /\.(html|js|css|json|xml|md|txt|webmanifest|svg)$/);
  expect(text.length).toBeGreaterThan(600);
  const named = text.filter((file) => readFileSync(file, 'utf8').includes(checkout)).map(rel);
  expect(named, `files naming ${checkout}`).toEqual([]);
});

test(`no built file names the placeholder host ${PLACEHOLDER}`, () => {
  const text = files(BUILD, /\.(html|js|css|json|xml|md|txt|webmanifest|svg)$/);
  expect(text.length).toBeGreaterThan(600);
  const named = text.filter((file) => readFileSync(file, 'utf8').includes(PLACEHOLDER)).map(rel);
  expect(named, `files naming ${PLACEHOLDER}`).toEqual([]);
});

test('every page head names the published origin, or in a local build no host at all', () => {
  const problems: string[] = [];
  const pages = files(BUILD, /\.html$/);
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    const head = /<head>[\s\S]*?<\/head>/.exec(html)?.[0] ?? '';
    const canonical = /<link\b[^>]*\brel="?canonical"?[^>]*\bhref="?([^"\s>]+)/.exec(head)?.[1];
    const ogUrl = /<meta\b[^>]*\bproperty="?og:url"?[^>]*\bcontent="?([^"\s>]+)/.exec(head)?.[1];
    const hreflang = [...head.matchAll(/<link\b[^>]*\bhreflang=[^>]*>/g)].map((m) => /href="?([^"\s>]+)/.exec(m[0])?.[1]);
    if (!canonical) problems.push(`${rel(file)}: no canonical link`);
    if (origin.published) {
      for (const url of [canonical, ogUrl, ...hreflang]) {
        if (!url?.startsWith(`${origin.published}/`)) problems.push(`${rel(file)}: ${url} is not on ${origin.published}`);
      }
    } else {
      if (canonical && !/^\/(?!\/)/.test(canonical)) problems.push(`${rel(file)}: canonical ${canonical} is not root-relative`);
      if (ogUrl) problems.push(`${rel(file)}: og:url ${ogUrl} in a local build`);
      if (hreflang.length) problems.push(`${rel(file)}: ${hreflang.length} hreflang links in a local build`);
    }
  }
  expect(pages.length).toBeGreaterThan(300);
  expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);
});

test('the twins and llms files link to site pages on the published origin, or root-relative in a local build', () => {
  const texts = files(BUILD, /\.(md|txt)$/).filter((file) => !rel(file).startsWith('assets'));
  expect(texts.length).toBeGreaterThan(300);
  const prefix = origin.published ?? '';
  const problems: string[] = [];
  let siteLinks = 0;
  for (const file of texts) {
    const text = readFileSync(file, 'utf8');
    if (!origin.published && text.includes(origin.url)) problems.push(`${rel(file)} names ${origin.url}`);
    for (const [, url] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      // A root-relative link in a published build, or an absolute one on this origin in a local build.
      if (url.startsWith('/') && prefix) problems.push(`${rel(file)}: root-relative ${url} in a published build`);
      if (url.startsWith(`${prefix}/`) && !url.startsWith('//')) siteLinks += 1;
    }
  }
  expect(problems.slice(0, 20), `${problems.length} problems`).toEqual([]);
  // llms.txt is mostly links to pages, so the check above saw the site's links.
  expect(siteLinks).toBeGreaterThan(300);
  const index = readFileSync(path.join(BUILD, 'llms.txt'), 'utf8');
  expect(index).toMatch(new RegExp(`\\]\\(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/catalyst/`));
});

test('the sitemap names the origin the build was given: SITE_URL, or the local server', () => {
  const xml = readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThan(300);
  expect(locs.filter((loc) => !loc.startsWith(`${origin.url}/`))).toEqual([]);
});
