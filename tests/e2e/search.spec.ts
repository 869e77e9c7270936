import { test, expect, type Page, type Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { chunkGroupScripts, openPage, openSearchBox, searchInput, searchListbox, searchMenu, suggestions, collectPageErrors } from './helpers';
import { runSearchQueries, type SearchQuery } from './search-runner';

test('Ctrl+K focuses the search box', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await expect(searchInput(page)).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(searchInput(page)).toBeFocused();
});

test('a query shows at most 8 pages and a link to all results within the section', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await searchInput(page).click();
  await searchInput(page).pressSequentially('state');
  await expect(suggestions(page).first()).toBeVisible();
  const [outcome] = (await runSearchQueries(page, [{ query: 'state', expect: '/catalyst/' }], { startPath: '/catalyst/', depth: 8 })).outcomes;
  expect(outcome.pages.length).toBeGreaterThan(0);
  expect(outcome.pages.length).toBeLessThanOrEqual(8);
  const within = page.getByRole('link', { name: 'See all results within Catalyst' });
  await expect(within).toHaveAttribute('href', /\/search\/?\?q=state&ctx=catalyst/);
});

test('a page is listed once, its matching sections grouped under it, with the words highlighted', async ({ page }) => {
  // "dev run" matches the title and several headings of the same CLI page; it used to fill three slots.
  const { outcomes } = await runSearchQueries(page, [{ query: 'dev run', expect: '/catalyst/references/cli-reference/dev/run' }], {
    startPath: '/catalyst/',
    depth: 8,
  });
  const [outcome] = outcomes;
  expect(outcome.pages).toEqual([...new Set(outcome.pages)]);
  expect(outcome.pages[0]).toBe('/catalyst/references/cli-reference/dev/run');
  expect(outcome.options, 'sections listed under their pages').toBeGreaterThan(outcome.pages.length);
  // The index stores no term positions; the client finds them again for the snippets it shows.
  await expect(searchMenu(page).locator('mark').first()).toBeVisible();
});

test('a topic query finds the page that explains it; a name finds its reference page', async ({ page }) => {
  const { outcomes } = await runSearchQueries(
    page,
    [
      { query: 'managed kv store', expect: '/catalyst/' },
      { query: 'managed pubsub broker', expect: '/catalyst/' },
      { query: 'kv create', expect: '/catalyst/references/cli-reference/kv/create' },
      { query: 'state.redis', expect: '/catalyst/references/components-reference/state/redis' },
    ],
    { startPath: '/catalyst/' },
  );
  const reference = /\/(references\/cli-reference|references\/components-reference|api)\//;
  for (const topic of outcomes.slice(0, 2)) expect(topic.top[0], topic.query).not.toMatch(reference);
  for (const name of outcomes.slice(2)) expect(name.top[0], name.query).toBe(name.expect);
});

/** Runs the queries from startPath and expects each one's page first in the list. */
async function expectFirstResults(page: Page, startPath: string, queries: SearchQuery[]) {
  const { outcomes } = await runSearchQueries(page, queries, { startPath });
  for (const outcome of outcomes) expect(outcome.top[0], outcome.query).toBe(outcome.expect);
}

test('a page that holds a longer query\'s words across its title, headings and text is found', async ({ page }) => {
  // Each word is looked up on its own and a page scores its best match for each, so the words need not share one
  // paragraph; function words ("what", "is", "no") count little, and a word found nowhere is read as a misspelling.
  await expectFirstResults(page, '/conductor/', [
    { query: 'air gapped cluster no docker hub', expect: '/conductor/how-to-guides/bring-your-own-images' },
    { query: 'what is conductor', expect: '/conductor/' },
    { query: 'grafana dashbaord for dapr', expect: '/conductor/how-to-guides/grafana-dashboard' },
  ]);
});

test('a word naming the sidebar category a page sits in counts towards finding it', async ({ page }) => {
  // "concept" and "getting started" are only in the breadcrumb (Concepts, Getting started), not in the pages' text.
  await expectFirstResults(page, '/catalyst/', [
    { query: 'components concept', expect: '/catalyst/concepts/components' },
    { query: 'getting started catalyst', expect: '/catalyst/getting-started/first-api-call' },
  ]);
});

test('a reader\'s word finds the page that uses another one (synonyms)', async ({ page }) => {
  const cases = [
    { startPath: '/catalyst/', query: 'add a teammate', expect: '/catalyst/organization/user-management' },
    { startPath: '/conductor/', query: 'firewall', expect: '/conductor/getting-started/cluster-prerequisites' },
    { startPath: '/catalyst/', query: 'call another app by app id', expect: '/catalyst/catalyst-apis/invocation' },
    { startPath: '/catalyst/', query: 'crud state example', expect: '/catalyst/quickstarts/state' },
  ];
  for (const { startPath, query, expect: expected } of cases) {
    const [outcome] = (await runSearchQueries(page, [{ query, expect: expected }], { startPath })).outcomes;
    expect(outcome.top, query).toContain(expected);
  }
  // A synonym of several words counts only where its words stand together: "d3e" widened to "enterprise dapr" must
  // not bring up Conductor pages that mention its Enterprise plan somewhere and Dapr somewhere else.
  const [d3e] = (await runSearchQueries(page, [{ query: 'd3e vs open source dapr', expect: '/enterprise-dapr/' }], { startPath: '/' })).outcomes;
  expect(d3e.top).toContain('/enterprise-dapr/');
  expect(d3e.top.filter((p) => p.startsWith('/conductor/'))).toEqual([]);
});

