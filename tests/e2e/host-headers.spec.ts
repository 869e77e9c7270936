import { test, expect, type Page } from '@playwright/test';
import type { Server } from 'node:http';
import path from 'node:path';
import { startHostServer } from '../hostServer';
import { LLMS_LINK } from '../../src/hostHeaders';

// The host configuration (build/_headers, written by scripts/write-host-headers.ts) served as Netlify and
// Cloudflare Pages serve it (tests/hostServer.ts): pages of every type run under its Content-Security-Policy
// without one violation, and each kind of file gets its type, cache policy and the llms.txt Link header.

const BUILD = path.join(__dirname, '..', '..', 'build');
let server: Server;
let origin: string;

test.beforeAll(async () => {
  ({ server, origin } = await startHostServer(BUILD));
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

const PAGES = [
  '/',
  '/catalyst/concepts/appids',
  '/catalyst/quickstarts/state?lang=go',
  '/catalyst/api/save-state',
  '/catalyst/references/components-reference/',
  '/conductor/',
  '/search?q=state',
  '/no/such/page',
];

test('pages of every type run under the Content-Security-Policy with no violation, search and the API explorer included', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  for (const route of PAGES) {
    const response = await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy'], route).toContain("script-src 'self' 'sha256-");
    await expect(page.locator('html[data-has-hydrated="true"]'), route).toHaveCount(1);
  }
  // The search box loads its index in a worker; the API explorer's tabs and code samples load their own chunks.
  await page.goto(`${origin}/catalyst/`, { waitUntil: 'networkidle' });
  await page.locator('.navbar input.navbar__search-input').first().click();
  await page.locator('.navbar input.navbar__search-input').first().pressSequentially('save state');
  await expect(page.locator('.navbar [role="listbox"]').getByRole('option').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('each kind of file gets its type, cache policy, security headers and the llms.txt Link header', async ({ request }) => {
  const html = await request.get(`${origin}/catalyst/concepts/appids`);
  expect(html.status()).toBe(200);
  const h = html.headers();
  expect(h['content-type']).toBe('text/html; charset=utf-8');
  expect(h['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(h['link']).toBe(LLMS_LINK);
  expect(h['content-security-policy']).toMatch(/default-src 'self'.*object-src 'none'.*frame-ancestors 'none'/);
  // A default build turns every third-party service off, and the policy names no host but the API endpoints.
  expect(h['content-security-policy']).not.toMatch(/googletagmanager|hotjar|hubspot|lfeeder|clearbit/);

  const script = /<script src="?(\/assets\/js\/main\.[^"\s>]+\.js)/.exec(await html.text())?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(`${origin}${script}`);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-type']).toBe('application/javascript');

  for (const [file, type] of [['/catalyst/concepts/appids.md', 'text/markdown; charset=utf-8'], ['/llms.txt', 'text/plain; charset=utf-8'], ['/catalyst/llms-full.txt', 'text/plain; charset=utf-8']]) {
    const response = await request.get(`${origin}${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-type'], file).toBe(type);
    expect(response.headers()['cache-control'], file).toBe('public, max-age=300, must-revalidate');
    expect(response.headers()['link'], file).toBe(LLMS_LINK);
  }
  const missing = await request.get(`${origin}/no/such/page`);
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBeTruthy();
});
