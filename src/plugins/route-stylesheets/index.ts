// Gives the stylesheets that only some routes use (the OpenAPI theme's, the component catalogue's) CSS chunks of their own and links them from those routes' HTML, which Docusaurus Faster's static render leaves out.
import type { Plugin } from '@docusaurus/types';
import { ChunkGraph } from './chunkGraph';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { rewriteRouteHtml } from './routeHtml';
import { expectShape } from '../shape';

/** A CSS chunk name and the stylesheets (matched on their module path) that go into it. */
export type RouteStylesheet = { name: string; test: RegExp };

/**
 * Docusaurus puts all CSS in one styles.css linked from every page, so a stylesheet imported by one route's
 * components weighs on every page. Each stylesheet listed here goes to a CSS chunk of its own, which the bundler
 * would otherwise load only once the route's JS chunks have arrived, after the first paint, and the page would
 * restyle under the reader: postBuild links it from the HTML of every route that uses it. Client-side navigation
 * needs nothing: the bundler's runtime loads a chunk's CSS with its JS, and skips a file already linked.
 */
export default function routeStylesheets(stylesheets: RouteStylesheet[]): Plugin {
  return {
    name: 'route-stylesheets',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            optimization: {
              splitChunks: {
                cacheGroups: Object.fromEntries(
                  stylesheets.map(({ name, test }) => [
                    name,
                    // Above Docusaurus's own `styles` group (priority 50), which collects all CSS into styles.css.
                    { name, test, type: 'css/mini-extract', chunks: 'all', enforce: true, priority: 60 },
                  ]),
                ),
              },
            },
          },
    async postBuild({ outDir, generatedFilesDir, routesPaths, baseUrl }) {
      // Each group's `test` names a module path inside a dependency; a moved file means no chunk of that name.
      const cssFiles = readdirSync(path.join(outDir, 'assets', 'css'));
      const unmatched = stylesheets.filter(({ name }) => !cssFiles.some((file) => file.startsWith(`${name}.`)));
      expectShape('route-stylesheets', unmatched.length === 0, {
        expected: `a CSS chunk per configured stylesheet (assets/css/<name>.<hash>.css for ${stylesheets.map((s) => s.name).join(', ')})`,
        found: () => `none for ${unmatched.map(({ name, test }) => `${name} (${test})`).join(', ')}`,
        fix: 'find where the stylesheet moved in the new version and update its `test` in docusaurus.config.ts',
      });
      const graph = new ChunkGraph(generatedFilesDir, 'route-stylesheets');
      rewriteRouteHtml(
        { outDir, routesPaths, baseUrl },
        (html, routePath, file) => {
          const missing = graph.routeAssets(routePath).css.filter((css) => !html.includes(`${baseUrl}${css}`));
          if (!missing.length) return undefined;
          const lastStylesheet = [...html.matchAll(/<link rel=["']?stylesheet["']? [^>]*>/g)].pop();
          expectShape('route-stylesheets', lastStylesheet, {
            expected: 'the page to link styles.css as `<link rel="stylesheet" …>`',
            found: `no stylesheet link in ${file}`,
            fix: 'see how the new version links its stylesheet and update the pattern in src/plugins/route-stylesheets',
          });
          const at = lastStylesheet.index + lastStylesheet[0].length;
          const links = missing.map((css) => `<link rel="stylesheet" href="${baseUrl}${css}">`).join('');
          return html.slice(0, at) + links + html.slice(at);
        },
        'route-stylesheets',
      );
    },
  };
}
