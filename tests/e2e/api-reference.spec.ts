import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jsYaml from 'js-yaml';
import { decodeTitles, pageFile, SHARD_FOLDER, type PageFile, type SearchHead } from '../../src/search/shards';
import { askToSaveData } from './helpers';

// An API operation page's reference (parameters, request body schema, responses and their schemas, examples) is
// in the HTML the server sends, so a reader sees it before any script runs and a crawler or an AI tool reads it
// without one; the browser then hydrates that HTML without changing a word of it.

type Node = Record<string, unknown>;
const spec = jsYaml.load(readFileSync(path.resolve(__dirname, '../../openapi/catalyst.yaml'), 'utf8')) as Node;

/** Follows a local `$ref` ("#/components/..."). */
function deref(node: unknown): Node {
  let current = node as Node;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Node>((at, key) => at[key] as Node, spec);
  }
  return current ?? {};
}

/** Names a reader must find in the server's HTML: parameters and the request body's top-level fields. */
function namesOf(operation: Node): string[] {
  const params = ((operation.parameters ?? []) as unknown[]).map((p) => String(deref(p).name));
  const body = deref(operation.requestBody);
  const media = Object.values((body.content ?? {}) as Record<string, Node>)[0];
  let schema = deref(media?.schema);
  if (schema.type === 'array') schema = deref(schema.items);
  return [...params, ...Object.keys((schema.properties ?? {}) as Node)];
}

const operations = Object.values(spec.paths as Record<string, Node>).flatMap((item) =>
  Object.values(item)
    .filter((op): op is Node => Boolean(op && typeof op === 'object' && (op as Node).operationId))
    .map((op) => ({
      id: String(op.operationId),
      names: namesOf(op),
      codes: Object.keys((op.responses ?? {}) as Node),
      samples: ((op['x-codeSamples'] ?? []) as { label: string; source: string }[]).map(({ label, source }) => ({ label, source: source.trimEnd() })),
    })),
);

/** The text of every code block in `main`, one line per rendered line (each ends in a `<br>`). */
const codeBlocks = (page: Page) =>
  page.locator('main pre code').evaluateAll((blocks) =>
    blocks.map((block) => {
      const copy = block.cloneNode(true) as Element;
      for (const br of Array.from(copy.querySelectorAll('br'))) br.replaceWith('\n');
      return copy.textContent!.trimEnd();
    }),
  );

const mainText = (page: Page) => page.evaluate(() => document.querySelector('main')!.textContent!.replace(/\s+/g, ' ').trim());

test('every operation page sends its parameters, body fields, responses and code samples, as written, in the HTML', async ({ browser, baseURL }) => {
  // Thirty page loads: about 15 s on a quiet machine, near the default 30 s limit on a busy one.
  test.setTimeout(90_000);
  expect(operations.length, 'operations in the spec').toBeGreaterThan(20);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { id, names, codes, samples } of operations) {
    const response = await page.goto(`/catalyst/api/${id}`);
    expect(response?.status(), id).toBe(200);
    const text = await mainText(page);
    await expect(page.locator('main .openapi-skeleton'), `${id}: a loading skeleton in place of the reference`).toHaveCount(0);
    for (const name of names) expect(text, `${id}: "${name}" in the HTML`).toContain(name);
    for (const code of codes) expect(text, `${id}: response ${code} in the HTML`).toContain(code);
    // A tab list of one tab offers a screen reader an empty choice, and agents that read tab panels take the
    // nested panel for a second variant: a single content type or schema is drawn as its panel alone.
    const lonely = await page.locator('main [role="tablist"]').evaluateAll((lists) =>
      lists.filter((list) => list.querySelectorAll('[role="tab"]').length === 1).map((list) => list.textContent),
    );
    expect(lonely, `${id}: tab lists with one tab`).toEqual([]);
    // Each code sample reads exactly as written in the spec: every character of its source, backslashes and quotes
    // included, reaches the page (the front matter the samples travel in once lost every backslash on the way).
    const blocks = await codeBlocks(page);
    for (const { label, source } of samples) expect(blocks, `${id}: the ${label} sample as written in openapi/catalyst.yaml`).toContain(source);
  }
  await context.close();
});

test('the browser hydrates each operation page without changing its text or reporting an error', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const serverContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const serverPage = await serverContext.newPage();
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  // Each operation page's sidebar lists every operation; without this, prefetching their chunks kept the network
  // busy well past hydration, and the wait for network idle below waited for all of them.
  await askToSaveData(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const { id } of operations) {
    await serverPage.goto(`/catalyst/api/${id}`);
    const sent = await mainText(serverPage);
    await page.goto(`/catalyst/api/${id}`);
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    // Code blocks recolour when Prism arrives and the stored tab choices apply after hydration; the text must
    // settle on exactly what the server sent.
    await expect.poll(() => mainText(page), { message: id }).toBe(sent);
  }
  expect(errors, 'errors while hydrating').toEqual([]);
  await Promise.all([context.close(), serverContext.close()]);
});

test('the search index reads an operation page’s parameters and fields as separate words', async ({ request }) => {
  // The theme sets a property's name, type and "required" side by side in elements with no text between them.
  // The index as the worker reads it: the head names the page's file (its headings' and paragraphs' text).
  const response = await request.get('/search-index-catalyst.json');
  expect(response.status()).toBe(200);
  const head = (await response.json()) as SearchHead;
  const title = decodeTitles(head.titles).find((doc) => doc.u === '/catalyst/api/save-state');
  expect(title, 'the title of /catalyst/api/save-state').toBeTruthy();
  const page = (await (await request.get(`/${SHARD_FOLDER}/${pageFile(head.pagesHash, title!.i)}`)).json()) as PageFile;
  const all = [...page.headings, ...page.paragraphs].map((doc) => doc.t).join('\n');
  expect(all).toContain('storeName string required Name of the state store');
  expect(all).toContain('key string required The key.');
  expect(all).not.toMatch(/stringrequired|keystring/);
});

test('the reference’s tabs switch, and a language chosen on one operation page is the one shown on the next', async ({ page }) => {
  await page.goto('/catalyst/api/save-state');
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  // Response codes: each tab shows its own response.
  await page.getByRole('tab', { name: '409', exact: true }).click();
  await expect(page.getByRole('tab', { name: '409', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({ hasText: 'The ETag you sent no longer matches' })).toBeVisible();
  await expect(page.getByText('Saved. There is no response body.')).toBeHidden();
  // SDK samples: the reader's language is stored and chosen again on the next page, after hydration.
  await page.getByRole('tab', { name: 'go', exact: true }).click();
  await page.goto('/catalyst/api/get-state');
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'go', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').filter({ hasText: 'dapr.NewClient()' })).toBeVisible();
});
