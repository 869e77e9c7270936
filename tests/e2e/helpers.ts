import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ChunkGraph } from '../../src/plugins/route-stylesheets/chunkGraph';

/** Opens a page and waits until React has hydrated it, so keyboard shortcuts and toggles respond. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
}

/** The navbar search input (its role turns from textbox to combobox once the index has loaded). */
export const searchInput = (page: Page) => page.locator('.navbar input.navbar__search-input').first();

/**
 * The search dropdown: the listbox of suggestions the combobox controls and, beside it, the "No results" message
 * and the link to all results (a listbox may hold options only).
 */
export const SEARCH_MENU = '.navbar [class*="dropdownMenu"]';
export const searchMenu = (page: Page) => page.locator(SEARCH_MENU).first();
export const searchListbox = (page: Page) => page.locator('.navbar [role="listbox"]').first();
export const suggestions = (page: Page) => searchListbox(page).getByRole('option');

/**
 * Makes the page's Network Information API say the reader asked to save data (`navigator.connection.saveData`), as
 * a data-saver setting does. Docusaurus then prefetches nothing for the links in view (on a guide, about 25 chunks of
 * the pages its links lead to, fetched while the page idles after hydration; preloading on hover and the search's
 * early fetches step aside too). For tests that read each page itself, over many pages: those requests change
 * nothing on the page, yet they kept the network busy for the waits below and took server and browser CPU from the
 * next page. Call before the first navigation.
 */
export async function askToSaveData(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const { NetworkInformation } = window as unknown as { NetworkInformation?: { prototype: object } };
    if (NetworkInformation) Object.defineProperty(NetworkInformation.prototype, 'saveData', { configurable: true, get: () => true });
  });
}

/** Counts the page's requests in flight from now on, for `settle`. */
export function requestsInFlight(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return () => inFlight;
}

/**
 * Waits until a loaded page has hydrated and has had no request in flight for 150 ms: lazily loaded parts are there
 * once their chunks arrive. Playwright's network idle waits 500 ms with none, which was a quarter of a page's time
 * in the accessibility sweep.
 */
export async function settle(page: Page, inFlight: () => number): Promise<void> {
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  for (let quiet = 0; quiet < 3; ) {
    await page.waitForTimeout(50);
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}

/** Collects uncaught page errors for a test to assert on at the end. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** Every path of the sitemap, as the site serves it. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status(), '/sitemap.xml').toBe(200);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1].trim());
    return url.pathname + url.search;
  });
}

/**
 * The CLI and components references are a few hundred pages cut from a handful of templates. Every index page is
 * kept, and every fifth other page, which covers each template shape (group, subcommand, single command; backend
 * with and without authentication options or several versions) at a fraction of the time.
 */
const GENERATED_REFERENCE = /^\/(catalyst|conductor)\/references\/(cli|components)-reference\/.+[^/]$/;
const GENERATED_SAMPLE = 5;

/** `paths`, sorted, with the generated reference pages sampled as above. */
export function sampleGeneratedPages(paths: string[]): string[] {
  const all = [...new Set(paths)].sort();
  const generated = all.filter((path) => GENERATED_REFERENCE.test(path));
  return all.filter((path) => !GENERATED_REFERENCE.test(path) || generated.indexOf(path) % GENERATED_SAMPLE === 0);
}

/** Opens a page and focuses the search box once its index has loaded (the box is then an ARIA combobox). */
export async function openSearchBox(page: Page, path: string): Promise<void> {
  await openPage(page, path);
  await searchInput(page).click();
  await expect(searchInput(page)).toHaveAttribute('role', 'combobox');
}

/**
 * The site paths (`/assets/js/…`) of a lazy chunk group's scripts, by its webpackChunkName, read from the build's
 * chunk graph: chunk files are named by id, not by name (src/plugins/slim-chunk-registry).
 */
export function chunkGroupScripts(name: string): string[] {
  const files = new ChunkGraph(path.resolve(__dirname, '../../.docusaurus')).groupAssets([name]).js;
  expect(files.length, `scripts of the ${name} chunk group`).toBeGreaterThan(0);
  return files.map((file) => `/${file}`);
}
