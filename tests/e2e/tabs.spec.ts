import { test, expect } from '@playwright/test';
import { openPage } from './helpers';

test('choosing Go in one tab group switches every group on the page and follows the reader', async ({ page }) => {
  await openPage(page, '/catalyst/quickstarts/state');
  const groups = page.locator('article [role="tablist"]');
  const groupCount = await groups.count();
  expect(groupCount).toBeGreaterThan(1);
  // Python is the first tab, so it is selected before the reader chooses.
  await expect(groups.first().getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');

  await groups.nth(1).getByRole('tab', { name: 'Go' }).click();
  for (let i = 0; i < groupCount; i++) {
    await expect(groups.nth(i).getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
  }
  await expect(page.locator('article [role="tabpanel"]:not([hidden]) code').first()).toBeVisible();

  // The next quickstart opens with Go already chosen.
  await page.getByRole('link', { name: /pub\/sub quickstart|Next.*Pub/i }).first().click();
  await expect(page).toHaveURL(/\/catalyst\/quickstarts\/pubsub/);
  const nextGroups = page.locator('article [role="tablist"]');
  await expect(nextGroups.first().getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
  const nextCount = await nextGroups.count();
  for (let i = 0; i < nextCount; i++) {
    await expect(nextGroups.nth(i).getByRole('tab', { name: 'Go' })).toHaveAttribute('aria-selected', 'true');
  }
});
