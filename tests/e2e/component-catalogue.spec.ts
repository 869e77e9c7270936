import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, type Page } from '@playwright/test';
import { collectPageErrors, openPage } from './helpers';
import { applyCodeFacts, type CatalogEntry, type Descriptions } from '../../scripts/gen-components-docs';

// The components catalogue on the reference's index: the full table without JavaScript, each filter against counts
// worked out here from components/catalog.json with descriptions.yaml's codeFacts applied, the URL round trip, text search, the empty state, keyboard use and
// axe in both colour modes.

const URL = '/catalyst/references/components-reference/';
const root = path.join(__dirname, '..', '..');
const descriptions = yaml.load(readFileSync(path.join(root, 'components', 'descriptions.yaml'), 'utf8')) as Descriptions;
// The catalogue shows what the code does where upstream's metadata.yaml disagrees, as the generator does.
const catalog = applyCodeFacts(JSON.parse(readFileSync(path.join(root, 'components', 'catalog.json'), 'utf8')) as CatalogEntry[], descriptions);

/** The latest version of each backend, as the catalogue shows it. */
const backends = [...new Map(catalog.map((e) => [e.component, e])).values()];
const features = (e: CatalogEntry) => [...(e.capabilities ?? []), ...(e.binding?.input ? ['input'] : []), ...(e.binding?.output ? ['output'] : [])];
const countWhere = (keep: (e: CatalogEntry) => boolean) => backends.filter(keep).length;

const table = (page: Page) => page.getByRole('table', { name: /Dapr components by type/ });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
// The page has other live regions (Copy page's confirmation), so the catalogue's is picked by what it says.
const announced = (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ backends?$/ });
/** The catalogue's own controls (the navbar has a search box too). */
const controls = (page: Page) => page.getByRole('search', { name: 'Filter backends' });
const control = (page: Page, label: string) => controls(page).getByLabel(label, { exact: true });

async function expectCount(page: Page, n: number) {
  await expect(bodyRows(page)).toHaveCount(n);
  await expect(announced(page)).toHaveText(`${n} ${n === 1 ? 'backend' : 'backends'}`);
}

test.describe('components catalogue without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('components: the built page holds every backend in a captioned table, each linking to its page', async ({ page }) => {
    await page.goto(URL);
    await expect(table(page)).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(backends.length);
    await expect(table(page).locator('thead th[scope="col"]')).toHaveCount(6);
    // No controls that could do nothing without scripts.
    await expect(page.getByRole('combobox')).toHaveCount(0);
    for (const e of [backends[0], backends[backends.length - 1]]) {
      const row = bodyRows(page).filter({ has: page.locator(`code:text-is("${e.component}")`) });
      await expect(row.getByRole('link')).toHaveAttribute('href', new RegExp(`/${e.type}/`));
    }
    // The table repeats the backend pages, so the search index skips it.
    await expect(page.locator('.search-skip table')).toHaveCount(1);
  });
});

