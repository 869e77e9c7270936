// Rewrites each built page's HTML in place: shared by route-stylesheets and route-scripts, which link a route's own chunks from it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type BuiltRoutes = { outDir: string; routesPaths: string[]; baseUrl: string };

/**
 * Calls `rewrite` with each route's HTML and writes back what it returns (undefined leaves the file alone).
 * Synchronous on purpose: Docusaurus runs every plugin's postBuild at once, and a rewrite that awaited between
 * reading and writing a file could lose another plugin's change to it.
 */
export function rewriteRouteHtml(
  { outDir, routesPaths, baseUrl }: BuiltRoutes,
  rewrite: (html: string, routePath: string, file: string) => string | undefined,
): void {
  for (const routePath of routesPaths) {
    const file = path.join(outDir, routePath.slice(baseUrl.length), /\.html?$/.test(routePath) ? '' : 'index.html');
    if (!existsSync(file)) continue;
    const html = readFileSync(file, 'utf8');
    const rewritten = rewrite(html, routePath, file);
    if (rewritten !== undefined) writeFileSync(file, rewritten);
  }
}
