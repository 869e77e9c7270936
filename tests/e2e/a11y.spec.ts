import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SEARCH_MENU, askToSaveData, openSearchBox, requestsInFlight, sampleGeneratedPages, searchInput, settle, sitemapPaths, suggestions } from './helpers';

// Accessibility gate: axe-core over every page of the sitemap plus the search and not-found pages, in both
// colour modes. Any violation of impact "serious" or "critical" fails. Each page is loaded once, in dark mode, and
// checked; then the reader's choice of the system's mode, light, reaches it as from another tab, and it is checked again.
//
// What each mode needs checking differs. Axe's colour rules (contrast, links told apart from text by colour alone)
// read each text element's colours, size and weight, and nothing else of the page; so each shard notes the colour
// combinations it has checked, per mode, and runs the colour rules on a page only when it shows a combination not yet
// checked (an element over a background image always counts as new). Every other rule reads the markup, which the
// mode does not change, except where a page shows a different element per mode (the diagrams' two copies, say): those
// rules run on every page in dark mode, and again in light mode on a page whose shown elements differ. Checking every
// rule in both modes on every page, the gate's shards took 1,175 s of test time in CI on 26 Nov 2026.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
// Eight shards of about 22 pages: with five (about 36 pages each) a shard took 2.3-3.7 min of its 4-minute timeout
// in CI, and on a busy machine (27 Nov 2026) four of the five ran out of it.
const SHARDS = 8;
const MODES = ['dark', 'light'] as const;
/** Served with status 404: Docusaurus' not-found page. */
const NOT_FOUND = '/this/page/does-not-exist';

/** Every path of the sitemap (generated reference pages sampled, see helpers.ts) plus /search and the not-found page. */
async function pagesToCheck(request: APIRequestContext): Promise<string[]> {
  const paths = await sitemapPaths(request);
  expect(paths.length, 'sitemap entries').toBeGreaterThan(10);
  return sampleGeneratedPages([...paths, '/search', NOT_FOUND]);
}

/**
 * axe with this gate's rules. Legacy mode runs axe.run() in the page itself: the default runPartial/finishRun path
 * opens a blank page and injects axe twice per call, which doubled the time. The site has no cross-origin frames.
 */
const axe = (page: Page) => new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).setLegacyMode();

/**
 * Pages whose docs sidebar the gate checks: each section's landing page and each reference's index, which between
 * them show every sidebar, collapsed and with its longest lists open. Every other page's sidebar is the same markup
 * with another item active, so it is left out there: it was a fifth of axe's time on a page.
 */
const SIDEBAR_PAGES = /^\/[\w-]+\/$|-reference\/$|\/api\/catalyst-apis$/;

type Finding = { url: string; mode: string; id: string; impact: string; help: string; targets: string[] };

