// Leaves vendor prefixes and newer CSS syntax to Lightning CSS, which the production build already runs over every stylesheet, instead of postcss-preset-env on each file as well.
import type { Plugin } from '@docusaurus/types';
import { describe, expectShape } from '../shape';

type PostCssPlugin = unknown;

/** `options.plugins` without postcss-preset-env, which Docusaurus lists as `[require.resolve('postcss-preset-env'), options]`. */
export function withoutPresetEnv(plugins: PostCssPlugin[]): PostCssPlugin[] {
  const kept = plugins.filter((plugin) => !/postcss-preset-env/.test(String(Array.isArray(plugin) ? plugin[0] : '')));
  // A renamed or restructured entry would make the filter a silent no-op: the preset's work done twice again.
  expectShape('css-prefixed-by-lightningcss', kept.length === plugins.length - 1, {
    expected: "one PostCSS plugin entry `[<path of postcss-preset-env>, options]` in Docusaurus' configurePostCss options.plugins",
    found: () => `${plugins.length - kept.length} such entries among ${describe(plugins.map((p) => (Array.isArray(p) ? String(p[0]) : typeof p)))}`,
    fix: "read @docusaurus/bundler's lib/loaders/styleLoader.js and update the filter in src/plugins/css-prefixed-by-lightningcss (or delete it if Docusaurus skips the preset when Lightning CSS minifies)",
  });
  return kept;
}

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
      plugins: production ? (withoutPresetEnv(options.plugins ?? []) as typeof options.plugins) : options.plugins,
    }),
  };
}
