// Rewrites each built page's HTML in place: shared by route-stylesheets and route-scripts, which link a route's own chunks from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectShape } from '../shape';

type BuiltRoutes = { outDir: string; routesPaths: string[]; baseUrl: string };

/**
 * Calls `rewrite` with each route's HTML and writes back what it returns (undefined leaves the file alone).
 * Synchronous on purpose: Docusaurus runs every plugin's postBuild at once, and a rewrite that awaited between
 * reading and writing a file could lose another plugin's change to it.
 */
export function rewriteRouteHtml(
  { outDir, routesPaths, baseUrl }: BuiltRoutes,
  rewrite: (html: string, routePath: string, file: string) => string | undefined,
  plugin: string,
): void {
  let found = 0;
  for (const routePath of routesPaths) {
    const file = path.join(outDir, routePath.slice(baseUrl.length), /\.html?$/.test(routePath) ? '' : 'index.html');
    if (!existsSync(file)) continue;
    found += 1;
    const html = readFileSync(file, 'utf8');
    const rewritten = rewrite(html, routePath, file);
    if (rewritten !== undefined) writeFileSync(file, rewritten);
  }
  // Docusaurus writes a page per route as <route>/index.html (or <route>.html); none found means the layout moved.
  expectShape(plugin, routesPaths.length === 0 || found > 0, {
    expected: `a built HTML file per route at <outDir>/<route>/index.html (as ${routesPaths[0]})`,
    found: `none of the ${routesPaths.length} routes' files in ${outDir}`,
    fix: 'see where the new version writes pages and update src/plugins/route-stylesheets/routeHtml.ts',
  });
}
