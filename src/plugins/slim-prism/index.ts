// Prism off the first load: code is coloured at build time, token colours are CSS, and the browser fetches Prism
// (with only the grammars the site uses) for a code block first rendered in the browser.
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import { describe, expectShape } from '../shape';

// Resolved the way the theme resolves them: the theme's own grammars come from this same prismjs.
const requireFromTheme = createRequire(require.resolve('@docusaurus/theme-classic'));

type PrismConfig = { theme: PrismTheme; darkTheme?: PrismTheme; additionalLanguages?: string[] };

type Style = Record<string, string | number>;

/** A theme's style per token type, merged in the theme's order as prism-react-renderer merges its entries. */
function stylesByType(theme: PrismTheme): Map<string, Style> {
  const byType = new Map<string, Style>();
  expectShape('slim-prism', Array.isArray(theme?.styles) && theme.styles.every((entry) => Array.isArray(entry.types)), {
    expected: 'a prism-react-renderer theme `{ plain, styles: [{ types: string[], style }] }`',
    found: () => describe(theme),
    fix: 'read the new theme type in prism-react-renderer and update stylesByType in src/plugins/slim-prism',
  });
  for (const { types, languages, style } of theme.styles) {
    if (languages) throw new Error('slim-prism: a Prism theme entry limited to some languages is not supported');
    for (const type of types) byType.set(type, { ...byType.get(type), ...(style as Style) });
  }
  return byType;
}

/**
 * The code token colours of both colour modes as CSS: light by default (so a reader without JavaScript gets it),
 * dark under [data-theme='dark']. Types of the same style share a rule. A token of nested types (a variable
 * inside a string: `token string variable string`) takes the style of its last type, as prism-react-renderer
 * gives it: the second selector of each rule matches the end of the class list, and outranks the first.
 */
export function tokenStylesheet(light: PrismTheme, dark: PrismTheme): string {
  const lightStyles = stylesByType(light);
  const darkStyles = stylesByType(dark);
  const rules: string[] = [];
  for (const [scope, styles, other] of [
    ['', lightStyles, new Map<string, Style>()],
    ["[data-theme='dark'] ", darkStyles, lightStyles],
  ] as const) {
    const groups = new Map<string, string[]>();
    for (const type of new Set([...styles.keys(), ...other.keys()])) {
      // In dark mode, what the light theme sets for a type and the dark one does not goes back to the block's own
      // (a light italic comment is upright in a dark theme that only colours comments).
      const unset = Object.fromEntries(Object.keys(other.get(type) ?? {}).map((property) => [property, 'inherit']));
      const style = { ...unset, ...styles.get(type) };
      const declarations = Object.entries(style)
        .map(([property, value]) => `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${value}`)
        .join(';');
      if (declarations) groups.set(declarations, [...(groups.get(declarations) ?? []), type]);
    }
    for (const [declarations, types] of groups) {
      const block = `${scope}.prism-code .token`;
      rules.push(
        `${block}:is(${types.map((t) => `.${t}`).join()}),${block}.token:is(${types.map((t) => `[class$=' ${t}']`).join()}){${declarations}}`,
      );
    }
  }
  return `${rules.join('\n')}\n`;
}

/**
 * prism-react-renderer's module registers every grammar it bundles: swift, kotlin, rust, C++, GraphQL, Flow and
 * more. A loader swaps that block for prismjs's own files of `languages` and of `prism.additionalLanguages`, so
 * wherever Prism loads it has exactly the site's grammars, and the theme's client module that registered the
 * additional languages (and so put Prism on every page) is emptied. A fence in a language neither list has
 * renders as plain text, on the server and in the browser alike.
 *
 * The browser build of the code-block body (src/theme/CodeBlock/Content) takes useTokenLines.browser.ts, which
 * loads Prism only when a block is rendered in the browser rather than hydrated.
 */
export default function slimPrism(context: LoadContext, { languages }: { languages: string[] }): Plugin {
  const prism = (context.siteConfig.themeConfig as { prism: PrismConfig }).prism;
  const files = [...languages, ...(prism.additionalLanguages ?? [])].map((language) =>
    requireFromTheme.resolve(`prismjs/components/prism-${language}.js`),
  );
  // The loader rule below empties this file by path; if the theme moved it, Prism would be back on every page.
  const includeLanguages = (() => {
    try {
      return requireFromTheme.resolve('@docusaurus/theme-classic/lib/prism-include-languages.js');
    } catch {
      return undefined;
    }
  })();
  expectShape('slim-prism', includeLanguages, {
    expected: "theme-classic's client module lib/prism-include-languages.js (it registers additionalLanguages)",
    found: 'no such file in @docusaurus/theme-classic',
    fix: 'find where the theme now registers additional Prism languages and update the rule in src/plugins/slim-prism',
  });
  const stylesheet = path.join(context.generatedFilesDir, 'slim-prism', 'tokens.css');
  mkdirSync(path.dirname(stylesheet), { recursive: true });
  writeFileSync(stylesheet, tokenStylesheet(prism.theme, prism.darkTheme ?? prism.theme));
  return {
    name: 'slim-prism',
    getClientModules: () => [stylesheet],
    configureWebpack: (_config, isServer, { currentBundler }) => ({
      module: {
        rules: [
          {
            test: /[\\/]prism-react-renderer[\\/]dist[\\/]index\.mjs$/,
            use: [{ loader: path.join(__dirname, 'keep-languages.cjs'), options: { files } }],
          },
          {
            test: /[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            use: [{ loader: path.join(__dirname, 'empty-module.cjs') }],
          },
        ],
      },
      plugins: isServer
        ? []
        : [new currentBundler.instance.NormalModuleReplacementPlugin(/^\.\/useTokenLines$/, './useTokenLines.browser')],
    }),
  };
}
