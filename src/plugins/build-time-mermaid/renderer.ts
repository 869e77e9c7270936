// Renders Mermaid source to SVG in headless Debian Chromium at build time, with an on-disk cache.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../tests/chromium';
import { makeAccessible, numberActorsFromZero, scopeIds, type DiagramTheme, type RenderedDiagram } from './svg';

const SITE_DIR = path.resolve(__dirname, '../../..');
// Mermaid's ESM build loads only the diagram types a page draws: about 0.15 s to start in the page where the
// single-file build takes 0.7 s to parse. Its files are served from this made-up origin, which never reaches the network.
const MERMAID_DIST = path.dirname(require.resolve('mermaid/dist/mermaid.esm.min.mjs'));
const PAGE_ORIGIN = 'http://build-time-mermaid.invalid';
const MERMAID_VERSION: string = require('mermaid/package.json').version;
const CACHE_DIR = path.join(SITE_DIR, 'node_modules/.cache/build-time-mermaid');
// Closes the browser once no diagram has been asked for in this long, so the build process can exit.
const IDLE_CLOSE_MS = 3_000;

/**
 * Mermaid settings per colour mode (the same themes the site used when it rendered diagrams in the browser).
 * Arial's metrics are what Liberation Sans, installed with Debian's Chromium, measures with, so boxes fit their
 * labels on readers' machines too. The dark theme's edge labels (#ccc on #585858, 4.4:1) are drawn white.
 */
const MERMAID_CONFIG: Record<DiagramTheme, object> = {
  light: { theme: 'neutral' },
  dark: { theme: 'dark', themeCSS: '.edgeLabel p, .edgeLabel span { color: #ffffff; }' },
};
const SHARED_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  deterministicIds: true,
  fontFamily: 'Arial, "Liberation Sans", Helvetica, sans-serif',
};
// The code that shapes the SVG is part of the cache key, so changing it renders every diagram again.
const RENDERER_CODE = ['render-in-page.js', 'svg.ts'].map((file) => fs.readFileSync(path.join(__dirname, file), 'utf8'));

/** The cache key of one diagram in one theme. */
export function cacheKey(source: string, theme: DiagramTheme): string {
  return createHash('sha256')
    .update(JSON.stringify([RENDERER_CODE, MERMAID_VERSION, MERMAID_CONFIG[theme], SHARED_CONFIG, source]))
    .digest('hex');
}

/** Whether this process must render diagrams (a production build) or may fall back to showing the source. */
export const renderingRequired = () => process.env.NODE_ENV === 'production' || !!process.env.CI;

let chromiumChecked: boolean | undefined;
/**
 * Whether Chromium is there. A production build without it runs scripts/ensure-chromium.sh (which installs
 * Debian's package when it runs as root) and otherwise stops with the reason.
 */
export function chromiumAvailable(): boolean {
  if (chromiumChecked !== undefined) return chromiumChecked;
  chromiumChecked = fs.existsSync(CHROMIUM_PATH);
  if (!chromiumChecked && renderingRequired()) {
    try {
      execFileSync('bash', [path.join(SITE_DIR, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
    } catch {
      // Reported below.
    }
    if (!fs.existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Mermaid diagrams are rendered to SVG at build time in Chromium, and there is none at ${CHROMIUM_PATH}. ` +
          "Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH, then build again.",
      );
    }
    chromiumChecked = true;
  }
  return chromiumChecked;
}

/** What render-in-page.js adds to the page. */
interface RenderWindow {
  renderDiagram(config: object, id: string, source: string): Promise<RenderedDiagram>;
}

let browser: Promise<Browser> | undefined;
let page: Promise<Page> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let inFlight = 0;

/** Files the page may load: its HTML, render-in-page.js and Mermaid's own chunks. */
function servedFile(url: string): string | undefined {
  const { pathname } = new URL(url);
  if (pathname === '/render-in-page.js') return path.join(__dirname, 'render-in-page.js');
  const file = path.join(MERMAID_DIST, pathname);
  return file.startsWith(`${MERMAID_DIST}${path.sep}`) && file.endsWith('.mjs') ? file : undefined;
}

/** The one page every diagram is drawn in, both colour modes (render-in-page.js draws one diagram at a time). */
function renderPage(): Promise<Page> {
  page ??= (async () => {
    // Loaded here, not at the top: the site config imports this file, and most starts render no diagram.
    browser ??= import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }));
    const p = await (await browser).newPage();
    await p.route(`${PAGE_ORIGIN}/**`, (route) => {
      const url = route.request().url();
      if (new URL(url).pathname === '/') {
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body></body></html>' });
      }
      const file = servedFile(url);
      return file ? route.fulfill({ path: file, contentType: 'text/javascript' }) : route.fulfill({ status: 404 });
    });
    await p.goto(`${PAGE_ORIGIN}/`);
    await p.addScriptTag({ url: `${PAGE_ORIGIN}/render-in-page.js`, type: 'module' });
    await p.waitForFunction(() => 'renderDiagram' in window);
    return p;
  })();
  return page;
}

function scheduleClose() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (inFlight > 0 || !browser) return;
    const closing = browser;
    browser = undefined;
    page = undefined;
    void closing.then((b) => b.close()).catch(() => undefined);
  }, IDLE_CLOSE_MS);
}

/**
 * One diagram in one colour mode as an accessible SVG whose ids all contain `diagram-<hash>-<theme>`.
 * Served from node_modules/.cache when the same source, theme, Mermaid version and renderer code were rendered before.
 */
export async function renderDiagram(source: string, theme: DiagramTheme): Promise<string> {
  const key = cacheKey(source, theme);
  const cached = path.join(CACHE_DIR, `${key}.svg`);
  try {
    return await fs.promises.readFile(cached, 'utf8');
  } catch {
    // Not rendered yet.
  }
  inFlight += 1;
  clearTimeout(idleTimer);
  let rendered: RenderedDiagram;
  try {
    const id = `diagram-${key.slice(0, 12)}-${theme}`;
    const config = { ...SHARED_CONFIG, ...MERMAID_CONFIG[theme] };
    rendered = await (await renderPage()).evaluate(
      ([settings, diagramId, text]) => (window as unknown as RenderWindow).renderDiagram(settings, diagramId, text),
      [config, id, source] as const,
    );
  } finally {
    inFlight -= 1;
    scheduleClose();
  }
  const svg = makeAccessible(numberActorsFromZero(scopeIds(rendered.svg)), rendered);
  await fs.promises.mkdir(CACHE_DIR, { recursive: true });
  await fs.promises.writeFile(cached, svg);
  return svg;
}
