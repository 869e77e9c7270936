import { test, expect } from '@playwright/test';
import { openPage } from './helpers';
import { sections } from '../../src/sections';

test('the skip link is the first stop of the keyboard and moves focus to the main content', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  const focusedInMain = await page.evaluate(() => {
    const active = document.activeElement;
    return !!active && (active.tagName === 'MAIN' || !!active.closest('main'));
  });
  expect(focusedInMain).toBe(true);
  // The next Tab continues inside the page content, not back at the navbar.
  await page.keyboard.press('Tab');
  const inNavbar = await page.evaluate(() => !!document.activeElement?.closest('.navbar'));
  expect(inNavbar).toBe(false);
});

test("a docs page's own words come before its section's navigation, which is still drawn on its left", async ({ page }) => {
  // Agents converting the HTML, screen readers reading on and keyboard readers past the navbar meet the page's text
  // first; on a CLI or component page the sidebar's links were more than half of the page before it.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ['/conductor/references/cli-reference/user/list', '/catalyst/references/components-reference/secretstores/', '/catalyst/api/get-state']) {
    await openPage(page, path);
    const layout = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const sidebar = document.querySelector('aside.theme-doc-sidebar-container')!;
      return {
        mainFirst: Boolean(main.compareDocumentPosition(sidebar) & Node.DOCUMENT_POSITION_FOLLOWING),
        sidebarRight: sidebar.getBoundingClientRect().right,
        mainLeft: main.getBoundingClientRect().left,
      };
    });
    expect(layout.mainFirst, `${path}: <main> before the sidebar in the document`).toBe(true);
    expect(layout.sidebarRight, `${path}: the sidebar drawn left of <main>`).toBeLessThanOrEqual(layout.mainLeft + 1);
  }
});

test('the navbar links to the four sections and each opens its landing page', async ({ page }) => {
  await openPage(page, '/');
  const navbar = page.locator('.navbar');
  for (const section of sections) {
    const link = navbar.getByRole('link', { name: section.navLabel, exact: true });
    await expect(link).toHaveAttribute('href', `/${section.routeBasePath}/`);
  }
  await navbar.getByRole('link', { name: 'Conductor', exact: true }).click();
  await expect(page).toHaveURL(/\/conductor\/$/);
  await expect(page.locator('article h1')).toBeVisible();
});

test('the footer carries four social networks and a copyright line', async ({ page }) => {
  await openPage(page, '/');
  const footer = page.locator('footer');
  for (const name of ['GitHub', 'LinkedIn', 'X', 'YouTube']) {
    await expect(footer.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer).toContainText(/Copyright © \d{4}/);
});

test('the announcement bar can be dismissed and stays dismissed after a reload', async ({ page }) => {
  await openPage(page, '/catalyst/');
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: /close/i }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await expect(page.locator('.theme-announcement-bar')).toBeHidden();
});

test('a new announcement id brings the bar back', async ({ page }) => {
  await page.addInitScript(() => {
    // A reader who dismissed an older announcement.
    localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
  });
  await openPage(page, '/conductor/');
  await expect(page.locator('.theme-announcement-bar')).toBeVisible();
});

test('the home page leaves out the announcement, which its hero\'s first button already makes', async ({ page }) => {
  await openPage(page, '/catalyst/');
  const announced = await page.locator('.theme-announcement-bar a').getAttribute('href');
  expect(announced).toBeTruthy();
  await openPage(page, '/');
  await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  await expect(page.locator('main a').first()).toHaveAttribute('href', announced!);
  // And back again once the reader leaves the home page in the app.
  await page.locator('.navbar').getByRole('link', { name: 'Conductor', exact: true }).click();
  await expect(page.locator('.theme-announcement-bar')).toBeVisible();
});

test('the site\'s name in the navbar is one link named once, its logo drawn beside it', async ({ page }) => {
  await openPage(page, '/catalyst/');
  const brand = page.locator('.navbar .navbar__brand').first();
  await expect(brand).toHaveAccessibleName('Diagrid Docs');
  await expect(brand.locator('img')).toHaveCount(0);
  const logo = await brand.evaluate((link) => {
    const before = getComputedStyle(link, '::before');
    return { content: before.content, background: before.backgroundColor, width: before.width, height: before.height };
  });
  // A letter on the brand's blue, with empty alternative text: it adds nothing to the link's name (checked above).
  expect(logo.content).toBe('"D" / ""');
  expect(logo.background).toBe('rgb(29, 95, 209)');
  expect(logo).toMatchObject({ width: '32px', height: '32px' });
});

test('an unknown path shows the not-found page with search and the sections', async ({ page }) => {
  const response = await page.goto('/no/such/page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('search').getByRole('searchbox')).toBeVisible();
  for (const section of sections) {
    await expect(page.locator('main').getByRole('link', { name: section.label, exact: true })).toBeVisible();
  }
  await page.getByRole('search').getByRole('searchbox').fill('state');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=state/);
});

for (const suffix of ['.html', '/index.html']) {
  test(`a path ending in ${suffix} lands on the bare path`, async ({ page }) => {
    await page.goto(`/catalyst/concepts/appids${suffix}`);
    await expect(page).toHaveURL(/\/catalyst\/concepts\/appids$/);
    await expect(page.locator('article h1')).toHaveText('App IDs');
  });
}

test('page titles read "Page title | Site title", and the home page is the site title alone', async ({ page }) => {
  await openPage(page, '/catalyst/concepts/appids');
  await expect(page).toHaveTitle('App IDs | Diagrid Docs');
  await openPage(page, '/');
  await expect(page).toHaveTitle('Diagrid Docs');
});

test('every page carries a meta description', async ({ page }) => {
  for (const path of ['/', '/catalyst/', '/conductor/', '/search', '/catalyst/api/save-state', '/no/such/page']) {
    await page.goto(path);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length, path).toBeGreaterThan(20);
  }
});

// The docs' global data keeps one entry per section for this (src/plugins/docs-lean-version-props).
test('the navbar marks the section of the page being read, at any depth, and none elsewhere', async ({ page }) => {
  const cases: [string, string][] = [
    ['/catalyst/', 'Catalyst'],
    ['/catalyst/api/save-state', 'Catalyst'],
    ['/catalyst/references/components-reference/bindings/kafka', 'Catalyst'],
    ['/conductor/faq', 'Conductor'],
    ['/enterprise-dapr/', 'Enterprise Dapr'],
    ['/workflow-composer/', 'Workflow Composer'],
    ['/', ''],
    ['/search', ''],
  ];
  for (const [path, section] of cases) {
    await openPage(page, path);
    const active = await page.locator('.navbar .navbar__link--active').allTextContents();
    expect(active.join(','), path).toBe(section);
  }
});
