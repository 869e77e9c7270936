import { test, expect, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openPage } from './helpers';

// A stand-in for a local Dapr sidecar (the spec's second server, http://localhost:3500): it records what the
// API explorer sends and answers with CORS headers, like a sidecar started with --allowed-origins.
type Received = { method: string; path: string; token: string | undefined; body: string };
const received: Received[] = [];
let server: http.Server;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        token: req.headers['dapr-api-token'] as string | undefined,
        body,
      });
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"orderId":"order-1","qty":2}');
      } else {
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(3500, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(3500);
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const panel = (page: Page) => page.locator('.openapi-right-panel__container');

/** Opens a collapsible section of the explorer (Base URL, Auth, …) unless it is open already. */
async function expand(page: Page, summary: string): Promise<void> {
  const details = panel(page).locator('details').filter({ has: page.locator(`summary:text-is("${summary}")`) });
  if ((await details.first().getAttribute('open')) === null) {
    await details.first().locator('summary').first().click();
  }
}

/** Loads the request explorer the way a reader does: with the button in the right column. */
async function openExplorer(page: Page): Promise<void> {
  await panel(page).getByRole('button', { name: 'Try it: send a request' }).click();
  await expect(panel(page).getByRole('button', { name: 'Send API Request' })).toBeVisible();
}

async function useLocalSidecar(page: Page, token: string): Promise<void> {
  await openExplorer(page);
  await expand(page, 'Base URL');
  // The Edit button of the server box appears on hover or focus.
  const serverBox = panel(page).locator('details').filter({ has: page.locator('summary:text-is("Base URL")') });
  await serverBox.hover();
  await serverBox.locator('button:text-is("Edit")').click();
  // The project server's variable is filled in the same box before switching to the local sidecar.
  await expect(serverBox.getByPlaceholder('123456')).toBeVisible();
  await panel(page).locator('select').first().selectOption({ label: 'http://localhost:3500' });
  await expand(page, 'Auth');
  await panel(page).getByPlaceholder('daprApiToken').fill(token);
}

async function send(page: Page): Promise<Received> {
  const before = received.length;
  await panel(page).getByRole('button', { name: 'Send API Request' }).click();
  await expect.poll(() => received.length).toBeGreaterThan(before);
  return received[received.length - 1];
}

test('save-state sends the example body with the token to the chosen server', async ({ page }) => {
  await openPage(page, '/catalyst/api/save-state');
  await useLocalSidecar(page, 'reader-token-123');
  await panel(page).locator('input[name="storeName"]').fill('kvstore');
  const request = await send(page);
  expect(request.method).toBe('POST');
  const url = new URL(request.path, 'http://sidecar');
  expect(url.pathname).toBe('/v1.0/state/kvstore');
  // Optional query parameters the reader left alone stay out of the request (no pre-filled TTL or content type).
  expect([...url.searchParams.keys()]).toEqual([]);
  expect(request.token).toBe('reader-token-123');
  const body = JSON.parse(request.body);
  expect(Array.isArray(body)).toBe(true);
  expect(body[0]).toMatchObject({ key: 'order-1', value: { orderId: 'order-1', qty: 2 } });
  await expect(panel(page)).toContainText('204');

  // The token lives for this tab only: sessionStorage, never localStorage.
  const local = await page.evaluate(() => JSON.stringify(localStorage));
  const session = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(local).not.toContain('reader-token-123');
  expect(session).toContain('reader-token-123');
});

test('get-state sends a GET for the key and shows the response body', async ({ page }) => {
  await openPage(page, '/catalyst/api/get-state');
  await useLocalSidecar(page, 'reader-token-456');
  await panel(page).locator('input[name="storeName"]').fill('kvstore');
  await panel(page).locator('input[name="key"]').fill('order-1');
  const request = await send(page);
  expect(request.method).toBe('GET');
  expect(new URL(request.path, 'http://sidecar').pathname).toBe('/v1.0/state/kvstore/order-1');
  expect(request.token).toBe('reader-token-456');
  await expect(panel(page)).toContainText('"orderId"');
  await expect(panel(page)).toContainText('200');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('reader-token-456');
});

test('every SDK language tab on save-state shows a sample that calls the SDK', async ({ page }) => {
  const expectations: [string, RegExp][] = [
    ['python', /save_state/],
    ['java', /saveState/],
    ['csharp', /SaveStateAsync/],
    ['nodejs', /state\.save/],
    ['go', /SaveState/],
  ];
  // The SDK samples are in the page's HTML, before any script runs or the explorer is opened.
  const html = await (await page.request.get('/catalyst/api/save-state')).text();
  const htmlText = html.replace(/<[^>]+>/g, '');
  for (const [, call] of expectations) expect(htmlText).toMatch(call);

  await openPage(page, '/catalyst/api/save-state');
  const visibleSample = () => panel(page).locator('pre[class*="language-"]').filter({ visible: true }).first();
  for (const [tab, call] of expectations) {
    await panel(page).getByRole('tab', { name: tab, exact: true }).click();
    await expect(visibleSample()).toContainText(call);
  }

  // The explorer adds the curl command for the request as filled in.
  await openExplorer(page);
  await panel(page).getByRole('tab', { name: 'curl', exact: true }).click();
  await expect(visibleSample()).toContainText("curl -L 'https://http-prj123456.api.cloud.diagrid.io/v1.0/state/");
  await expect(visibleSample()).toContainText("-H 'dapr-api-token: ");
  for (const [tab, call] of expectations) {
    await panel(page).getByRole('tab', { name: tab, exact: true }).click();
    await expect(visibleSample()).toContainText(call);
  }
});
