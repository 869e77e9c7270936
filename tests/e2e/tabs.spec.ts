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

/**
 * Each tab's link to its panel as the browser has it: the tab's `aria-controls` names a `role=tabpanel` whose
 * `aria-labelledby` names the tab back. Returns one line per tab that is not so linked.
 */
const unlinkedTabs = (page: import('@playwright/test').Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="tab"]')).flatMap((tab) => {
      const panel = tab.getAttribute('aria-controls') && document.getElementById(tab.getAttribute('aria-controls')!);
      const selected = tab.getAttribute('aria-selected') === 'true';
      const linked = panel && panel.getAttribute('role') === 'tabpanel' && panel.getAttribute('aria-labelledby') === tab.id && !!tab.id;
      return linked || (!selected && !tab.hasAttribute('aria-controls')) ? [] : [`${tab.textContent} (aria-controls=${tab.getAttribute('aria-controls')})`];
    }),
  );

for (const [kind, path] of [
  ['guide', '/catalyst/quickstarts/state'],
  ['API operation', '/catalyst/api/save-state'],
]) {
  test(`each tab of a ${kind} page names its panel and the panel its tab, before and after choosing another`, async ({ page }) => {
    await openPage(page, path);
    const tabs = page.locator('[role="tab"]');
    expect(await tabs.count()).toBeGreaterThan(2);
    expect(await unlinkedTabs(page)).toEqual([]);
    // Ids are page-unique across groups.
    const ids = await tabs.evaluateAll((all) => all.map((tab) => tab.id));
    expect(new Set(ids).size).toBe(ids.length);
    // Held by its id: a locator on aria-selected="false" would move to another tab once this one is chosen.
    const otherId = await page.locator('[role="tab"][aria-selected="false"]').first().getAttribute('id');
    const other = page.locator(`[id="${otherId}"]`);
    await other.click();
    await expect(other).toHaveAttribute('aria-selected', 'true');
    expect(await unlinkedTabs(page)).toEqual([]);
    await expect(page.locator(`[id="${await other.getAttribute('aria-controls')}"]`)).toBeVisible();
  });
}
