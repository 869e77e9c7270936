import { test, expect, type Page } from '@playwright/test';
import { openPage } from './helpers';

const theme = (page: Page) => page.locator('html').getAttribute('data-theme');
const choice = (page: Page) => page.locator('html').getAttribute('data-theme-choice');
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const toggle = (page: Page) => page.getByRole('button', { name: /Switch between dark and light mode/ });

test.describe('colour mode', () => {
  // The reader's OS prefers light: the site must still open dark.
  test.use({ colorScheme: 'light' });

  test('is dark on a first visit whatever the OS prefers', async ({ page }) => {
    await openPage(page, '/');
    expect(await theme(page)).toBe('dark');
    expect(await stored(page)).toBeNull();
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(13, 17, 23)');
  });

  test('the toggle cycles light, dark, system and the choice is kept in localStorage', async ({ page }) => {
    await openPage(page, '/');
    await expect(toggle(page)).toHaveAccessibleName(/currently dark mode/);

    await toggle(page).click(); // dark → system (the OS here prefers light)
    await expect(toggle(page)).toHaveAccessibleName(/currently system mode/);
    expect(await theme(page)).toBe('light');
    expect(await choice(page)).toBe('system');
    expect(await stored(page)).toBe('system');

    await toggle(page).click(); // system → light
    await expect(toggle(page)).toHaveAccessibleName(/currently light mode/);
    expect(await theme(page)).toBe('light');
    expect(await stored(page)).toBe('light');

    await toggle(page).click(); // light → dark
    await expect(toggle(page)).toHaveAccessibleName(/currently dark mode/);
    expect(await theme(page)).toBe('dark');
    expect(await stored(page)).toBe('dark');
  });

  test('a light choice survives a reload and navigation', async ({ page }) => {
    await openPage(page, '/');
    await toggle(page).click();
    await toggle(page).click();
    expect(await stored(page)).toBe('light');
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    expect(await theme(page)).toBe('light');
    await expect(toggle(page)).toHaveAccessibleName(/currently light mode/);
    await openPage(page, '/catalyst/');
    expect(await theme(page)).toBe('light');
  });

  test('a system choice survives a reload and follows the OS', async ({ page }) => {
    await openPage(page, '/');
    await toggle(page).click();
    expect(await stored(page)).toBe('system');
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    expect(await theme(page)).toBe('light');
    await expect(toggle(page)).toHaveAccessibleName(/currently system mode/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
  });
});
