// Renders Mermaid source to SVG in headless Debian Chromium at build time (drawn by drawWorker.cjs), with an on-disk cache.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Worker, threadId } from 'node:worker_threads';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../chromium';
import { makeAccessible, numberActorsFromZero, scopeIds, validHtml, type DiagramTheme, type RenderedDiagram } from './svg';

const SITE_DIR = path.resolve(__dirname, '../../..');
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
const RENDERER_CODE = ['render-in-page.js', 'drawWorker.cjs', 'svg.ts'].map((file) => fs.readFileSync(path.join(__dirname, file), 'utf8'));

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
 * Whether Chromium is there. A production build without it runs scripts/ensure-debian-packages.sh chromium (which installs
 * Debian's package when it runs as root) and otherwise stops with the reason.
 */
export function chromiumAvailable(): boolean {
  if (chromiumChecked !== undefined) return chromiumChecked;
  chromiumChecked = fs.existsSync(CHROMIUM_PATH);
  if (!chromiumChecked && renderingRequired()) {
    try {
      execFileSync('bash', [path.join(SITE_DIR, 'scripts/ensure-debian-packages.sh'), 'chromium'], { stdio: 'inherit' });
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

type DrawReply = { id: number; rendered?: RenderedDiagram; error?: string };

let worker: Worker | undefined;
const waiting = new Map<number, { resolve(rendered: RenderedDiagram): void; reject(error: Error): void }>();
let nextId = 0;
let idleTimer: NodeJS.Timeout | undefined;

/** The worker that draws diagrams in Chromium (drawWorker.cjs), started at the first diagram not in the cache. */
function drawWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(path.join(__dirname, 'drawWorker.cjs'), {
    workerData: { chromiumPath: CHROMIUM_PATH, chromiumFlags: CHROMIUM_FLAGS },
  });
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  started.on('message', ({ id, rendered, error }: DrawReply) => {
    const request = waiting.get(id);
    waiting.delete(id);
    if (error || !rendered) request?.reject(new Error(error ?? 'build-time-mermaid: the diagram worker sent nothing'));
    else request?.resolve(rendered);
  });
  // A worker told to close has nothing waiting; what waits then belongs to the worker started after it.
  started.on('error', (error) => {
    if (worker === started) failAll(error);
  });
  started.on('exit', (code) => {
    if (worker !== started) return;
    worker = undefined;
    failAll(new Error(`build-time-mermaid: the diagram worker stopped (exit code ${code})`));
  });
  worker = started;
  return started;
}

/** Closes Chromium and the worker once no diagram has been asked for in a while, so the build process can exit. */
function scheduleClose() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (waiting.size > 0 || !worker) return;
    worker.postMessage({ close: true });
    worker = undefined;
  }, IDLE_CLOSE_MS);
}

function draw(diagramId: string, source: string, theme: DiagramTheme): Promise<RenderedDiagram> {
  const id = nextId++;
  const config = { ...SHARED_CONFIG, ...MERMAID_CONFIG[theme] };
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    drawWorker().postMessage({ id, diagramId, source, config });
  });
}

/** Renders under way in this process, by cache key: pages that repeat a diagram, compiled at once, draw it once. */
const rendering = new Map<string, Promise<string>>();

/**
 * One diagram in one colour mode as an accessible SVG whose ids all contain `diagram-<hash>-<theme>`.
 * Served from node_modules/.cache when the same source, theme, Mermaid version and renderer code were rendered before.
 */
export function renderDiagram(source: string, theme: DiagramTheme): Promise<string> {
  const key = cacheKey(source, theme);
  let pending = rendering.get(key);
  if (!pending) {
    pending = renderOnce(key, source, theme).finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function renderOnce(key: string, source: string, theme: DiagramTheme): Promise<string> {
  const cached = path.join(CACHE_DIR, `${key}.svg`);
  const hit = await readCachedSvg(cached);
  if (hit !== undefined) return hit;
  clearTimeout(idleTimer);
  let rendered: RenderedDiagram;
  try {
    rendered = await draw(`diagram-${key.slice(0, 12)}-${theme}`, source, theme);
  } finally {
    scheduleClose();
  }
  const svg = makeAccessible(numberActorsFromZero(scopeIds(validHtml(rendered.svg))), rendered);
  await writeCachedSvg(cached, svg);
  return svg;
}

/**
 * A cached SVG, or undefined when there is none or the file holds less than a whole SVG. A plain write was once
 * read half done: at ten times the pages, a diagram repeated on many pages was written by one compilation while
 * another read it, got an empty file and failed the build (`withThemeClass`).
 */
export async function readCachedSvg(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch {
    return undefined; // Not rendered yet.
  }
  return isWholeSvg(text) ? text : undefined;
}

/** Writes beside the cache file and renames into place, so a reader in another process sees all of it or none. */
export async function writeCachedSvg(file: string, svg: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${threadId}-${nextTempId++}.tmp`;
  await fs.promises.writeFile(partial, svg);
  await fs.promises.rename(partial, file);
}
let nextTempId = 0;

const isWholeSvg = (text: string) => /^<svg[\s>]/.test(text) && text.trimEnd().endsWith('</svg>');
