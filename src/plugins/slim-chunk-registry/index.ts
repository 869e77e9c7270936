// Drops the module paths from the browser's copy of the route chunk registry: only server rendering reads them.
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
        module: {
          rules: [{ test: /[\\/]\.docusaurus[\\/]registry\.js$/, use: [{ loader: path.join(__dirname, 'strip-module-paths.cjs') }] }],
        },
      };
    },
  };
}
