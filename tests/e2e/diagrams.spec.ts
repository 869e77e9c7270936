import { test, expect, type Page } from '@playwright/test';
import { openPage } from './helpers';

// Mermaid fences are rendered to SVG at build time: the page carries a light and a dark copy, shows the one
// matching the colour mode, and never loads a diagram renderer.
const SEQUENCE_PAGE = '/catalyst/concepts/appids';
const FLOWCHART_PAGE = '/conductor/';
const toggle = (page: Page) => page.getByRole('button', { name: /Switch between dark and light mode/ });
const visibleDiagram = (page: Page) => page.locator('.diagram svg:visible');

/** Opens a page with the theme preset in localStorage, as a returning reader would. */
async function openIn(page: Page, path: string, mode: 'light' | 'dark') {
  await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
  await openPage(page, path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

test.describe('diagrams', () => {
  test.use({ colorScheme: 'light' });

  for (const mode of ['dark', 'light'] as const) {
    test(`show the ${mode} copy as a named image in ${mode} mode`, async ({ page }) => {
      await openIn(page, SEQUENCE_PAGE, mode);
      await expect(visibleDiagram(page)).toHaveCount(1);
      await expect(visibleDiagram(page)).toHaveClass(new RegExp(`diagram__${mode}`));
      const image = page.getByRole('img', { name: /^Sequence diagram: Your app, Catalyst project, Infrastructure/ });
      await expect(image).toHaveCount(1);
      await expect(image).toHaveAccessibleDescription(/Your app to Catalyst project: Dapr API call/);
      const box = await image.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(100);
    });
  }

  test('switch copy with the colour mode toggle', async ({ page }) => {
    await openIn(page, FLOWCHART_PAGE, 'dark');
    const shown = () => visibleDiagram(page).getAttribute('class');
    expect(await shown()).toContain('diagram__dark');
    // A light and a dark diagram must differ in colour, not only in class: compare the canvas behind the text.
    const fill = () => visibleDiagram(page).locator('.node rect, .node path').first().evaluate((el) => getComputedStyle(el).fill);
    const darkFill = await fill();
    await toggle(page).click(); // dark → system; the browser here prefers light
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await shown()).toContain('diagram__light');
    expect(await fill()).not.toBe(darkFill);
    await expect(page.getByRole('img', { name: /^Flowchart:/ })).toHaveCount(1);
  });

  test('are in the server HTML with their size, so nothing moves when the page loads', async ({ request }) => {
    const html = await (await request.get(SEQUENCE_PAGE)).text();
    const svgs = html.match(/<svg[^>]*class="?[^>]*diagram__(light|dark)[^>]*>/g) ?? [];
    expect(svgs).toHaveLength(2);
    for (const tag of svgs) expect(tag).toMatch(/viewBox="?[-\d.]+ [-\d.]+ [\d.]+ [\d.]+/);
    // Ids stay unique with both copies on the page.
    const ids = [...html.matchAll(/\sid="?([^\s">]+)/g)].map((m) => m[1]);
    expect(ids.length - new Set(ids).size).toBe(0);
  });

  test('load no diagram renderer, also after client-side navigation', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    });
    await openPage(page, '/catalyst/');
    await page.locator(`a[href="${SEQUENCE_PAGE}"]`).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${SEQUENCE_PAGE}$`));
    await expect(visibleDiagram(page)).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(2);
    // mermaidAPI is in every build of the Mermaid runtime and nowhere in ours.
    expect(scripts.filter((body) => body.includes('mermaidAPI'))).toEqual([]);
  });
});
