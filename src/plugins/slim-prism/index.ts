// Ships only the Prism grammars the site's code blocks use: prism-react-renderer bundles some thirty.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

// Resolved the way the theme resolves them: the theme adds `prism.additionalLanguages` from this same prismjs.
const requireFromTheme = createRequire(require.resolve('@docusaurus/theme-classic'));

/**
 * prism-react-renderer's module (which the theme's CodeBlock and the API pages' code samples import) registers
 * every grammar it bundles: swift, kotlin, rust, C++, GraphQL, Flow and more, about 15 KB gzipped on every page. A
 * loader swaps that block for prismjs's own files of `languages`, the bundled ones these pages use; the
 * languages in `prism.additionalLanguages` (bash, java, C#, …) are added by the theme as before. A fence in a
 * language neither list has renders as plain text, on the server and in the browser alike.
 */
export default function slimPrism({ languages }: { languages: string[] }): Plugin {
  const files = languages.map((language) => requireFromTheme.resolve(`prismjs/components/prism-${language}.js`));
  return {
    name: 'slim-prism',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /[\\/]prism-react-renderer[\\/]dist[\\/]index\.mjs$/,
            use: [{ loader: path.join(__dirname, 'keep-languages.cjs'), options: { files } }],
          },
        ],
      },
    }),
  };
}
