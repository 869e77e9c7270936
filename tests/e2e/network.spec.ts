import { test, expect } from '@playwright/test';
import { openPage, searchInput, suggestions } from './helpers';

test('a default build requests nothing from any host but its own', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') foreign.push(request.url());
  });
  for (const path of ['/', '/catalyst/', '/conductor/', '/catalyst/concepts/components', '/search?q=state']) {
    await openPage(page, path);
    await page.waitForLoadState('networkidle');
  }
  await searchInput(page).click();
  await searchInput(page).pressSequentially('workflow');
  await expect(suggestions(page).first()).toBeVisible();
  expect(foreign).toEqual([]);
  // No third-party script tag made it into the page either.
  expect(await page.locator('script[src^="http"]').count()).toBe(0);
});

// patches/@docusaurus+core: links in view prefetch their routes' chunks when the page is idle, each file once
// (the links of a section share most chunks; unpatched, a guide appended 157 prefetch links for 19 files).
test('links in view prefetch their pages’ chunks, each file once', async ({ page }) => {
  await openPage(page, '/catalyst/concepts/components');
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('link[rel="prefetch"]').count(), { message: 'prefetch links' }).toBeGreaterThan(5);
  const hrefs = await page.locator('link[rel="prefetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  const repeated = hrefs.filter((href, i) => hrefs.indexOf(href) !== i);
  expect(repeated, 'files prefetched more than once').toEqual([]);
});