function describe(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.url} [${f.mode}] ${f.id} (${f.impact}): ${f.help}\n` +
        f.targets
          .slice(0, 8)
          .map((t) => `    ${t}`)
          .join('\n') +
        (f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''),
    )
    .join('\n');
}

/** Axe's rules that read colours: text contrast, and links told apart from the text around them. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const SIDEBAR = '.theme-doc-sidebar-container';

/** Marks the text elements whose colour combination the shard has not checked in this mode yet. */
const UNCHECKED = 'data-a11y-unchecked';

/**
 * axe-core itself, with the colour rules narrowed to the elements marked UNCHECKED (axe's own `configure`: a rule's
 * selector says which elements it looks at). The shard's page runs it as an init script, so every load has it before
 * the page's own scripts: sending its 500 KB over the protocol and evaluating it after each load took about 100 ms a
 * page; the init script costs about 10. The site never reads the `axe` global, so the page is the reader's.
 */
const AXE_SCRIPT = `${readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')}
axe.configure(${JSON.stringify({
  rules: [
    { id: 'color-contrast', selector: `[${UNCHECKED}]` },
    { id: 'link-in-text-block', selector: `a[href][${UNCHECKED}], [role=link][${UNCHECKED}]` },
  ],
})});`;

/** One axe run in the page: every rule of the gate's tags, or the colour rules alone. */
async function blockingViolations(page: Page, url: string, mode: string, rules: 'all' | 'colour'): Promise<Finding[]> {
  const violations = await page.evaluate(
    async ({ runOnly, exclude }) => {
      type Violation = { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] };
      const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } };
      const results = await axe.run({ include: [[':root']], exclude }, { runOnly, resultTypes: ['violations'] });
      return results.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
    },
    {
      runOnly: rules === 'all' ? { type: 'tag', values: TAGS } : { type: 'rule', values: COLOUR_RULES },
      exclude: SIDEBAR_PAGES.test(url) ? [] : [[SIDEBAR]],
    },
  );
  return violations.filter((v) => BLOCKING.has(v.impact)).map((v) => ({ url, mode, ...v }));
}

/**
 * What the page shows, as the colour rules and the markup rules read it, in the current colour mode:
 * - `colours`: one entry per combination of colour, backgrounds, opacity, text shadow and size (large or not, as
 *   contrast reads it) of the text elements shown (and, for links, the colour and underline against the text around them). An element over a
 *   background image gets an entry of its own, so its page is always checked.
 * - `shown`: the elements rendered, by tag, id and the attributes the markup rules read, in document order (the
 *   diagrams' two copies differ by id).
 * Elements inside `skip` (the sidebar where the gate leaves it out) are not counted. Text elements whose combination
 * is not in `checked` get the attribute `mark`, so the colour rules can check just them.
 */
function pageAsShown({ skip, checked, mark }: { skip: string | null; checked: string[]; mark: string }): { colours: string[]; shown: string } {
  const transparent = (colour: string) => colour === 'transparent' || /^rgba\(.*,\s*0\)$/.test(colour);
  const opaque = (colour: string) => !transparent(colour) && !/^rgba\(/.test(colour);
  const backgrounds = new Map<Element, string>();
  /** The backgrounds behind an element, nearest first, down to the first opaque one; images by their position. */
  const behind = (element: Element | null): string => {
    if (!element) return 'canvas';
    const known = backgrounds.get(element);
    if (known !== undefined) return known;
    const style = getComputedStyle(element);
    const own = [style.backgroundImage !== 'none' ? `image@${Math.random()}` : '', transparent(style.backgroundColor) ? '' : style.backgroundColor, style.opacity === '1' ? '' : `opacity ${style.opacity}`, style.mixBlendMode === 'normal' ? '' : style.mixBlendMode]
      .filter(Boolean)
      .join(' ');
    // Elements that paint nothing of their own add nothing: the same text in a deeper <div> is the same combination.
    const under = opaque(style.backgroundColor) && style.opacity === '1' ? '' : behind(element.parentElement);
    const chain = [own, under].filter(Boolean).join(' / ');
    backgrounds.set(element, chain);
    return chain;
  };
  const colours = new Set<string>();
  const known = new Set(checked);
  for (const element of Array.from(document.querySelectorAll(`[${mark}]`))) element.removeAttribute(mark);
  /** Notes an element's combination, and marks the element for the colour rules when the combination is new. */
  const note = (element: Element, entry: string) => {
    colours.add(entry);
    if (!known.has(entry)) element.setAttribute(mark, '');
  };
  const shown: string[] = [];
  const excluded = skip ? document.querySelector(skip) : null;
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    if (excluded?.contains(element) || element.getClientRects().length === 0) continue;
    shown.push([element.tagName, element.id, element.getAttribute('role'), element.getAttribute('src'), element.getAttribute('alt'), element.getAttribute('href')].join(' '));
    const hasText =
      element.matches('input, textarea, select') || Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
    if (!hasText) continue;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible') continue;
    const colour = element instanceof SVGElement ? `${style.fill} ${style.stroke}` : style.color;
    // Contrast asks 3:1 of large text and 4.5:1 of the rest; size and weight matter only through that line (axe's).
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700) ? 'large' : 'normal';
    note(element, [colour, style.textShadow, large, behind(element)].join(' | '));
    if (element.tagName === 'A' && element.parentElement) {
      const around = getComputedStyle(element.parentElement);
      note(element, ['link', colour, style.textDecorationLine, around.color, behind(element)].join(' | '));
    }
  }
  return { colours: [...colours], shown: shown.join('\n') };
}

/**
 * Switches the page to light mode as a reader's choice reaches it: the system preference turns light, then the page
 * hears that the reader chose "system" in another tab (a `storage` event for the theme's key, which the theme
 * listens to). The page ends as its own toggle's first click leaves it (theme light, choice "system"; the toggle
 * itself is tested in color-mode.spec.ts), through the same `setColorMode`, without the click's actionability
 * checks: they were a third of the switch, about 200 ms a page.
 */
async function switchToLight(page: Page, url: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => {
    const oldValue = localStorage.getItem('theme');
    localStorage.setItem('theme', 'system');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue, newValue: 'system', storageArea: localStorage, url: location.href }));
  });
  await expect(page.locator('html'), url).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html'), url).toHaveAttribute('data-theme-choice', 'system');
  // Colours change through CSS transitions: axe must read them once they have settled.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

for (let shard = 0; shard < SHARDS; shard++) {
  test(`axe finds nothing serious in dark or light mode, shard ${shard + 1}/${SHARDS}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const all = await pagesToCheck(request);
    const mine = all.filter((_, i) => i % SHARDS === shard);
    // The theme reads its choice from localStorage `theme` (no namespace) before first paint: every load starts dark.
    await page.addInitScript(() => {
      try {
        window.localStorage.setItem('theme', 'dark');
      } catch {
        // Storage is always available in these tests.
      }
    });
    await askToSaveData(page);
    await page.addInitScript({ content: AXE_SCRIPT });
    // Transitions take no time, so the colours axe reads in light mode are there as soon as the mode switches:
    // the wait for them below was a fifth of the switch. Only the site's motion changes under this setting (Infima's
    // transition times, the section cards' hover), never a colour, size or element.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const inFlight = requestsInFlight(page);

    const findings: Finding[] = [];
    const checked: Record<(typeof MODES)[number], Set<string>> = { dark: new Set(), light: new Set() };
    const runs = { all: 0, colour: 0 };
    /**
     * Checks the page in one mode: every rule when `everything`, else the colour rules alone when the page shows a
     * colour combination this shard has not checked in this mode; the colour rules look only at those elements.
     */
    const check = async (url: string, mode: (typeof MODES)[number], shown: { colours: string[] }, everything: boolean) => {
      const unchecked = shown.colours.filter((entry) => !checked[mode].has(entry));
      if (!everything && !unchecked.length) return;
      runs[everything ? 'all' : 'colour']++;
      findings.push(...(await blockingViolations(page, url, mode, everything ? 'all' : 'colour')));
      for (const entry of unchecked) checked[mode].add(entry);
    };
    for (const url of mine) {
      await page.emulateMedia({ colorScheme: 'dark' });
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status(), url).toBe(url === NOT_FOUND ? 404 : 200);
      await settle(page, inFlight);
      await expect(page.locator('html'), url).toHaveAttribute('data-theme', 'dark');
      await page.evaluate(() => document.fonts.ready);
      const skip = SIDEBAR_PAGES.test(url) ? null : SIDEBAR;
      const dark = await page.evaluate(pageAsShown, { skip, checked: [...checked.dark], mark: UNCHECKED });
      await check(url, 'dark', dark, true);
      await switchToLight(page, url);
      const light = await page.evaluate(pageAsShown, { skip, checked: [...checked.light], mark: UNCHECKED });
      // The markup rules again only where light mode shows other elements (a diagram's light copy, say).
      await check(url, 'light', light, light.shown !== dark.shown);
    }
    console.log(`a11y shard ${shard + 1}: ${mine.length} pages, ${runs.all} runs of every rule, ${runs.colour} of the colour rules alone`);
    expect(findings, `serious or critical axe violations:\n${describe(findings)}`).toEqual([]);
  });
}

