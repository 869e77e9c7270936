// Lists each page's route chunks in its HTML as deferred scripts, so the browser fetches them beside main.js instead of after it.
import type { Plugin } from '@docusaurus/types';
import { ChunkGraph } from '../route-stylesheets/chunkGraph';
import { rewriteRouteHtml } from '../route-stylesheets/routeHtml';

/**
 * Docusaurus's HTML names only the runtime and main.js. The chunks of the page's own route (layout, props,
 * content) are requested by main.js as it starts, one round trip later, and adding their script elements from
 * script was itself one of the longest pieces of the task that evaluates main.js. Listed in the HTML before
 * main.js, they download in parallel with it and run first (deferred scripts run in document order), so the
 * runtime finds them installed and hydration starts at once. Lazy chunks (Prism, the API request panel) stay lazy.
 * The first-load bytes are the same: these are the files the page loaded anyway.
 */
export default function routeScripts(): Plugin {
  return {
    name: 'route-scripts',
    async postBuild({ outDir, generatedFilesDir, routesPaths, baseUrl }) {
      const graph = new ChunkGraph(generatedFilesDir);
      rewriteRouteHtml({ outDir, routesPaths, baseUrl }, (html, routePath, file) => {
        const scripts = graph.routeAssets(routePath).js.filter((js) => !html.includes(`${baseUrl}${js}`));
        if (!scripts.length) return undefined;
        const main = /<script src=["']?[^"' >]*\/main\.[0-9a-f]+\.js["']? defer><\/script>/.exec(html);
        if (!main) throw new Error(`route-scripts: no main.js script tag in ${file}`);
        const tags = scripts.map((js) => `<script src="${baseUrl}${js}" defer></script>`).join('');
        return html.slice(0, main.index) + tags + html.slice(main.index);
      });
    },
  };
}
