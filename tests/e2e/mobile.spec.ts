import { test, expect } from '@playwright/test';
import { openPage } from './helpers';
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
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
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