for (const mode of MODES) {
  test(`the search bar's open result list, highlighted row included, passes axe in ${mode} mode`, async ({ page }) => {
    // The list exists only while a reader searches, so the page scans above never see it.
    await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    await openSearchBox(page, '/catalyst/');
    await searchInput(page).pressSequentially('save state');
    const rows = suggestions(page);
    await expect(rows.nth(2)).toBeVisible();
    // Each keystroke redraws the list (and puts the highlight back on its first row): wait until the last one's list
    // has stopped changing before moving the highlight.
    await expect
      .poll(async () => {
        const before = (await rows.allTextContents()).join('|');
        await page.waitForTimeout(300);
        return before === (await rows.allTextContents()).join('|');
      })
      .toBe(true);
    // The first row is highlighted as the list opens; move the highlight onto a section row (tree icon, path).
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    // The whole dropdown: the listbox, the "No results" message's place and the link to all results.
    const results = await axe(page).include(SEARCH_MENU).analyze();
    const findings = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    expect(findings, 'axe violations in the search result list').toEqual([]);
  });
}

/**
 * What pa11y (axe best-practice rules and HTML_CodeSniffer) found in the 2026-11-25 audit, which the gate above does
 * not cover: its tags leave out best-practice rules, and it fails on serious and critical impact only.
 */
