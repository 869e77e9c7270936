// Drops the Infima components and spacing utilities no page of this site uses from the stylesheet every page loads.
import type { Plugin } from '@docusaurus/types';
import type { AcceptedPlugin, Rule } from 'postcss';

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
    if (!/[\\/]infima[\\/]/.test(root.source?.input.file ?? '')) return;
    root.walkRules((rule) => {
      if (onlyDropped(rule)) rule.remove();
    });
    // Media queries left empty by the removals.
    root.walkAtRules((atRule) => {
      if (atRule.nodes?.length === 0) atRule.remove();
    });
  },
};

export default function slimInfima(): Plugin {
  return {
    name: 'slim-infima',
    configurePostCss: (options) => ({ ...options, plugins: [...(options.plugins ?? []), dropUnusedInfima] }),
  };
}