/**
 * The suggestions' texts once the list holds still and is complete: it is redrawn as each keystroke's results come
 * back, and its sections' text is filled in (aria-busy until then) when their pages' files arrive.
 */
async function settledSuggestions(page: Page): Promise<string[]> {
  let last: string[] = [];
  await expect
    .poll(async () => {
      const now = await suggestions(page).allInnerTexts();
      const busy = (await searchListbox(page).getAttribute('aria-busy')) === 'true';
      // A row still waiting for its page's file shows a blank line (PENDING_TEXT). The listbox says so with aria-busy,
      // but a list autocomplete.js draws again from its cache is a new element without it (CI, 28 Nov 2026).
      const blank = now.some((row) => row.split('\n').some((line) => line.trim() === ''));
      const still = now.length > 0 && !busy && !blank && JSON.stringify(now) === JSON.stringify(last);
      last = now;
      return still;
    }, { intervals: [300] })
    .toBe(true);
  return last;
}

test('a query typed a key at a time lists what the whole query pasted at once lists', async ({ page }) => {
  // The worker keeps what each word matched for the next keystrokes; a word still being typed ("app" on the way to
  // "app id") matches longer words too, so what it found must not stand in for the finished word.
  const query = 'call another app by app id';
  const listed = async (type: () => Promise<void>) => {
    await openSearchBox(page, '/');
    await type();
    return settledSuggestions(page);
  };
  const typed = await listed(() => searchInput(page).pressSequentially(query));
  const pasted = await listed(() => searchInput(page).fill(query));
  expect(typed.length).toBeGreaterThan(0);
  expect(typed).toEqual(pasted);
});

test("a keystroke's answer that comes after the next keystroke's list leaves that list as it is", async ({ page }) => {
  // "state r" needs the term shards of every word starting with r, "state re" only re.json: holding the others
  // back makes the first query's rows arrive after the second query's list is drawn. They must not be drawn, nor
  // filled into that list's rows when their pages' files come.
  const [shorter, longer] = ['state r', 'state re'];
  const pasted = async (query: string) => {
    await openSearchBox(page, '/catalyst/');
    await searchInput(page).fill(query);
    return settledSuggestions(page);
  };
  const shorterList = await pasted(shorter);
  const longerList = await pasted(longer);
  // A late list could be filled into the rows of the list on screen only where it has as many rows.
  expect(shorterList.length, 'rows of both queries: pick another pair if they differ').toBe(longerList.length);
  expect(shorterList, 'two lists to tell apart').not.toEqual(longerList);

  await openSearchBox(page, '/catalyst/');
  await searchInput(page).fill('state');
  await settledSuggestions(page);
  const held: (() => void)[] = [];
  const otherRShards = (url: URL) => /^\/search-index[^/]*\/r(?!e)[^/]*\.json$/.test(url.pathname);
  await page.route(otherRShards, (route) => new Promise<void>((done) => held.push(() => route.continue().then(done, done))));
  await searchInput(page).pressSequentially(' r');
  await expect.poll(() => held.length, 'the shorter query\'s shards requested and held').toBeGreaterThan(0);
  await searchInput(page).press('e');
  expect(await settledSuggestions(page)).toEqual(longerList);
  for (const release of held.splice(0)) release();
  await page.unroute(otherRShards);
  // The late answer is ranked and its pages' files fetched within this time; the list must not change meanwhile.
  for (let k = 0; k < 8; k++) {
    await page.waitForTimeout(250);
    expect(await suggestions(page).allInnerTexts(), `${250 * (k + 1)} ms after the late answer's shards`).toEqual(longerList);
  }
});

test('a keystroke\'s results are drawn without measuring the search box or reading its styles', async ({ page }) => {
  // The library measured the box after every list of results (for a completion hint this site turns off), and read
  // the box's text direction on every keystroke: each a layout or style pass of the whole page before the results.
  await openSearchBox(page, '/catalyst/');
  await searchInput(page).pressSequentially('state stor');
  await expect(suggestions(page).first()).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { __measured: number };
    w.__measured = 0;
    const measure = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      w.__measured += 1;
      return measure.call(this);
    };
    const styles = window.getComputedStyle;
    window.getComputedStyle = (element: Element, pseudo?: string | null) => {
      w.__measured += 1;
      return styles(element, pseudo);
    };
  });
  await searchInput(page).press('e');
  // The list of the last keystroke, whatever ranks first: its link to all results names the whole query.
  await expect(page.getByRole('link', { name: 'See all results within Catalyst' })).toHaveAttribute('href', /q=state(%20|\+)store&/);
  await expect(searchListbox(page)).not.toHaveAttribute('aria-busy');
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { __measured: number }).__measured)).toBe(0);
});

