// Keeps mark.js (the search plugin's highlighter for `?_highlight=` links) out of every page's first load: the
// plugin's generated module imports it statically, so the bundler resolves that import to LazyMark instead.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

// Resolved the way the search plugin resolves it, so the alias names the very file its generated module imports.
const requireFromSearchPlugin = createRequire(require.resolve('@easyops-cn/docusaurus-search-local'));

export default function lazySearchHighlight(): Plugin {
  return {
    name: 'lazy-search-highlight',
    configureWebpack: () => ({
      resolve: {
        // The search plugin writes `export { default as Mark } from "<resolved path of mark.js>"`.
        alias: { [`${requireFromSearchPlugin.resolve('mark.js')}$`]: path.join(__dirname, 'LazyMark.ts') },
      },
    }),
  };
}
