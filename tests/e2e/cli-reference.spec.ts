import { test, expect } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { CliCommand } from '../../scripts/gen-cli-docs';
import { openPage } from './helpers';

const BASE = '/catalyst/references/cli-reference';
const BUILD = path.join(__dirname, '..', '..', 'build');
const SOURCE = path.join(__dirname, '..', '..', 'cli', 'catalyst');
const groups = readdirSync(SOURCE)
  .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
  .map((f) => yaml.load(readFileSync(path.join(SOURCE, f), 'utf8')) as CliCommand);

/** The reference page a `diagrid <group> <sub>` mention should link to, or null for commands not documented. */
function referenceRoute(group: string, sub: string | undefined): string | null {
  const cmd = groups.find((g) => g.name === group);
  if (!cmd) return null;
  const pages = (cmd.commands ?? []).filter((c) => c.page !== false);
  if (sub && pages.some((c) => c.name === sub)) return `${BASE}/${group}/${sub}`;
  return pages.length ? `${BASE}/${group}/` : `${BASE}/${group}`;
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

test('the overview lists every command group, and its links lead down to a subcommand', async ({ page }) => {
  await openPage(page, `${BASE}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalyst CLI reference');
  for (const group of groups) {
    await expect(page.locator(`article a[href="${referenceRoute(group.name, undefined)}"]`).first(), group.name).toBeVisible();
  }
  await page.locator(`article a[href="${BASE}/project/"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('diagrid project');
  await page.locator(`article a[href="${BASE}/project/create"]`).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('diagrid project create');
  await expect(page.locator('article table', { hasText: '--wait' }).first()).toBeVisible();
});

function builtGuides(dir: string, route: string): { route: string; file: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      // Generated reference pages are the link targets, not the guides being checked.
      if (['api', 'references'].includes(name) && route === '/catalyst') return [];
      return builtGuides(file, `${route}/${name}`);
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

test('every Catalyst guide links each CLI command it uses to that command\'s reference page', () => {
  const guides = builtGuides(path.join(BUILD, 'catalyst'), '/catalyst');
  expect(guides.length).toBeGreaterThan(20);
  const missing: string[] = [];
  for (const { route, file } of guides) {
    const html = readFileSync(file, 'utf8');
    // The build drops quotes around attribute values where it can.
    const hrefs = new Set([...html.matchAll(/href=(?:"([^"#]*)|([^\s>"#]+))/g)].map((m) => m[1] ?? m[2]));
    for (const m of bodyText(html).matchAll(/\bdiagrid ([a-z][a-z-]*)(?:[ \t]+([a-z][a-z-]*))?/g)) {
      const target = referenceRoute(m[1], m[2]);
      if (target && !hrefs.has(target)) missing.push(`${route}: "${m[0]}" → ${target}`);
    }
  }
  expect([...new Set(missing)]).toEqual([]);
});