const PA11Y_RULES = ['duplicate-id', 'duplicate-id-aria', 'landmark-one-main', 'landmark-no-duplicate-banner', 'landmark-unique', 'landmark-banner-is-top-level', 'region', 'select-name'];
const PA11Y_PAGES = ['/', '/search?q=state', '/catalyst/api/catalyst-apis', '/catalyst/references/components-reference/', '/catalyst/concepts/appids', NOT_FOUND];

test("pa11y's findings stay fixed: one main and one banner landmark, content inside landmarks, unique ids, no form without a submit button", async ({ page }) => {
  test.setTimeout(90_000);
  const findings: string[] = [];
  for (const url of PA11Y_PAGES) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect(page.locator('html[data-has-hydrated="true"]'), url).toHaveCount(1);
    const results = await new AxeBuilder({ page }).withRules(PA11Y_RULES).options({ resultTypes: ['violations'] }).setLegacyMode().analyze();
    for (const v of results.violations) findings.push(`${url} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    // HTML_CodeSniffer H32.2: a form needs a submit button (or it is not a form).
    const formsWithoutSubmit = await page.locator('form:not(:has(button:not([type="button"]):not([type="reset"]), input[type="submit"], input[type="image"]))').count();
    if (formsWithoutSubmit) findings.push(`${url} H32.2: ${formsWithoutSubmit} form(s) without a submit button`);
  }
  expect(findings, 'pa11y findings').toEqual([]);
});

test('no built page repeats an id (HTML_CodeSniffer F77, Nu HTML Checker)', () => {
  const build = path.join(__dirname, '..', '..', 'build');
  const pages = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : []));
  })(build);
  expect(pages.length).toBeGreaterThan(300);
  const repeated: string[] = [];
  for (const file of pages) {
    // Script bodies may hold markup-like strings; ids are read from the markup alone.
    const html = readFileSync(file, 'utf8').replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1');
    const seen = new Set<string>();
    for (const [, , id] of html.matchAll(/<[a-zA-Z][^<>]*?\sid=("|')?([^"'\s>]+)\1?/g)) {
      if (seen.has(id)) repeated.push(`${path.relative(build, file)}: ${id}`);
      seen.add(id);
    }
  }
  expect([...new Set(repeated)], 'ids used twice in one page').toEqual([]);
});
