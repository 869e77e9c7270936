// Keeps mark.js (the search plugin's highlighter for `?_highlight=` links) out of every page's first load: the
// plugin's generated module imports it statically, so the bundler resolves that import to LazyMark instead.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { expectShape } from '../shape';

// Resolved the way the search plugin resolves it, so the alias names the very file its generated module imports.
const requireFromSearchPlugin = createRequire(require.resolve('@easyops-cn/docusaurus-search-local'));

/** The line the search plugin writes into its generated module (utils/generate.js), which the alias relies on. */
export function markImportLine(markPath: string): string {
  return `export { default as Mark } from ${JSON.stringify(markPath)}`;
}

/** Asserts the search plugin's generated module imports mark.js from `markPath` (else the alias would miss it). */
export function expectMarkImport(generated: string | undefined, markPath: string, file: string): void {
  const line = markImportLine(markPath);
  expectShape('lazy-search-highlight', generated?.split('\n').includes(line), {
    expected: `the search plugin's generated module to hold \`${line}\``,
    found: () =>
      generated === undefined
        ? `no file ${file}`
        : `${generated.split('\n').find((l) => /\bMark\b/.test(l)) ?? 'no line naming Mark'} in ${file}`,
    fix: 'read utils/generate.js of @easyops-cn/docusaurus-search-local and update the alias in src/plugins/lazy-search-highlight (or delete it if mark.js is loaded on demand)',
  });
}

export default function lazySearchHighlight(context: LoadContext): Plugin {
  const markPath = requireFromSearchPlugin.resolve('mark.js');
  return {
    name: 'lazy-search-highlight',
    configureWebpack: () => {
      // The search plugin writes its module when it is created, before any bundler config is asked for.
      const file = path.join(context.generatedFilesDir, '@easyops-cn', 'docusaurus-search-local', 'default', 'generated.js');
      let generated: string | undefined;
      try {
        generated = readFileSync(file, 'utf8');
      } catch {
        generated = undefined;
      }
      expectMarkImport(generated, markPath, file);
      return {
        resolve: {
          // The search plugin writes `export { default as Mark } from "<resolved path of mark.js>"`.
          alias: { [`${markPath}$`]: path.join(__dirname, 'LazyMark.ts') },
        },
      };
    },
  };
}
