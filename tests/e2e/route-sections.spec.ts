import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ChunkGraph } from '../../src/plugins/route-stylesheets/chunkGraph';
import { chunkGroupScripts, collectPageErrors, openPage } from './helpers';

// src/plugins/route-sections with patches/@docusaurus+core (lazy-routes): each docs section's routes are split in
// buckets by their first path segment below the section, each a module of its own, loaded with that bucket's pages;
// main.js holds the rest of the route table only.

const BUILD = path.resolve(__dirname, '../../build');
const GENERATED = path.resolve(__dirname, '../../.docusaurus');

/** The chunk group of the bucket holding a page's route (`routes-catalyst-concepts`). */
function bucketChunk(pathname: string): string {
  const graph = new ChunkGraph(GENERATED);
  const [chunk] = graph.routeChain(pathname).flatMap((key) => graph.bucketChunk(key));
  expect(chunk, `the bucket of ${pathname}`).toBeTruthy();
  return chunk;
}

/** Every bucket's chunk group of a section (`routes-conductor-…`). */
function sectionBuckets(section: string): string[] {
  return new ChunkGraph(GENERATED).sectionChunkNames().filter((name) => name.startsWith(`routes-${section}-`));
}

/** Scripts the page requested, as site paths. */
function scriptRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
  });
  return requested;
}

/** Scripts the page has run so far (a bucket's module loaded by a prefetch runs before any hover or click). */
function scriptsRun(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.initiatorType === 'script').map((r) => new URL(r.name).pathname),
  );
}