test("setting up the search box reads its input's direction and no other computed style, and adds no measuring copy", async ({ page }) => {
  // Each computed-style read after the set-up's first change to the page forced a style recalculation on the phone's
  // main thread while the reader waited for results. The library read the input's display (a table-cell check), its
  // eight background properties for a completion hint (built even with the hint off, never shown) and its ten font
  // properties for a hidden <pre> that measures the typed text for the hint (added beside the input, never removed).
  await openPage(page, '/catalyst/');
  await page.evaluate(() => {
    const w = window as unknown as { __read: string[] };
    w.__read = [];
    const read = CSSStyleDeclaration.prototype.getPropertyValue;
    CSSStyleDeclaration.prototype.getPropertyValue = function (this: CSSStyleDeclaration, name: string) {
      w.__read.push(name);
      return read.call(this, name);
    };
  });
  await searchInput(page).click();
  await expect(searchInput(page)).toHaveAttribute('role', 'combobox');
  const read = await page.evaluate(() => (window as unknown as { __read: string[] }).__read);
  // The text direction is still read (right-to-left text turns the list): the reads are seen.
  expect([...new Set(read)], 'computed styles read while the search box was set up').toEqual(['direction']);
  await expect(page.locator('.navbar pre[aria-hidden="true"]'), 'hidden copies beside the search input').toHaveCount(0);
});

test('the clear button is named for what it does, draws its cross, and empties the box', async ({ page }) => {
  // A drawn cross, not the character "✕": looking for a font that has that character held up the first keystroke's
  // frame, and the search's first requests with it.
  await openSearchBox(page, '/catalyst/');
  await searchInput(page).pressSequentially('state');
  const clear = page.getByRole('button', { name: 'Clear search' });
  await expect(clear).toBeVisible();
  expect(await clear.textContent(), 'text in the clear button').toBe('');
  await expect(clear.locator('svg')).toBeVisible();
  await clear.click();
  await expect(searchInput(page)).toHaveValue('');
});

test('result rows show their icons, from a stylesheet that comes with the search code and with no page', async ({ page }) => {
  const sheets = new Set<string>();
  page.on('response', (response) => {
    if (response.url().endsWith('.css')) sheets.add(new URL(response.url()).pathname);
  });
  await openPage(page, '/catalyst/');
  const onLoad = new Set(sheets);
  await searchInput(page).click();
  await searchInput(page).pressSequentially('save state');
  await expect(suggestions(page).first()).toBeVisible();
  const iconSheets = [...sheets].filter((sheet) => !onLoad.has(sheet));
  expect(iconSheets, 'one stylesheet fetched for the result list').toHaveLength(1);
  // Each row draws its type icon and its action icon (a section under its page also its tree line) as a CSS mask.
  const icons = await searchMenu(page).locator('[role="option"]').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('.search-hit-icon'), (icon) => {
        const before = getComputedStyle(icon, '::before');
        const mask = before.maskImage || before.getPropertyValue('-webkit-mask-image');
        return `${Array.from(icon.classList).find((c) => c.startsWith('search-hit-icon--'))} ${before.width}x${before.height} ${mask.startsWith('url("data:image/svg+xml') ? 'drawn' : 'missing'}`;
      }),
    ),
  );
  expect(icons.length).toBeGreaterThan(3);
  expect(icons[0]).toEqual(['search-hit-icon--title 20pxx20px drawn', 'search-hit-icon--action 20pxx20px drawn']);
  const sections = icons.filter((row) => row[0].startsWith('search-hit-icon--tree'));
  expect(sections.length, 'sections listed under a page').toBeGreaterThan(0);
  for (const row of sections) expect(row[0]).toMatch(/^search-hit-icon--tree-(inter|last) 24pxx56px drawn$/);
  for (const row of icons) for (const icon of row) expect(icon).toMatch(/ drawn$/);
  // The first element to use an SVG image makes the browser build and paint it: the search box wears every drawing
  // the rows use, unseen, from when the stylesheet is in, so the first list's frame does not (suggestionIcons.css).
  const used = await searchMenu(page).locator('.search-hit-icon').evaluateAll((els) =>
    [...new Set(els.map((el) => getComputedStyle(el, '::before').maskImage || getComputedStyle(el, '::before').getPropertyValue('-webkit-mask-image')))],
  );
  const worn = await page.locator('.navbar__search').first().evaluate((box) => {
    const after = getComputedStyle(box, '::after');
    return { masks: after.maskImage || after.getPropertyValue('-webkit-mask-image'), opacity: Number(after.opacity), pointerEvents: after.pointerEvents };
  });
  expect(used.length, 'icon drawings in the list').toBeGreaterThanOrEqual(4);
  for (const mask of used) expect(worn.masks, 'the search box wears every drawing the rows use').toContain(mask);
  expect(worn.opacity, 'painted (above 0) yet unseen').toBeGreaterThan(0);
  expect(worn.opacity, 'painted yet unseen (under 1 %)').toBeLessThan(0.01);
  expect(worn.pointerEvents).toBe('none');
});

