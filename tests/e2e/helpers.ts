import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so keyboard shortcuts and toggles respond. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
}

/** The navbar search input (its role turns from textbox to combobox once the index has loaded). */
export const searchInput = (page: Page) => page.locator('.navbar input.navbar__search-input').first();

/** The search dropdown and its suggestions as assistive technology sees them. */
export const searchMenu = (page: Page) => page.locator('.navbar [role="listbox"]').first();
export const suggestions = (page: Page) => searchMenu(page).getByRole('option');

/** Collects uncaught page errors for a test to assert on at the end. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}
