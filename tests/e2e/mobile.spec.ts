import { test, expect, type Page } from '@playwright/test';
import { askToSaveData, openPage, sampleGeneratedPages, sitemapPaths } from './helpers';
import { sections } from '../../src/sections';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('at 390 px the menu button opens the sections, then the page sidebar', async ({ page }) => {
  await openPage(page, '/catalyst/concepts/appids');
  // The desktop navbar links are collapsed away.
  await expect(page.locator('.navbar__items .navbar__link', { hasText: 'Conductor' })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const sidebar = page.locator('.navbar-sidebar');
  await expect(sidebar).toBeVisible();
  // Inside a docs section the secondary menu (the section's sidebar) opens first.
  await expect(sidebar.getByRole('link', { name: 'App IDs' }).first()).toBeVisible();
  await sidebar.getByRole('button', { name: /Back to main menu/ }).click();
  for (const section of sections) {
    await expect(sidebar.getByRole('link', { name: section.navLabel, exact: true }).filter({ visible: true })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: 'Conductor', exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/conductor\/$/);
  await expect(page.locator('.navbar-sidebar')).toBeHidden();
});

test('at 390 px the home page fits the screen without sideways scrolling', async ({ page }) => {
  await openPage(page, '/');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the navbar hides on scroll down and returns on scroll up', async ({ page }) => {
  await openPage(page, '/catalyst/concepts/appids');
  const navbar = page.locator('.navbar');
  // The theme compares each scroll position with the previous one, so scroll down in two steps.
  await page.evaluate(() => window.scrollTo(0, 600));
  await page.waitForTimeout(100);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(navbar).toHaveClass(/navbarHidden/);
  await page.evaluate(() => window.scrollTo(0, 1000));
  await expect(navbar).not.toHaveClass(/navbarHidden/);
});

/**
 * How far the page is wider than the screen: more than 0 means the whole page scrolls sideways. Measured against
 * the layout viewport (clientWidth): a phone zooms out to show wide content, so window.innerWidth grows with it.
 */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const OVERFLOW_SHARDS = 2;
for (let shard = 0; shard < OVERFLOW_SHARDS; shard++) {
  test(`at 390 px no page scrolls sideways (wide tables and code scroll inside themselves), shard ${shard + 1}/${OVERFLOW_SHARDS}`, async ({ page }) => {
    test.setTimeout(240_000);
    const all = await sitemapPaths(page.request);
    expect(all.length, 'sitemap entries').toBeGreaterThan(100);
    const paths = sampleGeneratedPages(all).filter((_, k) => k % OVERFLOW_SHARDS === shard);
    await askToSaveData(page);
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load' });
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) wide.push(`${path}: ${overflow} px wider than the screen`);
    }
    expect(wide).toEqual([]);
  });
}

test.describe('at 1000 px, a small laptop window', () => {
  test.use({ viewport: { width: 1000, height: 800 }, isMobile: false, hasTouch: false });

  test('pages with wide tables fit: long code names in cells break instead', async ({ page }) => {
    // These tables were wider than the reading column at this width (code names such as dapr.io/… in cells).
    for (const path of ['/catalyst/catalyst-apis/pubsub', '/catalyst/catalyst-apis/workflow', '/catalyst/dapr-compatibility']) {
      await openPage(page, path);
      await expect(page.locator('.theme-doc-markdown table').first()).toBeVisible();
      expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });
});