/**
 * What a page has fetched of the search so far: workers started (the search's, from its script), index heads and
 * term shards requested, and the result rows' stylesheet, which comes with the search box's code (autocomplete.js);
 * `requestedAt` reads when the first of each was sent.
 */
function watchSearchFetches(page: Page) {
  const seen = { workers: 0, heads: 0, code: 0, shards: 0 };
  const first: { head?: Request; shard?: Request; code?: Request } = {};
  page.on('worker', () => (seen.workers += 1));
  page.on('request', (request) => {
    const url = new URL(request.url()).pathname;
    if (/\/search-result-icons\.[^/]*\.css$/.test(url) && seen.code++ === 0) first.code = request;
    if (/\/search-index[^/]*\.json$/.test(url) && seen.heads++ === 0) first.head = request;
    if (TERM_SHARD.test(url) && seen.shards++ === 0) first.shard = request;
  });
  /**
   * When the browser sent the first request of a kind, in its own wall-clock ms (the clock `Date.now()` reads in the
   * page). The test process's clock is not used: it hears of a request late, and later still when the machine is busy.
   */
  const requestedAt = async (kind: keyof typeof first) => {
    const request = first[kind];
    if (!request) throw new Error(`no ${kind} request seen`);
    await request.response();
    return request.timing().startTime;
  };
  return { seen, requestedAt };
}

/** Records in the page when the search box (or anything) first takes the focus, on the clock requests are stamped with. */
async function markFocus(page: Page) {
  await page.evaluate(() => {
    const marks: { focused?: number } = {};
    (window as { focusMark?: typeof marks }).focusMark = marks;
    document.addEventListener('focusin', () => (marks.focused ??= Date.now()), { capture: true });
  });
  return async () => (await page.evaluate(() => (window as unknown as { focusMark: { focused?: number } }).focusMark.focused)) ?? NaN;
}

/**
 * A term shard's path: in the folder beside its context's head (at the site's root), named by the two letters its
 * terms start with. Page files are under /assets/search-index/.
 */
const TERM_SHARD = /^\/search-index[^/]*\/[^/]+\.json$/;

/** Opens a guide, checks nothing of search loaded with it, then adds 600 ms to every request the page makes. */
async function openThenDelayRequests(page: Page) {
  const watched = watchSearchFetches(page);
  await openPage(page, '/catalyst/concepts/components');
  await page.waitForLoadState('networkidle');
  expect(watched.seen, 'fetched on page load').toEqual({ workers: 0, heads: 0, code: 0, shards: 0 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 600, downloadThroughput: -1, uploadThroughput: -1 });
  return { ...watched, cdp };
}

test('the search code and index head download when a reader reaches for the box, the head beside the code, never on page load', async ({ page }) => {
  // Every request 600 ms late from here: a head the worker fetched would wait for the worker's script.
  const { seen, requestedAt, cdp } = await openThenDelayRequests(page);
  await searchInput(page).hover();
  await expect.poll(() => seen, 'fetched on hover').toEqual({ workers: 1, heads: 1, code: 1, shards: 0 });
  // Timed against the search code's own request, not the clock: the hover action's own time varies with the
  // machine's load (507 ms once in CI), while a head fetched after the code would come 600 ms after it.
  expect((await requestedAt('head')) - (await requestedAt('code')), 'ms from the search code\'s request to the head\'s: with the code, not after it').toBeLessThan(400);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  // Opening search from the keyboard on another page: the same, once.
  const other = watchSearchFetches(page).seen;
  await openPage(page, '/catalyst/');
  await page.waitForLoadState('networkidle');
  expect(other, 'fetched on page load').toEqual({ workers: 0, heads: 0, code: 0, shards: 0 });
  await page.keyboard.press('Control+k');
  await expect.poll(() => other, 'fetched on Ctrl+K').toEqual({ workers: 1, heads: 1, code: 1, shards: 0 });
  await searchInput(page).pressSequentially('state');
  await expect(suggestions(page).first()).toBeVisible();
  expect(other.heads, 'the head once').toBe(1);
});

