// Links each page's route-specific stylesheets (the OpenAPI theme's api-styles chunk) from its HTML, which Docusaurus Faster's static render leaves out.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { ChunkGraph } from './chunkGraph';

/**
 * Docusaurus puts all CSS in one styles.css linked from every page. A CSS chunk of its own (see the
 * api-styles cache group in docusaurus.config.ts) would otherwise arrive only once the route's JS chunks have
 * loaded, after the first paint, and the page would restyle under the reader. Client-side navigation needs
 * nothing: the bundler's runtime loads a chunk's CSS with its JS, and skips a file already linked.
 */
export default function routeStylesheets(): Plugin {
  return {
    name: 'route-stylesheets',
    async postBuild({ outDir, generatedFilesDir, routesPaths, baseUrl }) {
      const graph = new ChunkGraph(generatedFilesDir);
      for (const routePath of routesPaths) {
        const file = path.join(outDir, routePath.slice(baseUrl.length), /\.html?$/.test(routePath) ? '' : 'index.html');
        if (!existsSync(file)) continue;
        const html = readFileSync(file, 'utf8');
        const missing = graph.routeAssets(routePath).css.filter((css) => !html.includes(`${baseUrl}${css}`));
        if (!missing.length) continue;
        const lastStylesheet = [...html.matchAll(/<link rel=["']?stylesheet["']? [^>]*>/g)].pop();
        if (!lastStylesheet) throw new Error(`route-stylesheets: no stylesheet link in ${file}`);
        const at = lastStylesheet.index + lastStylesheet[0].length;
        const links = missing.map((css) => `<link rel="stylesheet" href="${baseUrl}${css}">`).join('');
        writeFileSync(file, html.slice(0, at) + links + html.slice(at));
      }
    },
  };
}
