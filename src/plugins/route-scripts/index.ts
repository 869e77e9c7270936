// Lists each page's route chunks in its HTML as deferred scripts, so the browser fetches them beside main.js instead of after it.
import type { Plugin } from '@docusaurus/types';
import { ChunkGraph } from '../route-stylesheets/chunkGraph';
import { rewriteRouteHtml } from '../route-stylesheets/routeHtml';
import { expectShape } from '../shape';

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
      const graph = new ChunkGraph(generatedFilesDir, 'route-scripts');
      let listed = 0;
      rewriteRouteHtml(
        { outDir, routesPaths, baseUrl },
        (html, routePath, file) => {
          const scripts = graph.routeAssets(routePath).js.filter((js) => !html.includes(`${baseUrl}${js}`));
          if (!scripts.length) return undefined;
          const main = /<script src=["']?[^"' >]*\/main\.[0-9a-f]+\.js["']? defer><\/script>/.exec(html);
          expectShape('route-scripts', main, {
            expected: 'the page to load main.js as `<script src="…/main.<hash>.js" defer></script>`',
            found: `no such tag in ${file}`,
            fix: 'see how the new version writes its script tags (the SSR template) and update the pattern in src/plugins/route-scripts',
          });
          listed += 1;
          const tags = scripts.map((js) => `<script src="${baseUrl}${js}" defer></script>`).join('');
          return html.slice(0, main.index) + tags + html.slice(main.index);
        },
        'route-scripts',
      );
      // Every doc page has route chunks main.js does not hold; a build where no page gained a script read nothing.
      expectShape('route-scripts', routesPaths.length < 2 || listed > 0, {
        expected: 'route chunks (from routesChunkNames.json and client-manifest.json) missing from the pages\' HTML',
        found: `none on any of ${routesPaths.length} pages`,
        fix: 'check whether Docusaurus now lists route chunks in the HTML itself (then delete this plugin) or the chunk graph moved',
      });
    },
  };
}