test('where the reader asks to save data, hovering the box fetches nothing and the head waits for the first query', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const { seen, requestedAt } = watchSearchFetches(page);
  await openPage(page, '/catalyst/concepts/components');
  expect(await page.evaluate(() => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true);
  await page.waitForLoadState('networkidle');
  await searchInput(page).hover();
  await page.waitForTimeout(1000);
  expect(seen, 'fetched on hover').toEqual({ workers: 0, heads: 0, code: 0, shards: 0 });
  await searchInput(page).click();
  await expect(searchInput(page)).toHaveAttribute('role', 'combobox');
  await page.waitForLoadState('networkidle');
  expect(seen, 'fetched on focus: the code, no index').toEqual({ workers: 1, heads: 0, code: 1, shards: 0 });
  await searchInput(page).pressSequentially('state');
  await expect(suggestions(page).first()).toBeVisible();
  expect(seen.heads, 'the head, with the first query').toBe(1);
  // No shard guessed from the typed words: the worker asks for the shards it needs once it has the head.
  expect(seen.shards, 'term shards').toBeGreaterThan(0);
  expect(await requestedAt('shard'), 'the first shard after the head').toBeGreaterThan(await requestedAt('head'));
});

test('the typed words\' term shards download in the same round as the search code and the index head', async ({ page }) => {
  // Every request 600 ms late: a shard the worker asked for would wait for its script and the head (two of those).
  const { seen, requestedAt } = await openThenDelayRequests(page);
  const focusedAt = await markFocus(page);
  // Focus and the whole query at once, as a reader pastes it.
  await searchInput(page).fill('state');
  await expect.poll(() => [seen.heads, seen.shards], 'the head and a term shard requested').toEqual([1, 1]);
  // A shard asked for after the head had arrived would be requested at least 600 ms after it, and a head asked for
  // after the search code arrived at least 600 ms after the focus. Both gaps are read on the browser's clock.
  const head = await requestedAt('head');
  expect((await requestedAt('shard')) - head, 'ms from the head\'s request to the shard\'s: beside the head, not after it').toBeLessThan(450);
  expect(head - (await focusedAt()), 'ms from the box taking the focus to the head\'s request').toBeLessThan(450);
  await expect(suggestions(page).first()).toBeVisible({ timeout: 15_000 });
  expect(seen, 'one of each').toEqual({ workers: 1, heads: 1, code: 1, shards: 1 });
});

test('a finger pressing the search box starts the search before the box takes the focus', async ({ page }) => {
  // A tap focuses the box only as the finger lifts: the search's code and index head are asked for as it comes down.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await openPage(page, '/catalyst/');
  expect(asked.filter((file) => file.startsWith('/search-index')), 'index files asked for on load').toEqual([]);
  await searchInput(page).dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
  await expect.poll(() => asked.includes('/search-index-catalyst.json'), 'the index head asked for').toBe(true);
  expect(await searchInput(page).evaluate((input) => input === document.activeElement), 'the box focused').toBe(false);
  // The finger lifts: the box opens with the search ready.
  await searchInput(page).click();
  await searchInput(page).pressSequentially('state');
  await expect(suggestions(page).first()).toBeVisible();
});

