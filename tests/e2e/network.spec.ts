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
