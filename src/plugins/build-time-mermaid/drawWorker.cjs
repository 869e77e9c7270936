// Draws diagrams for renderer.ts in a worker thread: Playwright and its traffic with Chromium run here, not on the
// thread that compiles the site's MDX. One page draws every diagram, both colour modes (see render-in-page.js).
// Messages in: { id, diagramId, source, config } to draw, { close: true } to close Chromium and end. Out: { id,
// rendered } or { id, error }.
const path = require('node:path');
const { parentPort, workerData } = require('node:worker_threads');
const { chromium } = require('playwright-core');

const { chromiumPath, chromiumFlags } = workerData;
// Mermaid's ESM build loads only the diagram types a page draws: about 0.15 s to start in the page where the
// single-file build takes 0.7 s to parse. Its files are served from this made-up origin, which never reaches the network.
const MERMAID_DIST = path.dirname(require.resolve('mermaid/dist/mermaid.esm.min.mjs'));
const PAGE_ORIGIN = 'http://build-time-mermaid.invalid';

/** Files the page may load: render-in-page.js and Mermaid's own chunks. */
function servedFile(url) {
  const { pathname } = new URL(url);
  if (pathname === '/render-in-page.js') return path.join(__dirname, 'render-in-page.js');
  const file = path.join(MERMAID_DIST, pathname);
  return file.startsWith(`${MERMAID_DIST}${path.sep}`) && file.endsWith('.mjs') ? file : undefined;
}

const browser = chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
const page = (async () => {
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

parentPort.on('message', async (message) => {
  if (message.close) {
    await browser.then((b) => b.close()).catch(() => undefined);
    parentPort.close();
    return;
  }
  const { id, diagramId, source, config } = message;
  try {
    const rendered = await (await page).evaluate(
      ([settings, name, text]) => window.renderDiagram(settings, name, text),
      [config, diagramId, source],
    );
    parentPort.postMessage({ id, rendered });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