test("opening search takes the page's route prefetches out until its first results are in, then puts them back", async ({ page }) => {
  // Every request 600 ms late from the start: the links in view are still prefetching their pages as search opens.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 600, downloadThroughput: -1, uploadThroughput: -1 });
  // Route prefetches (<link rel="prefetch">, resource type "other"): each download that ran to its end, with the browser's
  // own wall-clock time of its request, and the files whose downloads were stopped.
  const downloaded: { file: string; requested: number; lastByte: number }[] = [];
  const stopped = new Set<string>();
  const isRoutePrefetch = (request: Request) => request.resourceType() === 'other' && /\/assets\/js\//.test(request.url());
  page.on('requestfinished', (request) => {
    if (!isRoutePrefetch(request)) return;
    const { startTime, responseEnd } = request.timing();
    downloaded.push({ file: new URL(request.url()).pathname, requested: startTime, lastByte: startTime + responseEnd });
  });
  page.on('requestfailed', (request) => isRoutePrefetch(request) && stopped.add(new URL(request.url()).pathname));
  await openPage(page, '/catalyst/concepts/components');
  const underWay = () =>
    page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')).filter((link) => performance.getEntriesByName(link.href).length === 0).length);
  await expect.poll(underWay, 'route prefetches under way after hydration').toBeGreaterThan(0);
  // The window is read in the page, on the clock the browser stamps requests with: from the box taking the focus to the
  // first result row in the DOM (the prefetches are put back after that). Timing it from the test instead once put a
  // download that was already on the wire at the focus inside the window, when the machine was busy.
  await page.evaluate(() => {
    const marks: { opened?: number; firstRow?: number } = {};
    (window as { searchMarks?: typeof marks }).searchMarks = marks;
    document.addEventListener('focusin', () => (marks.opened ??= Date.now()), { capture: true });
    const rows = new MutationObserver(() => {
      if (document.querySelector('[role="listbox"] [role="option"]')) {
        marks.firstRow = Date.now();
        rows.disconnect();
      }
    });
    rows.observe(document.body, { subtree: true, childList: true });
  });
  await searchInput(page).fill('state');
  await expect(suggestions(page).first()).toBeVisible({ timeout: 15_000 });
  await expect(searchListbox(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
  const { opened, firstRow } = await page.evaluate(() => (window as unknown as { searchMarks: { opened: number; firstRow: number } }).searchMarks);
  expect(firstRow, 'the first row after the focus').toBeGreaterThan(opened);
  // A download already on the wire as the box took the focus may run to its end; none may begin while the search loads.
  const during = downloaded.filter(({ requested }) => requested > opened && requested < firstRow).map(({ file }) => file);
  expect(during, 'route prefetches requested and downloaded while the search loaded').toEqual([]);
  expect(stopped.size, 'route prefetches stopped as the search opened').toBeGreaterThan(0);
  await expect
    .poll(() => [...stopped].filter((file) => !downloaded.some((d) => d.file === file && d.lastByte > firstRow)), { message: 'stopped route prefetches downloaded once the results were in', timeout: 20_000 })
    .toEqual([]);
});

/** What one search may download from any start page, gzipped: the context's head, the query's shards, the shown pages' files. */
const ONE_SEARCH_CEILING = 100 * 1024;

for (const start of ['/', '/catalyst/concepts/components', '/catalyst/api/save-state', '/catalyst/']) {
  test(`from ${start}: no index on page load, then one search fetches at most ${ONE_SEARCH_CEILING / 1024} KB of it, gzipped`, async ({ page }) => {
    const bodies: Promise<Buffer>[] = [];
    const urls: string[] = [];
    page.on('response', (response) => {
      if (!/search-index/.test(response.url())) return;
      urls.push(new URL(response.url()).pathname);
      bodies.push(response.body());
    });
    await openPage(page, start);
    // Readers who never search download none of it.
    await page.waitForLoadState('networkidle');
    expect(urls, 'index files fetched on page load').toEqual([]);
    await searchInput(page).click();
    await searchInput(page).pressSequentially('state');
    await expect(suggestions(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const gz = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(urls.filter((u) => /\/search-index[^/]*\.json$/.test(u)), 'one head').toHaveLength(1);
    expect(urls.some((u) => TERM_SHARD.test(u)), 'a term shard').toBe(true);
    expect(gz, urls.join('\n')).toBeLessThanOrEqual(ONE_SEARCH_CEILING);
  });
}

test('a query with no hits in the section offers all results outside it', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await searchInput(page).click();
  // Only the enterprise Dapr pages talk about licences (Catalyst's pages, references included, never use the word).
  await searchInput(page).pressSequentially('licence');
  await expect(page.getByRole('link', { name: 'See all results outside Catalyst' })).toBeVisible();
});

test('the search box is a combobox controlling a listbox that holds its options only', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await searchInput(page).click();
  await searchInput(page).pressSequentially('save state');
  await expect(suggestions(page).nth(2)).toBeVisible();
  const listbox = searchListbox(page);
  await expect(searchInput(page)).toHaveAttribute('role', 'combobox');
  await expect(searchInput(page)).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
  await expect(listbox).toHaveAccessibleName('Search results');
  // Every child is an option; the link to all results sits beside the listbox, in the same dropdown.
  const childRoles = await listbox.evaluate((box) => Array.from(box.children, (child) => child.getAttribute('role')));
  expect(new Set(childRoles)).toEqual(new Set(['option']));
  const allResults = searchMenu(page).getByRole('link', { name: /See all/ });
  await expect(allResults).toBeVisible();
  expect(await listbox.locator('a').count()).toBe(0);
  // The highlighted row is the combobox's active descendant, inside the listbox.
  await page.keyboard.press('ArrowDown');
  const active = await searchInput(page).getAttribute('aria-activedescendant');
  await expect(listbox.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
});

test('a nonsense query shows "No results"', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await searchInput(page).click();
  await searchInput(page).pressSequentially('qwxzvkjpl');
  await expect(searchMenu(page)).toContainText('No results');
  await expect(suggestions(page)).toHaveCount(0);
});

test('choosing a result opens the page with the search terms highlighted', async ({ page }) => {
  await openPage(page, '/catalyst/');
  await searchInput(page).click();
  await searchInput(page).pressSequentially('App ID');
  await expect(suggestions(page).first()).toBeVisible();
  await suggestions(page).first().click();
  await expect(page).toHaveURL(/_highlight=/);
  await expect(page.locator('article mark').first()).toBeVisible();
});

test('the keyboard picks a result: Enter on the row under the cursor opens the page a click on it opens', async ({ page }) => {
  const typeQuery = async () => {
    await openSearchBox(page, '/catalyst/');
    await searchInput(page).pressSequentially('state store');
    await expect(suggestions(page).nth(2)).toBeVisible();
    return settledSuggestions(page);
  };
  // Each row's datum (its page) is read back when the row is chosen, by keyboard or by click.
  const firstList = await typeQuery();
  await searchInput(page).press('ArrowDown');
  await searchInput(page).press('ArrowDown');
  const cursor = await suggestions(page).evaluateAll((rows) => rows.findIndex((row) => row.getAttribute('aria-selected') === 'true'));
  expect(cursor).toBeGreaterThan(0);
  await searchInput(page).press('Enter');
  await expect(page).toHaveURL(/_highlight=/);
  const chosen = page.url();
  // The same list again, so the row clicked is the row chosen by keyboard.
  expect(await typeQuery()).toEqual(firstList);
  await suggestions(page).nth(cursor).click();
  await expect(page).toHaveURL(/_highlight=/);
  expect(page.url()).toBe(chosen);
});

test('the rows are drawn before their pages\' files arrive, and their sections\' text fills in without moving a row or the cursor', async ({ page }) => {
  const query = 'state store';
  // The same query's list with nothing held back: what the filled-in list must end up as.
  await openSearchBox(page, '/catalyst/');
  await searchInput(page).pressSequentially(query);
  await expect(suggestions(page).nth(2)).toBeVisible();
  const complete = await settledSuggestions(page);

  // Again on a fresh page, the page files held back until the rows are checked.
  const held: (() => void)[] = [];
  await page.route('**/assets/search-index/page-*.json', (route) => new Promise<void>((done) => held.push(() => route.continue().then(done, done))));
  await openSearchBox(page, '/catalyst/');
  await searchInput(page).pressSequentially(query);
  await expect(suggestions(page)).toHaveCount(complete.length);
  expect(held.length, 'page files requested and held').toBeGreaterThan(0);
  const rows = () =>
    suggestions(page).evaluateAll((options) =>
      options.map((option) => ({ id: option.id, top: Math.round(option.getBoundingClientRect().top), selected: option.getAttribute('aria-selected'), marks: option.querySelectorAll('mark').length })),
    );
  await expect(searchListbox(page), 'a list still being filled in').toHaveAttribute('aria-busy', 'true');
  const first = await rows();
  const sections = await suggestions(page).evaluateAll((options) => options.map((option) => option.querySelector('.search-hit-icon--tree-inter, .search-hit-icon--tree-last') !== null));
  expect(sections.filter(Boolean).length, 'sections listed under their pages').toBeGreaterThan(0);
  // A page's row shows its title already; a section's row waits for its text.
  const texts = await suggestions(page).allInnerTexts();
  texts.forEach((text, k) => {
    if (sections[k]) expect(text.split('\n')[0].trim(), `section row ${k} before its page's file`).toBe('');
    else expect(text, `page row ${k}`).toBe(complete[k]);
  });
  await searchInput(page).press('ArrowDown');
  await searchInput(page).press('ArrowDown');
  const cursor = (await rows()).findIndex((row) => row.selected === 'true');
  expect(cursor).toBeGreaterThan(0);

  for (const release of held.splice(0)) release();
  await page.unroute('**/assets/search-index/page-*.json');
  await expect.poll(async () => (await suggestions(page).allInnerTexts()).join('\n'), 'the sections\' text filled in').toBe(complete.join('\n'));
  await expect(searchListbox(page)).not.toHaveAttribute('aria-busy');
  const filled = await rows();
  expect(filled.map(({ id, top }) => ({ id, top })), 'the same row elements in the same places').toEqual(first.map(({ id, top }) => ({ id, top })));
  expect(filled.findIndex((row) => row.selected === 'true'), 'the cursor where the keyboard left it').toBe(cursor);
  expect(filled.filter((row, k) => sections[k] && row.marks > 0).length, 'the query\'s words marked in the sections\' text').toBeGreaterThan(0);
  // Enter opens the section the cursor is on: its page and anchor, with the words to highlight.
  const href = await page.evaluate(() => location.href);
  await searchInput(page).press('Enter');
  await expect(page).not.toHaveURL(href);
  await expect(page).toHaveURL(/_highlight=/);
});

test('a query typed before the search has loaded is drawn once: the first list\'s rows are the ones filled in', async ({ page }) => {
  // As it opens, the search box asks for the typed query twice (autocomplete.js's open(), then its focus handler);
  // both answers drew the list, the second replacing the first's rows before the list's first frame.
  await openPage(page, '/catalyst/concepts/components');
  const drawn = await page.evaluate(
    (selector) =>
      new Promise<number>((resolve, reject) => {
        const field = document.querySelector<HTMLInputElement>(selector)!;
        // Every distinct first row element the list shows, until it is complete (no longer aria-busy).
        const firsts = new Set<Element>();
        const observer = new MutationObserver(() => {
          const listbox = document.getElementById(field.getAttribute('aria-controls') ?? '');
          const first = listbox?.querySelector('[role="option"]');
          if (first) firsts.add(first);
          if (first && listbox?.getAttribute('aria-busy') !== 'true' && first.textContent?.trim()) {
            observer.disconnect();
            // A later draw would come in the same turn as the fill: give it one more task.
            setTimeout(() => resolve(firsts.size), 300);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
        setTimeout(() => reject(new Error('no complete list within 20 s')), 20_000);
        field.focus();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, 'state');
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    '.navbar input.navbar__search-input',
  );
  expect(drawn, 'times the first list was drawn').toBe(1);
});

test('the highlighter loads only for a page opened with search terms, and marks them there', async ({ page }) => {
  const scripts = chunkGroupScripts('search-highlight');
  const highlighter: string[] = [];
  page.on('request', (request) => {
    if (scripts.includes(new URL(request.url()).pathname)) highlighter.push(request.url());
  });
  await openPage(page, '/catalyst/concepts/components');
  await searchInput(page).click();
  expect(highlighter, 'mark.js fetched by a page without search terms').toEqual([]);

  await openPage(page, '/catalyst/concepts/components?_highlight=scopes');
  await expect(page.locator('article mark[data-markjs]').first()).toHaveText(/scopes/i);
  expect(highlighter).toHaveLength(1);
});

test('one-letter words are not marked, and words are marked where words start, in the list and on the page', async ({ page }) => {
  // "retry a failed workflow" used to paint every "a" of every result title and snippet.
  await runSearchQueries(page, [{ query: 'retry a failed workflow', expect: '/catalyst/catalyst-apis/workflow' }], { startPath: '/catalyst/', depth: 8 });
  const marks = await searchMenu(page).locator('mark').allTextContents();
  expect(marks.length, 'words highlighted in the result list').toBeGreaterThan(0);
  expect(marks.filter((text) => text.trim().length < 2), 'one-letter marks').toEqual([]);
  // The query's words, and "resiliency", a synonym of retry (src/search/synonyms.json).
  expect(marks.filter((text) => !/^(retr|fail|workflow|resilienc)/i.test(text)), 'marks that are not the query words').toEqual([]);

  await openPage(page, '/catalyst/catalyst-apis/workflow?_highlight=retry&_highlight=a&_highlight=workflow');
  const onPage = page.locator('article mark[data-markjs]');
  await expect(onPage.first()).toBeVisible();
  const texts = await onPage.allTextContents();
  expect(texts.filter((text) => text.length < 2), 'one-letter marks on the page').toEqual([]);
  expect(texts.filter((text) => !/^(retr|workflow)/i.test(text)), 'marks that are not the query words').toEqual([]);
});

test('the search page reads q and ctx and lists results', async ({ page }) => {
  await openPage(page, '/search?q=component&ctx=catalyst');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('component');
  const results = page.locator('article h2 a');
  await expect(results.first()).toBeVisible();
  const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href).toMatch(/^\/catalyst\//);
  // One result per page; the page's matching sections are links inside it.
  const paths = hrefs.map((href) => new URL(href, 'http://x').pathname);
  expect(paths).toEqual([...new Set(paths)]);
  await expect(page.locator('article li a').first()).toBeVisible();
});

test('the search index is fetched from the site itself', async ({ page }) => {
  const indexRequests: string[] = [];
  page.on('request', (request) => {
    if (/search-index.*\.json/.test(request.url())) indexRequests.push(request.url());
  });
  await openPage(page, '/catalyst/');
  await searchInput(page).click();
  await searchInput(page).pressSequentially('state');
  await expect(suggestions(page).first()).toBeVisible();
  expect(indexRequests.length).toBeGreaterThan(0);
  for (const url of indexRequests) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
});

const hostileQueries = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '*',
  'foo:',
  '~',
  '+-',
  '"unclosed',
  'state '.repeat(834).slice(0, 5000),
  '🚀🔥 dapr',
];

test.describe('hostile input in the search box', () => {
  for (const query of hostileQueries) {
    const name = query.length > 40 ? `${query.length} characters` : JSON.stringify(query);
    test(`${name} shows results or "No results" and injects nothing`, async ({ page }) => {
      const errors = collectPageErrors(page);
      let dialog = false;
      page.on('dialog', async (d) => {
        dialog = true;
        await d.dismiss();
      });
      await openPage(page, '/catalyst/');
      await searchInput(page).click();
      await searchInput(page).fill(query);
      const menu = searchMenu(page);
      await expect(async () => {
        const text = await menu.innerText();
        const hits = await suggestions(page).count();
        expect(hits > 0 || text.includes('No results')).toBe(true);
      }).toPass({ timeout: 10_000 });
      expect(await menu.locator('img, script').count()).toBe(0);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialog).toBe(false);
      expect(errors).toEqual([]);
      await expect(page.locator('article h1')).toBeVisible();

      // The full search page must cope with the same input.
      await openPage(page, `/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(dialog).toBe(false);
      expect(errors).toEqual([]);
    });
  }
});
