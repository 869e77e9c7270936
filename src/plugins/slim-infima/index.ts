// Drops the Infima components and spacing utilities no page of this site uses from the stylesheet every page loads.
import { createRequire } from 'node:module';
import type { Plugin } from '@docusaurus/types';
import type { AcceptedPlugin, Rule } from 'postcss';
import { expectShape } from '../shape';

/**
 * Infima classes no page renders: avatars and pills (blog and marketing widgets), button groups, numbered
 * pagination (the docs' previous/next links are `pagination-nav`, kept), and the margin and padding utilities
 * outside `KEPT_SPACING`. A test in tests/e2e/budgets.spec.ts reads the class attributes of every built page and
 * fails, naming the page and the class, if one uses a dropped class, so a writer who reaches for one learns to take
 * it off this list.
 */
export const DROPPED_CLASS =
  /^(?:(?:avatar|pills|button-group|pagination(?!-nav))(?:[-_][\w-]*)?|(?:margin|padding)(?:-(?:top|bottom|left|right|vert|horiz))?--(?:none|xs|sm|md|lg|xl))$/;

/** Spacing utilities the theme, the OpenAPI theme, the search bar or this site's own components use. */
export const KEPT_SPACING = new Set([
  'margin-top--sm', 'margin-top--md', 'margin-top--lg', 'margin-bottom--sm', 'margin-bottom--md', 'margin-bottom--xl',
  'margin-vert--md', 'margin-vert--lg', 'margin-vert--xl', 'margin-left--sm', 'margin-right--md',
  'padding--none', 'padding--lg', 'padding-top--md', 'padding-bottom--lg', 'padding-left--none',
]);

export function isDroppedClass(name: string): boolean {
  return DROPPED_CLASS.test(name) && !KEPT_SPACING.has(name);
}

/** True when every selector of the rule names a dropped class (a rule shared with a kept class stays). */
function onlyDropped(rule: Rule): boolean {
  return rule.selectors.every((selector) =>
    [...selector.matchAll(/\.([a-zA-Z][\w-]*)/g)].some(([, name]) => isDroppedClass(name)),
  );
}

const dropUnusedInfima: AcceptedPlugin = {
  postcssPlugin: 'slim-infima',
  Once(root) {
    const file = root.source?.input.file ?? '';
    if (!/[\\/]infima[\\/]/.test(file)) return;
    let dropped = 0;
    root.walkRules((rule) => {
      if (onlyDropped(rule)) {
        rule.remove();
        dropped += 1;
      }
    });
    // Infima's stylesheet has always had avatars and pills; none found means its class names changed.
    expectShape('slim-infima', dropped > 0, {
      expected: `Infima rules for .avatar, .pills, .button-group, .pagination and spacing utilities in ${file}`,
      found: 'none',
      fix: "read the new Infima stylesheet and update DROPPED_CLASS in src/plugins/slim-infima (or delete the plugin if Infima became modular)",
    });
    // Media queries left empty by the removals.
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
  },
};

export default function slimInfima(): Plugin {
  // Stylesheets are recognised by an `/infima/` folder in their path: the one theme-classic imports must have one.
  const infimaCss = (() => {
    try {
      return createRequire(require.resolve('@docusaurus/theme-classic')).resolve('infima/dist/css/default/default.css');
    } catch {
      return undefined;
    }
  })();
  expectShape('slim-infima', infimaCss && /[\\/]infima[\\/]/.test(infimaCss), {
    expected: "theme-classic's stylesheet infima/dist/css/default/default.css, in a folder named infima",
    found: infimaCss ?? 'no such file resolved from @docusaurus/theme-classic',
    fix: "read theme-classic's getClientModules and update the path test in src/plugins/slim-infima",
  });
  return {
    name: 'slim-infima',
    configurePostCss: (options) => ({ ...options, plugins: [...(options.plugins ?? []), dropUnusedInfima] }),
  };
}