/** Console errors, which is where React reports a page that does not hydrate to its server-rendered HTML. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test("main.js names no page of any docs section: each page is in its bucket's routes module, and no other", () => {
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
    const own = bucketChunk(page);
    const [file] = chunkGroupScripts(own);
    expect(readFileSync(path.join(BUILD, file), 'utf8'), `${page} in the ${own} module`).toContain(`"${page}"`);
    for (const other of sectionBuckets(section).filter((name) => name !== own)) {
      for (const otherFile of chunkGroupScripts(other)) {
        expect(readFileSync(path.join(BUILD, otherFile), 'utf8').includes(`"${page}"`), `${page} in ${other}`).toBe(false);
      }
    }
  }
  // Its rest bucket, and one each for its API operations and its references.
  expect(sectionBuckets('catalyst').length, "Catalyst's buckets").toBeGreaterThanOrEqual(3);
});

test("the runtime's table of chunk files names no page's content: each bucket's module brings its pages' rows", () => {
  const js = readdirSync(path.join(BUILD, 'assets/js'));
  const runtime = readFileSync(path.join(BUILD, 'assets/js', js.find((file) => /^runtime~main\.[0-9a-f]+\.js$/.test(file))!), 'utf8');
  const graph = new ChunkGraph(GENERATED);
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
    const [file] = chunkGroupScripts(bucketChunk(page));
    const module = readFileSync(path.join(BUILD, file), 'utf8');
    for (const asset of content) {
      const [, , hash] = /(\d+)\.([0-9a-f]{8})\.js$/.exec(asset) ?? [];
      expect(hash, `${asset} named <id>.<hash>.js`).toBeTruthy();
      expect(runtime.includes(`"${hash}"`), `${page}'s ${asset} in the runtime`).toBe(false);
      expect(module.includes(`"${hash}"`), `${page}'s ${asset} in its ${section} bucket's module`).toBe(true);
    }
  }
});

test("a guide's HTML lists its own bucket's routes module and no other bucket's; it hydrates as rendered", async ({ page }) => {
  const errors = consoleErrors(page);
  const pageErrors = collectPageErrors(page);
  const own = chunkGroupScripts(bucketChunk('/catalyst/concepts/components'));
  const html = await (await page.request.get('/catalyst/concepts/components')).text();
  const listed = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => new URL(m[1], 'http://x').pathname);
  expect(listed, "the bucket's routes module among the page's scripts").toEqual(expect.arrayContaining(own));
  for (const section of ['catalyst', 'conductor', 'enterprise-dapr', 'workflow-composer']) {
    for (const other of sectionBuckets(section).filter((name) => name !== bucketChunk('/catalyst/concepts/components'))) {
      for (const file of chunkGroupScripts(other)) expect(listed, `${other} listed by /catalyst/concepts/components`).not.toContain(file);
    }
  }
  const requested = scriptRequests(page);
  await page.goto('/catalyst/concepts/components');
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(requested, "the bucket's routes module").toEqual(expect.arrayContaining(own));
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
  for (const file of chunkGroupScripts(bucketChunk('/conductor/'))) expect(requested, "the routes module of Conductor's landing page").toContain(file);

  // Conductor's sidebar is drawn, so the landing page is.
  const landing = await page.locator('article h1').textContent();
  await page.locator('.theme-doc-sidebar-container a[href="/conductor/overview/architecture"]').click();
  await expect(page).toHaveURL(/\/conductor\/overview\/architecture$/);
  // Docusaurus changes the address at once and keeps the landing page on screen until the next page's chunks are in.
  await expect(page.locator('article h1')).not.toHaveText(landing!);
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

test("hovering a link into another section loads that page's bucket and the page's own chunks before the click", async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  await page.waitForLoadState('networkidle');
  const requested = scriptRequests(page);
  await page.locator('.navbar').getByRole('link', { name: 'Workflow Composer', exact: true }).hover();
  // The bucket's routes module (which the link in view may have loaded already), the landing page's content and the
  // section's props (its sidebar): what the Catalyst page has not loaded, and what the bucket's module names.
  const graph = new ChunkGraph(GENERATED);
  const data = graph.groupAssets(graph.routeDataChunkNames('/workflow-composer/')).js.map((file) => `/${file}`);
  expect(data.length, 'route data files of /workflow-composer/').toBeGreaterThanOrEqual(3);
  const bucket = chunkGroupScripts(bucketChunk('/workflow-composer/'));
  await expect
    .poll(async () => {
      const run = await scriptsRun(page);
      return data.filter((file) => !requested.includes(file) && !(bucket.includes(file) && run.includes(file)));
    }, 'files not loaded yet')
    .toEqual([]);
});

test("links in view into another section prefetch that page's bucket without running it", async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  // The navbar's Conductor link: its bucket's module downloads (link rel=prefetch); it runs on hover or click only,
  // so a page runs no more than what it renders (budgets.spec.ts "runs no script on load").
  const bucket = chunkGroupScripts(bucketChunk('/conductor/'));
  await expect
    .poll(() => page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname)))
    .toEqual(expect.arrayContaining(bucket));
  const run = await scriptsRun(page);
  expect(bucket.filter((file) => run.includes(file)), 'run before any hover').toEqual([]);
});

test('a link into another bucket of the same section opens its page in place, and back and forward move between them', async ({ page }) => {
  const errors = consoleErrors(page);
  const pageErrors = collectPageErrors(page);
  const target = '/catalyst/api/save-state';
  expect(bucketChunk(target), 'another bucket of Catalyst').not.toBe(bucketChunk('/catalyst/concepts/components'));
  await openPage(page, '/catalyst/concepts/components');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const requested = scriptRequests(page);
  await page.locator(`article a[href="${target}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  // The address changes as the link is followed; the page stays on screen until the target's chunks are in
  // (Docusaurus's pending navigation), so its heading is read once it has changed.
  await expect(page.locator('main h1')).not.toHaveText('Components');
  const title = await page.locator('main h1').textContent();
  expect(title, "the target page's title").toBeTruthy();
  await expect(page.locator('main h1')).toBeVisible();
  const run = await scriptsRun(page);
  for (const file of chunkGroupScripts(bucketChunk(target))) expect(requested.includes(file) || run.includes(file), `${file} run`).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/catalyst\/concepts\/components$/);
  await expect(page.locator('main h1')).toHaveText('Components');
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator('main h1')).toHaveText(title!);
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument), 'still the first document').toBe(true);
  expect(errors).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("after a link opens another section in place, that section's links in view prefetch their pages' chunks", async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  await page.waitForLoadState('networkidle');
  await page.locator('.navbar').getByRole('link', { name: 'Conductor', exact: true }).click();
  await expect(page.locator('.theme-doc-sidebar-container a[href="/conductor/faq"]')).toBeVisible();
  const graph = new ChunkGraph(GENERATED);
  const faq = graph.groupAssets(graph.routeDataChunkNames('/conductor/faq')).js.map((file) => `/${file}`);
  // The page's bucket runs (it is loaded to know the page's chunks); the page's own chunks are prefetched.
  await expect
    .poll(async () => [
      ...(await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))),
      ...(await scriptsRun(page)),
    ])
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
