// Leaves vendor prefixes and newer CSS syntax to Lightning CSS, which the production build already runs over every stylesheet, instead of postcss-preset-env on each file as well.
import type { Plugin } from '@docusaurus/types';

/**
 * Docusaurus runs every stylesheet through postcss-preset-env (prefixes and lowering for the browserslist targets),
 * and postcss-loader searches the folders above each stylesheet for a PostCSS config file. The production build
 * then minifies with Lightning CSS given the same targets, which prefixes and lowers the same way: the preset's
 * work is done twice and the search finds nothing (this site has no PostCSS config). Together they were about
 * 2 s of the bundler's main thread in a cold build. The built stylesheets differ only in prefixes no target needs;
 * the development server, which does not minify, keeps the preset.
 */
export default function cssPrefixedByLightningcss(): Plugin {
  const production = process.env.NODE_ENV === 'production';
  return {
    name: 'css-prefixed-by-lightningcss',
    configurePostCss: (options) => ({
      ...options,
      config: false,
      plugins: production ? (options.plugins ?? []).filter((plugin) => !/postcss-preset-env/.test(String(Array.isArray(plugin) ? plugin[0] : ''))) : options.plugins,
    }),
  };
}
