// Renders Mermaid source to SVG in headless Debian Chromium at build time, with an on-disk cache.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../tests/chromium';
import { makeAccessible, scopeIds, type DiagramTheme, type RenderedDiagram } from './svg';

const SITE_DIR = path.resolve(__dirname, '../../..');
const MERMAID_SCRIPT = require.resolve('mermaid/dist/mermaid.min.js');
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

interface MermaidWindow {
  mermaid: { initialize(config: object): void };
}
/** What render-in-page.js adds to the page. */
interface RenderWindow {
  renderDiagram(id: string, source: string): Promise<RenderedDiagram>;
}

let browser: Promise<Browser> | undefined;
const pages = new Map<DiagramTheme, Promise<Page>>();
let idleTimer: NodeJS.Timeout | undefined;
let inFlight = 0;

async function themedPage(theme: DiagramTheme): Promise<Page> {
  let page = pages.get(theme);
  if (!page) {
    // Loaded here, not at the top: the site config imports this file, and most starts render no diagram.
    browser ??= import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }));
    page = (async () => {
      const p = await (await browser!).newPage();
      await p.setContent('<!doctype html><html><body></body></html>');
      await p.addScriptTag({ path: MERMAID_SCRIPT });
      await p.addScriptTag({ path: path.join(__dirname, 'render-in-page.js') });
      const config = { ...SHARED_CONFIG, ...MERMAID_CONFIG[theme] };
      await p.evaluate((c) => (window as unknown as MermaidWindow).mermaid.initialize(c), config);
      return p;
    })();
    pages.set(theme, page);
  }
  return page;
}

function scheduleClose() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (inFlight > 0 || !browser) return;
    const closing = browser;
    browser = undefined;
    pages.clear();
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
    const page = await themedPage(theme);
    const id = `diagram-${key.slice(0, 12)}-${theme}`;
    rendered = await page.evaluate(
      ([diagramId, text]) => (window as unknown as RenderWindow).renderDiagram(diagramId, text),
      [id, source] as const,
    );
  } finally {
    inFlight -= 1;
    scheduleClose();
  }
  const svg = makeAccessible(scopeIds(rendered.svg), rendered);
  await fs.promises.mkdir(CACHE_DIR, { recursive: true });
  await fs.promises.writeFile(cached, svg);
  return svg;
}
