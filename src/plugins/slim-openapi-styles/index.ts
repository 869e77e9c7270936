// Drops the OpenAPI theme's code-tab logos for languages this site's API pages do not offer from the request panel's stylesheet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { expectShape } from '../shape';
import type { AcceptedPlugin, Rule } from 'postcss';

/** The class the OpenAPI theme's request explorer gives a code tab: `openapi-tabs__code-item--<logoClass>`. */
const CODE_TAB_CLASS = /\.openapi-tabs__code-item--([\w-]+)/g;

/** Code-tab classes that are not languages: the tabs of a language's samples and variants. */
const NOT_LANGUAGES = ['sample', 'variant'];

/**
 * The theme styles a code tab for each of some twenty languages, each with its logo as a base64 SVG (about 58 KB of
 * the theme's 95 KB stylesheet). The explorer only ever shows the languages of `themeConfig.languageTabs`, so
 * rules that name only other languages go. Read from the config, so adding a language keeps its logo.
 */
function keptCodeTabClasses(context: LoadContext): Set<string> {
  const tabs = (context.siteConfig.themeConfig as { languageTabs?: { logoClass?: string }[] }).languageTabs ?? [];
  return new Set([...tabs.map((tab) => tab.logoClass).filter((c): c is string => Boolean(c)), ...NOT_LANGUAGES]);
}

function dropOtherLanguages(kept: Set<string>): AcceptedPlugin {
  /** True when every selector of the rule names a code tab of a language not offered. */
  const onlyOthers = (rule: Rule) =>
    rule.selectors.every((selector) => [...selector.matchAll(CODE_TAB_CLASS)].some(([, name]) => !kept.has(name)));
  return {
    postcssPlugin: 'slim-openapi-styles',
    Once(root) {
      if (!/[\\/]docusaurus-theme-openapi-docs[\\/]/.test(root.source?.input.file ?? '')) return;
      root.walkRules((rule) => {
        if (onlyOthers(rule)) rule.remove();
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
}

/** The theme's code-tab partial, where the rules this plugin drops are written. */
const CODE_TABS_SCSS = 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/CodeTabs/_CodeTabs.scss';

/** Asserts the partial styles a code tab per language by `.openapi-tabs__code-item--<logoClass>`, kept ones included. */
export function expectCodeTabRules(scss: string | undefined, kept: Set<string>, file: string): void {
  const named = new Set([...(scss ?? '').matchAll(CODE_TAB_CLASS)].map(([, name]) => name));
  const missing = [...kept].filter((name) => !named.has(name));
  expectShape('slim-openapi-styles', scss !== undefined && named.size > kept.size && missing.length === 0, {
    expected: `code-tab rules \`.openapi-tabs__code-item--<logoClass>\` in ${file}, for the kept classes ${[...kept].join(', ')} and others`,
    found: () => (scss === undefined ? 'no such file' : `${named.size} such classes${missing.length ? `, none for ${missing.join(', ')}` : ''}`),
    fix: 'read the theme\'s new code-tab styles and update CODE_TAB_CLASS in src/plugins/slim-openapi-styles (or the logoClass values of themeConfig.languageTabs)',
  });
}

export default function slimOpenapiStyles(context: LoadContext): Plugin {
  const kept = keptCodeTabClasses(context);
  const file = (() => {
    try {
      return require.resolve(CODE_TABS_SCSS);
    } catch {
      return path.join('node_modules', CODE_TABS_SCSS);
    }
  })();
  const scss = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  })();
  expectCodeTabRules(scss, kept, file);
  return {
    name: 'slim-openapi-styles',
    configurePostCss: (options) => ({ ...options, plugins: [...(options.plugins ?? []), dropOtherLanguages(kept)] }),
  };
}
