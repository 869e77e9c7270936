// The server bundle, which only renders the pages at build time, with the code its route chunks share in one chunk.
// Docusaurus splits it like the client (a chunk per route) but turns shared chunks off, so each API page's chunk
// carried its own copy of the OpenAPI theme and Prism: 75 MB of server JS for the bundler to write and the SSG
// workers to parse again, page after page. With the shared chunk it is 16 MB.
import type { Plugin } from '@docusaurus/types';

const serverSharedChunk: Plugin = {
  name: 'server-shared-chunk',
  configureWebpack: (_config, isServer) =>
    isServer
      ? {
          optimization: {
            splitChunks: {
              chunks: 'async',
              cacheGroups: { default: false, defaultVendors: false, shared: { name: 'shared', chunks: 'async', minChunks: 2, enforce: true } },
            },
          },
        }
      : {},
} as Plugin;

export default serverSharedChunk;