test.describe('components catalogue filters', () => {
  test('components: each filter alone matches the catalog, and its option shows that count first', async ({ page }) => {
    await openPage(page, URL);
    await expectCount(page, backends.length);

    const type = control(page, 'Type');
    await expect(type.locator('option[value="state"]')).toHaveText(new RegExp(`\\(${countWhere((e) => e.type === 'state')}\\)$`));
    await type.selectOption('state');
    await expectCount(page, countWhere((e) => e.type === 'state'));
    await expect(page).toHaveURL(/\?type=state$/);
    await type.selectOption('');

    await control(page, 'Status').selectOption('beta');
    await expectCount(page, countWhere((e) => e.status === 'beta'));
    await control(page, 'Status').selectOption('');

    const azure = countWhere((e) => !!e.builtinAuthenticationProfiles?.some((b) => b.name === 'azuread'));
    await control(page, 'Authentication').selectOption('azuread');
    await expectCount(page, azure);
    await control(page, 'Authentication').selectOption('');

    const transactional = page.getByRole('checkbox', { name: /^Transactions/ });
    await expect(transactional).toHaveAccessibleName(`Transactions (${countWhere((e) => features(e).includes('transactional'))})`);
    await transactional.check();
    await expectCount(page, countWhere((e) => features(e).includes('transactional')));
    await transactional.uncheck();

    await page.getByRole('checkbox', { name: /^Input binding/ }).check();
    await expectCount(page, countWhere((e) => features(e).includes('input')));
    await page.getByRole('checkbox', { name: /^Input binding/ }).uncheck();

    await page.getByRole('checkbox', { name: /^Usable from hosted Catalyst/ }).check();
    await expectCount(page, backends.length - Object.keys(descriptions.hostedLimits).length);
  });

  test('components: filters combine, e.g. stable state stores with transactions that can hold workflows', async ({ page }) => {
    await openPage(page, `${URL}?type=state&status=stable&feature=transactional,actorStateStore`);
    const expected = countWhere((e) => e.type === 'state' && e.status === 'stable' && features(e).includes('transactional') && features(e).includes('actorStateStore'));
    expect(expected).toBeGreaterThan(0);
    await expectCount(page, expected);
    await expect(control(page, 'Type')).toHaveValue('state');
    await expect(page.getByRole('checkbox', { name: /^Transactions/ })).toBeChecked();

    await control(page, 'Authentication').selectOption('azuread');
    await control(page, 'Type').selectOption('pubsub');
    await page.getByRole('checkbox', { name: /^Transactions/ }).uncheck();
    await page.getByRole('checkbox', { name: /^Workflow\/actor store/ }).uncheck();
    await expectCount(page, countWhere((e) => e.type === 'pubsub' && e.status === 'stable' && !!e.builtinAuthenticationProfiles?.some((b) => b.name === 'azuread')));
  });

  test('components: the view lives in the URL, survives a reload and steps back with the browser', async ({ page }) => {
    const errors = collectPageErrors(page);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await openPage(page, URL);
    await control(page, 'Type').selectOption('pubsub');
    await expect(page).toHaveURL(/\?type=pubsub$/);
    await control(page, 'Status').selectOption('stable');
    await expect(page).toHaveURL(/\?type=pubsub&status=stable$/);
    const expected = countWhere((e) => e.type === 'pubsub' && e.status === 'stable');
    await expectCount(page, expected);
    const names = await bodyRows(page).locator('th').allTextContents();

    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(1);
    await expectCount(page, expected);
    expect(await bodyRows(page).locator('th').allTextContents()).toEqual(names);
    await expect(control(page, 'Status')).toHaveValue('stable');

    await page.goBack();
    await expect(page).toHaveURL(/\?type=pubsub$/);
    await expectCount(page, countWhere((e) => e.type === 'pubsub'));
    await page.goBack();
    await expectCount(page, backends.length);
    await page.goForward();
    await expectCount(page, countWhere((e) => e.type === 'pubsub'));
    // A shared link opens on the same view, without a hydration error from the server's full table.
    await openPage(page, `${URL}?type=pubsub&status=stable`);
    expect(await bodyRows(page).locator('th').allTextContents()).toEqual(names);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('components: text search matches the name, the type string and the description', async ({ page }) => {
    await openPage(page, URL);
    const search = controls(page).getByRole('searchbox', { name: 'Search' });
    await search.fill('cosmos');
    await expectCount(page, countWhere((e) => /cosmos/i.test(e.title) || e.component.includes('cosmos') || /cosmos/i.test(descriptions.components[e.component])));
    await expect(page).toHaveURL(/q=cosmos/);
    await search.fill('secretstores.local');
    await expectCount(page, countWhere((e) => e.component.startsWith('secretstores.local')));
    // A word only found in our descriptions.
    await search.fill('MariaDB');
    await expectCount(page, countWhere((e) => /mariadb/i.test(`${e.title} ${e.component} ${descriptions.components[e.component]}`)));
  });

  test('components: sorting by status puts stable first and can be reversed', async ({ page }) => {
    const status = page.getByRole('button', { name: /^Status/ });
    await openPage(page, `${URL}?type=secretstores`);
    await status.click();
    await expect(page.getByRole('columnheader', { name: /^Status/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=status/);
    const order = ['stable', 'beta', 'alpha'];
    const ranks = (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).map((s) => order.indexOf(s.trim()));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    await status.click();
    await expect(page.getByRole('columnheader', { name: /^Status/ })).toHaveAttribute('aria-sort', 'descending');
    const reversed = (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).map((s) => order.indexOf(s.trim()));
    expect(reversed).toEqual([...reversed].sort((a, b) => b - a));
  });

  test('components: no match shows the empty state, and one click resets every filter', async ({ page }) => {
    await openPage(page, `${URL}?type=lock&feature=input`);
    await expectCount(page, 0);
    await expect(page.getByText('No backends match.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all backends' }).click();
    await expectCount(page, backends.length);
    await expect(page).toHaveURL(new RegExp(`${URL}$`));
  });

  test('components: usable by keyboard alone', async ({ page }) => {
    await openPage(page, URL);
    await controls(page).getByRole('searchbox', { name: 'Search' }).focus();
    await page.keyboard.type('redis');
    const redis = countWhere((e) => /redis/i.test(`${e.title} ${e.component} ${descriptions.components[e.component]}`));
    await expectCount(page, redis);
    await page.keyboard.press('Tab');
    await expect(control(page, 'Type')).toBeFocused();
    // Tab past the selects to the first feature checkbox and tick it with the space bar.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: /^CRUD/ })).toBeFocused();
    await page.keyboard.press('Space');
    await expectCount(page, countWhere((e) => features(e).includes('crud') && /redis/i.test(`${e.title} ${e.component} ${descriptions.components[e.component]}`)));
    // The table's scroll box and the sort buttons are reachable too.
    await page.getByRole('button', { name: 'Reset filters' }).focus();
    await page.keyboard.press('Enter');
    await expectCount(page, backends.length);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('region', { name: /Dapr components by type/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^Backend/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: /^Backend/ })).toHaveAttribute('aria-sort', 'descending');
  });

  test('components: on a phone the table scrolls inside its box and the page does not overflow', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, URL);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = page.getByRole('region', { name: /Dapr components by type/ });
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });
});

for (const mode of ['dark', 'light'] as const) {
  test(`components catalogue: axe finds nothing serious in ${mode} mode, filtered and empty`, async ({ page }) => {
    await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    for (const url of [`${URL}?type=state&feature=etag`, `${URL}?type=lock&feature=input`]) {
      await openPage(page, url);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).include('.markdown').setLegacyMode().analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  });
}
