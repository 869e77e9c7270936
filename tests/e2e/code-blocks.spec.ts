// Code blocks are coloured in the server's HTML and keep that markup in the browser: Prism is fetched only for a
// block the browser renders itself (src/theme/CodeBlock, src/plugins/slim-prism), and token colours are CSS that
// follows the colour mode.
import { test, expect, type Page } from '@playwright/test';
import { themes, type PrismTheme } from 'prism-react-renderer';
import { accessiblePrismTheme } from '../../src/prismThemes';
import { chunkGroupScripts, openPage } from './helpers';

const GUIDE = '/catalyst/getting-started/first-api-call';

/** The colour a theme gives a token type, as the browser reports it (rgb(r, g, b)). */
function colourOf(theme: PrismTheme, type: string): string {
  const hex = theme.styles.filter((s) => s.types.includes(type) && s.style.color).at(-1)?.style.color;
  if (!hex) throw new Error(`the theme gives ${type} no colour`);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
const LIGHT = accessiblePrismTheme(themes.github);
const DARK = accessiblePrismTheme(themes.oceanicNext);

/** Counts Prism being run as a script (a prefetch hint, which downloads without running, is not counted). */
function countPrismRuns(page: Page): { runs: number } {
  // The lazy "prism" chunk group of src/theme/CodeBlock/Content/useTokenLines.browser.ts.
  const scripts = chunkGroupScripts('prism');
  const seen = { runs: 0 };
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && scripts.includes(new URL(request.url()).pathname)) seen.runs++;
  });
  return seen;
}

/** Marks every code line the server sent, before any script runs, so a test can tell whether React rebuilt them. */
async function markServerLines(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelectorAll('pre .token-line').forEach((line) => ((line as HTMLElement & { fromServer?: boolean }).fromServer = true));
    });
  });
}

const linesFromServer = (page: Page) =>
  page.evaluate(() => {
    const lines = Array.from(document.querySelectorAll('pre .token-line')) as (HTMLElement & { fromServer?: boolean })[];
    return { lines: lines.length, kept: lines.filter((line) => line.fromServer).length };
  });

test.describe('code blocks', () => {
  test.use({ colorScheme: 'light' });

  test('a guide opens with coloured code, keeps the server lines and never runs Prism', async ({ page }) => {
    const prism = countPrismRuns(page);
    await markServerLines(page);
    await openPage(page, GUIDE);
    // Code blocks inside tabs are rebuilt when the tabs remount after hydration; they must still find their lines.
    await page.waitForLoadState('networkidle');
    const { lines, kept } = await linesFromServer(page);
    expect(lines).toBeGreaterThan(50);
    expect(prism.runs, 'Prism scripts run on first load').toBe(0);
    // Blocks outside tabs keep their very nodes; a block in tabs gets the server's spans back (had any block found
    // none, it would have fetched Prism, which the count above rules out).
    expect(kept).toBeGreaterThan(0);
    await expect(page.locator('pre .token.function').first()).toHaveCSS('color', colourOf(DARK, 'function'));
  });

  test('switching the colour mode recolours code without rebuilding it', async ({ page }) => {
    await markServerLines(page);
    await openPage(page, GUIDE);
    const before = await linesFromServer(page);
    expect(before.kept, 'code lines the server sent still on the page').toBeGreaterThan(0);
    const word = page.locator('pre .token.function').first();
    await expect(word).toHaveCSS('color', colourOf(DARK, 'function'));
    // Dark → system; the OS here prefers light.
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(word).toHaveCSS('color', colourOf(LIGHT, 'function'));
    expect(await linesFromServer(page)).toEqual(before);
  });

  test('a token nested in another takes the colour of its innermost type, as Prism themes define', async ({ page }) => {
    await openPage(page, GUIDE);
    // Bash: a quoted string inside a command substitution inside a string is `token string variable string`.
    const nested = page.locator('pre .token.string.variable[class$=" string"]').first();
    await expect(nested).toHaveCSS('color', colourOf(DARK, 'string'));
    expect(colourOf(DARK, 'string')).not.toBe(colourOf(DARK, 'variable'));
  });

  test('a page reached by a link colours its code with Prism fetched then', async ({ page }) => {
    const prism = countPrismRuns(page);
    await openPage(page, '/catalyst/');
    expect(await page.locator('pre').count()).toBe(0);
    await page.locator(`nav a[href="${GUIDE}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${GUIDE}$`));
    await expect(page.locator('pre .token.function').first()).toHaveCSS('color', colourOf(DARK, 'function'));
    expect(prism.runs, 'Prism scripts run after the link').toBeGreaterThan(0);
  });
});
