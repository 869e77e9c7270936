import { expect, test, type Page } from '@playwright/test';
import { collectPageErrors, openPage } from './helpers';

// A page loads the sidebar it shows (src/plugins/docs-lean-version-props/sidebarBranches.ts, UPGRADING.md row
// plugin:docs-lean-version-props): the section's top level with every page, the items of the categories on its
// own branch with its route bucket, and a collapsed category's items when it is opened.

const GUIDE = '/catalyst/concepts/components';
const sidebar = (page: Page) => page.locator('nav[aria-label="Docs sidebar"]');

/** Console errors: React reports a page that does not hydrate to its server-rendered HTML there. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test("a guide's first-load scripts carry its own branch of the sidebar, not the items of the section's other categories", async ({ request }) => {
  const html = await (await request.get(GUIDE)).text();
  const scripts = await Promise.all(
    [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map(async (m) => (await request.get(m[1])).text()),
  );
  const named = (pattern: RegExp) => new Set(scripts.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[0])));
  // The References category lists every CLI and component page (over 200); its items are not on this page's first
  // load (the guide's own text links to a few of them).
  expect(named(/"\/catalyst\/references\/[^"#]+"/g).size, 'reference pages named by the scripts').toBeLessThan(20);
  // The guide's own category (Concepts) and the section's top level are.
  expect(named(/"\/catalyst\/concepts\/[^"#]+"/g)).toContain('"/catalyst/concepts/appids"');
  expect(html).toContain('>References<');
});

test('a collapsed category of another bucket opens with its items, on a click and from the keyboard, and closes', async ({ page }) => {
  const errors = consoleErrors(page);
  const pageErrors = collectPageErrors(page);
  await openPage(page, GUIDE);
  const references = sidebar(page).getByRole('button', { name: 'References', exact: true });
  const apiReference = sidebar(page).getByRole('link', { name: 'API reference', exact: true });
  await expect(references).toHaveAttribute('aria-expanded', 'false');
  await expect(apiReference).toHaveCount(0);
  await references.click();
  await expect(references).toHaveAttribute('aria-expanded', 'true');
  await expect(apiReference).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'CLI reference', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('status')).toHaveCount(0);
  await references.click();
  await expect(apiReference).toBeHidden();

  await page.reload();
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await references.focus();
  await page.keyboard.press('Enter');
  await expect(apiReference).toBeVisible();
  // The guide's own branch is open, its page marked.
  await expect(sidebar(page).locator('a[aria-current="page"]')).toHaveAttribute('href', GUIDE);
  expect(errors).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('a page of another bucket, opened from the sidebar, shows its branch open and marked, with breadcrumbs; back returns', async ({ page }) => {
  const errors = consoleErrors(page);
  await openPage(page, GUIDE);
  await sidebar(page).getByRole('button', { name: 'References', exact: true }).click();
  await sidebar(page).getByRole('link', { name: 'CLI reference', exact: true }).click();
  await expect(page).toHaveURL(/\/catalyst\/references\/cli-reference/);
  const current = sidebar(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(page.locator('nav.theme-doc-breadcrumbs')).toContainText('References');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
  await expect(current).toHaveAttribute('href', GUIDE);
  // Loaded straight, a reference page hydrates with its branch open.
  await openPage(page, '/catalyst/references/cli-reference');
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
  await expect(current).toHaveCount(1);
  await expect(sidebar(page).getByRole('button', { name: 'References', exact: true })).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test("on a phone the menu's sidebar panel opens a category of another bucket", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openPage(page, GUIDE);
  await page.getByRole('button', { name: /toggle navigation bar/i }).click();
  const panel = page.locator('.navbar-sidebar');
  await expect(panel.getByRole('link', { name: 'App IDs' }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'References', exact: true }).click();
  await expect(panel.getByRole('link', { name: 'API reference', exact: true })).toBeVisible();
});
