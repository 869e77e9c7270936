import { test, expect } from '@playwright/test';

test('the sitemap lists pages weekly at priority 0.5 and leaves out tag pages', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]);
  expect(urls.length).toBeGreaterThan(10);
  for (const entry of urls) {
    expect(entry).toContain('<changefreq>weekly</changefreq>');
    expect(entry).toContain('<priority>0.5</priority>');
    expect(entry).not.toMatch(/<loc>[^<]*\/tags(\/|<)/);
  }
  expect(xml).toMatch(/<loc>[^<]*\/catalyst\/<\/loc>/);
  expect(xml).not.toMatch(/<loc>[^<]*\/404\.html<\/loc>/);
});

test('pages in the sitemap are indexable and carry a description', async ({ page }) => {
  await page.goto('/catalyst/');
  expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(0);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
});
