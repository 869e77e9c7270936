import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ChunkGraph } from '../../src/plugins/route-stylesheets/chunkGraph';
import { chunkGroupScripts, collectPageErrors, openPage } from './helpers';

// src/plugins/route-sections with patches/@docusaurus+core (lazy-routes): each docs section's routes are a module of
// their own, loaded with that section's pages; main.js holds the rest of the route table only.

const BUILD = path.resolve(__dirname, '../../build');

/** Scripts the page requested, as site paths. */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

/** Console errors, which is where React reports a page that does not hydrate to its server-rendered HTML. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test("main.js names no page of any docs section: each section's pages are in its own routes module", () => {
  // main.js still names each section's landing page and first sidebar link (the docs plugins' global data).
  const main = readdirSync(path.join(BUILD, 'assets/js')).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  expect(main, 'main.js in build/assets/js').toBeTruthy();
  const source = readFileSync(path.join(BUILD, 'assets/js', main!), 'utf8');
  for (const [section, page] of [
    ['catalyst', '/catalyst/concepts/components'],
    ['conductor', '/conductor/faq'],
    ['enterprise-dapr', '/enterprise-dapr/oss-support'],
    ['workflow-composer', '/workflow-composer/faq'],
  ]) {
    expect(source.includes(`"${page}"`), `${page} in main.js`).toBe(false);
    const [file] = chunkGroupScripts(`routes-${section}`);
    expect(readFileSync(path.join(BUILD, file), 'utf8'), `${page} in the routes-${section} module`).toContain(`"${page}"`);
  }
});

test("the runtime's table of chunk files names no page's content: each section's module brings its pages' rows", () => {
  const js = readdirSync(path.join(BUILD, 'assets/js'));
  const runtime = readFileSync(path.join(BUILD, 'assets/js', js.find((file) => /^runtime~main\.[0-9a-f]+\.js$/.test(file))!), 'utf8');
  const graph = new ChunkGraph(path.resolve(__dirname, '../../.docusaurus'));
  const chunkNames = JSON.parse(readFileSync(path.resolve(__dirname, '../../.docusaurus/routesChunkNames.json'), 'utf8')) as Record<string, unknown>;
  for (const [section, page] of [
    ['catalyst', '/catalyst/concepts/components'],
    ['conductor', '/conductor/faq'],
    ['workflow-composer', '/workflow-composer/faq'],
  ]) {
    // The page's content file, `<id>.<hash>.js`: its id and hash are a row of the table.
    const [, names] = Object.entries(chunkNames).find(([key]) => key.replace(/-[^-]+$/, '') === page)!;
    const content = graph.groupAssets([(names as { content: string }).content]).js;
    expect(content.length, `${page}'s content file`).toBeGreaterThan(0);
    const [file] = chunkGroupScripts(`routes-${section}`);
    const module = readFileSync(path.join(BUILD, file), 'utf8');
    for (const asset of content) {
      const [, , hash] = /(\d+)\.([0-9a-f]{8})\.js$/.exec(asset) ?? [];
      expect(hash, `${asset} named <id>.<hash>.js`).toBeTruthy();
      expect(runtime.includes(`"${hash}"`), `${page}'s ${asset} in the runtime`).toBe(false);
      expect(module.includes(`"${hash}"`), `${page}'s ${asset} in the routes-${section} module`).toBe(true);
    }
  }
});

test("a page loads its own section's routes from its HTML, no other section's, and hydrates as rendered", async ({ page }) => {
  const requested = scriptRequests(page);
  const errors = consoleErrors(page);
  const pageErrors = collectPageErrors(page);
  await page.goto('/catalyst/concepts/components');
  const own = chunkGroupScripts('routes-catalyst');
  const listed = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => new URL((s as HTMLScriptElement).src).pathname));
  expect(listed, "the section's routes module among the page's scripts").toEqual(expect.arrayContaining(own));
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(requested, "the section's routes module").toEqual(expect.arrayContaining(own));
  for (const other of ['conductor', 'enterprise-dapr', 'workflow-composer']) {
    for (const file of chunkGroupScripts(`routes-${other}`)) expect(requested, `routes-${other} loaded by a Catalyst page`).not.toContain(file);
  }
  expect(errors, 'console errors (a hydration mismatch is reported here)').toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('a link into another section opens its page in place, and back and forward move between the two', async ({ page }) => {
  const errors = consoleErrors(page);
  const pageErrors = collectPageErrors(page);
  await openPage(page, '/catalyst/concepts/components');
  const requested = scriptRequests(page);
  // Set on this document; a full page load would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('.navbar').getByRole('link', { name: 'Conductor', exact: true }).click();
  await expect(page).toHaveURL(/\/conductor\/$/);
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('.theme-doc-sidebar-container a[href="/conductor/overview/architecture"]')).toBeVisible();
  for (const file of chunkGroupScripts('routes-conductor')) expect(requested, "Conductor's routes module").toContain(file);

  await page.locator('.theme-doc-sidebar-container a[href="/conductor/overview/architecture"]').click();
  await expect(page).toHaveURL(/\/conductor\/overview\/architecture$/);
  const title = await page.locator('article h1').textContent();

  await page.goBack();
  await expect(page).toHaveURL(/\/conductor\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/catalyst\/concepts\/components$/);
  await expect(page.locator('article h1')).toHaveText('Components');
  await page.goForward();
  await page.goForward();
  await expect(page.locator('article h1')).toHaveText(title!);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument), 'still the first document').toBe(true);
  expect(errors).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("hovering a link into another section loads that section's routes and the page's own chunks before the click", async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  await page.waitForLoadState('networkidle');
  const requested = scriptRequests(page);
  await page.locator('.navbar').getByRole('link', { name: 'Workflow Composer', exact: true }).hover();
  // The section's routes module, the landing page's content and the section's props (its sidebar): what the
  // Catalyst page has not loaded, and what the section's routes module names.
  const graph = new ChunkGraph(path.resolve(__dirname, '../../.docusaurus'));
  const data = graph.groupAssets(graph.routeDataChunkNames('/workflow-composer/')).js.map((file) => `/${file}`);
  expect(data.length, 'route data files of /workflow-composer/').toBeGreaterThanOrEqual(3);
  await expect.poll(() => data.filter((file) => !requested.includes(file)), 'files not loaded yet').toEqual([]);
});

test("links in view into another section prefetch that section's routes module", async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  const conductor = chunkGroupScripts('routes-conductor');
  await expect
    .poll(() => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname)))
    .toEqual(expect.arrayContaining(conductor));
});

test("after a link opens another section in place, that section's links in view prefetch their pages' chunks", async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  await page.waitForLoadState('networkidle');
  await page.locator('.navbar').getByRole('link', { name: 'Conductor', exact: true }).click();
  await expect(page.locator('.theme-doc-sidebar-container a[href="/conductor/faq"]')).toBeVisible();
  const graph = new ChunkGraph(path.resolve(__dirname, '../../.docusaurus'));
  const faq = graph.groupAssets(graph.routeDataChunkNames('/conductor/faq')).js.map((file) => `/${file}`);
  await expect
    .poll(() => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname)))
    .toEqual(expect.arrayContaining(faq));
});

test('an unknown path inside a section shows the not-found page, and the section still opens from it', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await page.goto('/conductor/no-such-page');
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not find|not found/i);
  await page.locator('.navbar').getByRole('link', { name: 'Conductor', exact: true }).click();
  await expect(page).toHaveURL(/\/conductor\/$/);
  await expect(page.locator('article h1')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a page of a section opened at one of its headings lands on that heading, hydrated', async ({ page }) => {
  const target = await page.request.get('/conductor/overview/architecture');
  const ids = [...(await target.text()).matchAll(/<h2[^>]* id="([^"]+)"/g)].map((m) => m[1]);
  const id = ids[ids.length - 1];
  expect(id, 'a heading id on the target page').toBeTruthy();
  await openPage(page, `/conductor/overview/architecture#${id}`);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});
