import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { CliCommand } from '../../scripts/gen-cli-docs';
import { openPage } from './helpers';

const BASE = '/catalyst/references/cli-reference';
const BUILD = path.join(__dirname, '..', '..', 'build');

/** Each section's CLI reference: where its guides are built, its command groups and its reference's URL. */
const PRODUCTS = ['catalyst', 'conductor'].map((section) => {
  const dir = path.join(__dirname, '..', '..', 'cli', section);
  const groups = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
    .map((f) => yaml.load(readFileSync(path.join(dir, f), 'utf8')) as CliCommand);
  return { section, base: `/${section}/references/cli-reference`, groups };
});

/** The reference page a `diagrid <group> <sub>` mention should link to, or null for commands not documented. */
function referenceRoute(product: (typeof PRODUCTS)[number], group: string, sub: string | undefined): string | null {
  const cmd = product.groups.find((g) => g.name === group);
  if (!cmd) return null;
  const pages = (cmd.commands ?? []).filter((c) => c.page !== false);
  if (sub && pages.some((c) => c.name === sub)) return `${product.base}/${group}/${sub}`;
  return pages.length ? `${product.base}/${group}/` : `${product.base}/${group}`;
}

test('a reader follows a guide to the command it uses, and the sidebar shows where they are', async ({ page }) => {
  await openPage(page, '/catalyst/how-to-guides/develop-locally');
  await page.locator(`article a[href="${BASE}/dev/run"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/dev/run$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('diagrid dev run');
  await expect(page.getByRole('heading', { level: 2, name: 'Usage' })).toBeVisible();
  await expect(page.locator('article pre').first()).toContainText('diagrid dev run');
  await expect(page.locator('article table').first()).toContainText('--app-port');
  const current = page.locator('nav[aria-label="Docs sidebar"] a[aria-current="page"]');
  await expect(current).toHaveText('run');
  await expect(page.locator('nav[aria-label="Docs sidebar"]')).toContainText('CLI reference');
});

for (const { product, base, source } of [
  { product: 'Catalyst', base: BASE, source: 'catalyst' },
  { product: 'Conductor', base: '/conductor/references/cli-reference', source: 'conductor' },
]) {
  test(`the ${product} CLI overview links every command group of cli/${source}`, async ({ page }) => {
    await openPage(page, `${base}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${product} CLI reference`);
    const dir = path.join(__dirname, '..', '..', 'cli', source);
    const names = readdirSync(dir).filter((f) => f.endsWith('.yaml') && !f.startsWith('_')).map((f) => f.replace(/\.yaml$/, ''));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      await expect(page.locator(`article a[href="${base}/${name}/"], article a[href="${base}/${name}"]`).first(), name).toBeVisible();
    }
  });
}

test('the Catalyst CLI overview leads down to a subcommand', async ({ page }) => {
  await openPage(page, `${BASE}/`);
  await page.locator(`article a[href="${BASE}/project/"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('diagrid project');
  await page.locator(`article a[href="${BASE}/project/create"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('diagrid project create');
  await expect(page.locator('article table', { hasText: '--wait' }).first()).toBeVisible();
});

function builtGuides(dir: string, route: string, top: string): { route: string; file: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      // Generated reference pages are the link targets, not the guides being checked.
      if (['api', 'references'].includes(name) && route === top) return [];
      return builtGuides(file, `${route}/${name}`, top);
    }
    return name === 'index.html' ? [{ route: `${route}/`, file }] : [];
  });
}

/** Text of the page body with code-highlighting spans joined, so `diagrid dev run` reads as one phrase. */
function bodyText(html: string): string {
  const start = html.search(/<div class="[^"]*\bmarkdown\b[^"]*"/);
  return html
    .slice(start, html.indexOf('<footer', start))
    .replace(/<br\s*\/?>|<\/(p|li|div|td|th|h[1-6]|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ');
}

for (const product of PRODUCTS) {
  test(`every ${product.section} guide links each CLI command it uses to that command's reference page`, () => {
    const top = `/${product.section}`;
    const guides = builtGuides(path.join(BUILD, product.section), top, top);
    expect(guides.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const { route, file } of guides) {
      const html = readFileSync(file, 'utf8');
      // The build drops quotes around attribute values where it can.
      const hrefs = new Set([...html.matchAll(/href=(?:"([^"#]*)|([^\s>"#]+))/g)].map((m) => m[1] ?? m[2]));
      for (const m of bodyText(html).matchAll(/\bdiagrid ([a-z][a-z-]*)(?:[ \t]+([a-z][a-z-]*))?/g)) {
        const target = referenceRoute(product, m[1], m[2]);
        if (target && !hrefs.has(target)) missing.push(`${route}: "${m[0]}" → ${target}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });
}
