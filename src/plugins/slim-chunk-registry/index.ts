// Drops the module paths from the browser's copy of the route chunk registry (only server rendering reads them),
// and the chunk names from JS chunk file names, so the runtime's table of chunk files carries hashes only.
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

/**
 * Docusaurus writes each route chunk into `.docusaurus/registry.js` as `[loader, "@site/…/page.mdx", moduleId]`.
 * The path in the middle is what server rendering reports to find a page's chunks; in the browser nothing reads
 * it, yet the registry (one entry per route chunk, a few hundred here) ships in `main.js` on every page.
 */
export default function slimChunkRegistry(): Plugin {
  return {
    name: 'slim-chunk-registry',
    configureWebpack: (_config, isServer) => {
      if (isServer) return {};
      return {
        // Docusaurus names chunk files `[name].[contenthash]`, so the runtime (on every page) maps each of a few
        // hundred chunk ids to its name as well as to its hash. Named `[id].[contenthash]`, only the hashes remain;
        // chunk names still key the client manifest, and with it server rendering and route-stylesheets.
        output: { chunkFilename: 'assets/js/[id].[contenthash:8].js' },
        module: {
          rules: [{ test: /[\\/]\.docusaurus[\\/]registry\.js$/, use: [{ loader: path.join(__dirname, 'strip-module-paths.cjs') }] }],
        },
      };
    },
  };
}
