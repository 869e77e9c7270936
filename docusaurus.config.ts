import path from 'node:path';
import type { Config, LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { themes as prismThemes } from 'prism-react-renderer';

import { sections, landingPath, type Section } from './src/sections';
import { gtagOptions, thirdPartyHeadTags } from './src/thirdParty';
import { colorModeInlineScript } from './src/colorMode';
import { announcementInlineScript } from './src/announcementBar';
import { accessiblePrismTheme } from './src/prismThemes';
import { siteOrigin } from './src/siteOrigin';
import { unpublishedSsrTemplate } from './src/unpublishedHead';
import stockSsrTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import openApiTheme from 'docusaurus-theme-openapi-docs';
import markdownTwins from './src/plugins/markdown-twins';
import { buildTimeMermaidStyles, remarkBuildTimeMermaid } from './src/plugins/build-time-mermaid';
import routeScripts from './src/plugins/route-scripts';
import routeSections from './src/plugins/route-sections';
import oneCompilerBundling, { bundleOnlyFrom, fasterFlags } from './src/plugins/one-compiler-bundling';
import routeStylesheets from './src/plugins/route-stylesheets';
import lazySearchHighlight from './src/plugins/lazy-search-highlight';
import searchWithShards from './src/plugins/search-shards';
import slimChunkRegistry from './src/plugins/slim-chunk-registry';
import slimPrism from './src/plugins/slim-prism';
import slimInfima from './src/plugins/slim-infima';
import slimOpenapiStyles from './src/plugins/slim-openapi-styles';
import cssPrefixedByLightningcss from './src/plugins/css-prefixed-by-lightningcss';
import apiMarkdown from './src/plugins/api-markdown';
import { OPENAPI_DOCS_CLI_PLUGIN } from './src/plugins/openapi-docs-cli';
import serverSharedChunk from './src/plugins/server-shared-chunk';
import buildChecks from './src/plugins/build-checks';

const SITE_TITLE = 'Diagrid Docs';
// Change the id whenever the announcement text changes: readers who closed the old one see the new one.
const ANNOUNCEMENT = {
  id: 'docs-2026-11-first-call',
  content: 'New here? <a href="/catalyst/getting-started/first-api-call">Make your first Catalyst API call</a>.',
};
// The opening paragraph of /llms.txt: what the platform is, for a reader who knows nothing of it.
const LLMS_SUMMARY =
  'Diagrid builds on Dapr, the open-source runtime for distributed applications. Catalyst serves the Dapr APIs (state, pub/sub, service invocation, bindings, workflows, jobs and conversation) on hosted endpoints, so apps call them without running a sidecar. Conductor installs, upgrades and watches Dapr on your own Kubernetes clusters. Enterprise Dapr (D3E) is a hardened distribution of open-source Dapr. Workflow Composer turns a workflow diagram into a runnable Dapr Workflow project.';
// The published origin (SITE_URL), required and checked in a deploy build; a local build publishes nowhere and
// names no host in its pages' heads, Markdown twins or llms.txt files (see src/siteOrigin.ts).
const origin = siteOrigin(process.env);
// Writers get warnings in the dev server; CI and every production build in a pipeline fail instead.
const brokenLinks = process.env.CI ? 'throw' : 'warn';

/** The docs-plugin options every section shares; only the row of the sections table differs. */
function docsOptions(section: Section): DocsOptions {
  return {
    ...(section.id === 'catalyst' && { docItemComponent: '@site/src/components/CatalystDocItem' }),
    path: section.folder,
    routeBasePath: section.routeBasePath,
    sidebarPath: section.sidebarPath,
    versions: { current: { label: 'Next' } },
    exclude: ['**/README.md', '**/_*.{md,mdx}', '**/*.test.{js,ts}', '**/__tests__/**'],
    // ```mermaid fences become inline SVG at build time, so no page ships a diagram renderer.
    beforeDefaultRemarkPlugins: [remarkBuildTimeMermaid],
  } as DocsOptions;
}

// Every section is an instance of the docs plugin wrapped to leave the map of every doc out of its route props (see
// src/plugins/docs-lean-version-props); the OpenAPI plugin finds the Catalyst instance by this same module path.
// Relative to this file (Docusaurus resolves plugin paths from the config): the site config is in main.js, and an
// absolute path there would name the build machine's folders on every page.
const DOCS_PLUGIN = './src/plugins/docs-lean-version-props/index.ts';

// First-paint corrections to the theme's own inline scripts; preBodyTags keep plugin order, so these run
// after the theme's and before anything is painted (see src/colorMode.ts and src/announcementBar.ts).
const firstPaintFixes: Plugin = {
  name: 'first-paint-fixes',
  injectHtmlTags: () => ({
    preBodyTags: [
      { tagName: 'script', innerHTML: colorModeInlineScript },
      { tagName: 'script', innerHTML: announcementInlineScript(ANNOUNCEMENT.id) },
    ],
  }),
} as Plugin;

// The API explorer's code-sample generator ships every language Postman supports plus faker's data set
// (about 1.7 MB gzipped). Operations carry hand-written SDK samples, so only curl is generated, by a small
// module of ours (see src/apiExplorer/).
const slimApiExplorer: Plugin = {
  name: 'slim-api-explorer',
  configureWebpack: () => ({
    resolve: {
      alias: {
        'postman-code-generators$': path.resolve(__dirname, 'src/apiExplorer/curlSnippets.ts'),
        '@faker-js/faker/locale/en$': path.resolve(__dirname, 'src/apiExplorer/fakerStub.js'),
      },
    },
  }),
} as Plugin;

// The OpenAPI theme as it is, except that it no longer adds its stylesheet to every page of the site: the API
// pages import it (src/theme/ApiExplorer/MethodEndpoint, src/theme/ApiLogo).
const openApiThemeWithoutGlobalStyles: PluginModule = (context, options) => ({
  ...((openApiTheme as unknown as PluginModule)(context, options) as Plugin),
  getClientModules: () => [],
});

const config: Config = {
  title: SITE_TITLE,
  tagline: 'Documentation for Catalyst, Conductor, enterprise Dapr and the Workflow Composer',
  favicon: 'img/favicon.svg',
  url: origin.url,
  baseUrl: '/',
  trailingSlash: undefined,
  onBrokenLinks: brokenLinks,
  onBrokenAnchors: brokenLinks,
  onDuplicateRoutes: brokenLinks,
  markdown: {
    hooks: { onBrokenMarkdownLinks: brokenLinks },
  },
  // No page shows when it last changed, so the build reads no Git history (git runs beside every start otherwise).
  future: { v4: true, faster: fasterFlags(bundleOnlyFrom(process.env)), experimental_vcs: false },
  i18n: { defaultLocale: 'en', locales: ['en'] },
  // Keys without a namespace suffix: the theme choice lives under `theme`, as src/colorMode.ts expects.
  storage: { type: 'localStorage', namespace: false },
  headTags: thirdPartyHeadTags(process.env),
  ...(!origin.published && { ssrTemplate: unpublishedSsrTemplate(stockSsrTemplate, origin.url) }),

  presets: [
    [
      'classic',
      {
        docs: false,
        blog: false,
        pages: { exclude: ['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/*.test.{js,jsx,ts,tsx}', '**/README.md'] },
        theme: { customCss: './src/css/custom.css' },
        sitemap: { changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/tags/**', '/**/tags/**', '/search'] },
        gtag: gtagOptions(process.env),
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    openApiThemeWithoutGlobalStyles,
    [
      // @easyops-cn/docusaurus-search-local, its index cut into shards a query fetches as it needs them.
      searchWithShards,
      {
        hashed: true,
        language: ['en'],
        indexDocs: true,
        indexBlog: false,
        indexPages: true,
        docsRouteBasePath: sections.map((s) => s.routeBasePath),
        docsDir: sections.map((s) => s.folder),
        removeDefaultStopWordFilter: true,
        searchResultLimits: 8,
        searchResultContextMaxLength: 50,
        explicitSearchResultPath: true,
        searchBarShortcut: true,
        searchBarShortcutHint: true,
        highlightSearchTermsOnTargetPage: true,
        searchContextByPaths: sections.map((s) => ({ label: s.label, path: s.routeBasePath })),
        // Pages outside every section (home, search, not-found) search everything; inside a section an empty
        // result offers "See all results outside {context}".
        useAllContextsWithNoSearchContext: true,
        // Code samples repeat the same calls in five languages; indexing them bloats the index and ranks
        // pages by their code instead of their explanation.
        // Generated reference pages wrap link lists and flag, field and fact tables in `.search-skip` (see
        // scripts/generated-docs.ts): repeated on hundreds of pages, they would bloat the index and outrank guides.
        ignoreCssSelectors: ['.theme-code-block', '.search-skip'],
        ignoreFiles: [/^conductor\/release-notes/, /^catalyst\/release-notes/, /README/i],
      },
    ],
  ],

  plugins: [
    ...sections.map((s): [string, DocsOptions] => [DOCS_PLUGIN, { id: s.id, ...docsOptions(s) }]),
    () => firstPaintFixes,
    () => buildTimeMermaidStyles,
    () => slimApiExplorer,
    // The OpenAPI theme's stylesheet and the component catalogue's are linked only from the pages that use them.
    () =>
      routeStylesheets([
        { name: 'api-styles', test: /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]styles\.scss$/ },
        // Loaded with the request panel's chunk, not linked from any page.
        { name: 'api-explorer-styles', test: /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiExplorer[\\/]explorer-panel\.scss$/ },
        { name: 'catalogue-styles', test: /src[\\/]components[\\/]ComponentCatalogue[\\/]styles\.module\.css$/ },
        // Loaded with the search bar's autocomplete (the result rows' icons), not linked from any page.
        { name: 'search-result-icons', test: /src[\\/]search[\\/]suggestionIcons\.css$/ },
      ]),
    // Each page's route chunks are deferred scripts in its HTML, fetched beside main.js rather than after it.
    routeScripts,
    // Each docs section's routes load with its pages, not with main.js on every page of the site.
    routeSections,
    lazySearchHighlight,
    slimChunkRegistry,
    // Of the grammars prism-react-renderer bundles, the ones these pages' code blocks use (markup for xml; clike
    // under java, C# and go); themeConfig.prism.additionalLanguages adds the rest.
    (context: LoadContext) => slimPrism(context, { languages: ['markup', 'clike', 'javascript', 'yaml', 'python', 'go'] }),
    // Infima's avatars, pills, button groups, numbered pagination and unused spacing utilities leave the stylesheet.
    slimInfima,
    // The OpenAPI theme's code-tab logos of languages the API pages do not offer leave the request panel's stylesheet.
    (context: LoadContext) => slimOpenapiStyles(context),
    // Production CSS is prefixed by the Lightning CSS minimizer alone, not by postcss-preset-env first.
    cssPrefixedByLightningcss,
    // The server bundle (page rendering at build time): one chunk of shared code, not a copy of it in each page's chunk.
    () => serverSharedChunk,
    // A Markdown twin of every page, /llms.txt and each section's llms.txt and llms-full.txt (see the README).
    (context: LoadContext) =>
      markdownTwins(context, {
        openapiPath: 'openapi/catalyst.yaml',
        summary: LLMS_SUMMARY,
        siteUrl: origin.published ?? '',
        // Catalyst's two generated references (over 200 pages) get indexes of their own, so no llms.txt passes the
        // 50,000 characters agents read whole; /llms.txt links each index directly.
        ownIndexes: [
          {
            route: '/catalyst/references/cli-reference/',
            label: 'Catalyst CLI reference',
            pitch: 'Every `diagrid` command for Catalyst, with its usage, flags and examples, and how to install and log in.',
          },
          {
            route: '/catalyst/references/components-reference/',
            label: 'Catalyst components reference',
            pitch:
              "Every Dapr state, pub/sub, binding, secret store, conversation and lock component: which ones a hosted Catalyst project can use, and each one's fields, authentication options and a definition to start from.",
          },
        ],
      }),
    // The API pages render the spec's Markdown without a Markdown library in the browser (checked in the build).
    (context: LoadContext) => apiMarkdown(context, { spec: 'openapi/catalyst.yaml' }),
    // Fails the build on a doc missing from its sidebar, an API page rendered as a plain doc, or a page nothing links to.
    buildChecks,
    // The OpenAPI plugin, loaded only when its commands run (scripts/gen-api-docs.ts generates catalyst/api/ with it).
    [
      OPENAPI_DOCS_CLI_PLUGIN,
      {
        id: 'api',
        docsPlugin: DOCS_PLUGIN,
        docsPluginId: 'catalyst',
        config: {
          catalyst: {
            // The one source of the API reference: catalyst/api/ is generated from it and never edited.
            specPath: 'openapi/catalyst.yaml',
            outputDir: 'catalyst/api',
            sidebarOptions: { groupPathsBy: 'tag' },
            hideSendButton: false,
            showSchemas: false,
            // The operation goes into front matter as plain JSON: the page reads it without an inflate library
            // (pako, ~10 KB gz), and plain JSON gzips on the wire where base64 of deflate cannot.
            disableCompression: true,
          },
        },
      },
    ],
    // Last: on a large site's bundling runs it empties the compiler a run does not keep, after every plugin above has
    // added to it (scripts/build-site.ts).
    oneCompilerBundling,
  ],

  themeConfig: {
    metadata: [{ name: 'theme-color', content: '#0b1220' }],
    colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: true },
    announcementBar: { ...ANNOUNCEMENT, isCloseable: true },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: {
      title: SITE_TITLE,
      hideOnScroll: true,
      // No `logo`: src/css/custom.css draws it beside the title (see there).
      items: [
        ...sections.map((s) => ({
          type: 'doc' as const,
          docId: s.landingDocId,
          docsPluginId: s.id,
          label: s.navLabel,
          position: 'left' as const,
        })),
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Products',
          items: sections.map((s) => ({ label: s.label, to: landingPath(s) })),
        },
        {
          title: 'Start here',
          items: [
            { label: 'First Catalyst API call', to: '/catalyst/getting-started/first-api-call' },
            { label: 'Search the docs', to: '/search' },
            { label: 'Glossary', to: '/markdown-page' },
          ],
        },
        {
          title: 'Community',
          items: [
            { label: 'GitHub', href: 'https://github.com/diagridio' },
            { label: 'LinkedIn', href: 'https://www.linkedin.com/company/diagrid' },
            { label: 'X', href: 'https://x.com/diagridio' },
            { label: 'YouTube', href: 'https://www.youtube.com/@diagrid' },
          ],
        },
      ],
      // The last line points AI tools at the index of every page in Markdown; agents look for a visible /llms.txt link.
      copyright:
        `Copyright © ${new Date().getFullYear()} Diagrid, Inc. Dapr is a trademark of The Linux Foundation.` +
        '<span class="footer-llms">For AI tools: <a href="/llms.txt">llms.txt</a>, every page in Markdown</span>',
    },
    prism: {
      // The stock themes' token colours fall below WCAG AA; these keep the palettes at 4.5:1 or better.
      theme: accessiblePrismTheme(prismThemes.github),
      darkTheme: accessiblePrismTheme(prismThemes.oceanicNext),
      additionalLanguages: ['bash', 'java', 'csharp', 'powershell', 'json', 'properties'],
    },
    // curl first, then the five Dapr SDK languages; codeSampleLanguage matches the spec's x-codeSamples `lang`.
    // The API token a reader types into Send request lasts for the browser tab only.
    api: { authPersistence: 'sessionStorage', hideGeneratedSnippets: true },
    languageTabs: [
      { highlight: 'bash', language: 'curl', logoClass: 'curl' },
      { highlight: 'python', language: 'python', codeSampleLanguage: 'python', logoClass: 'python' },
      { highlight: 'java', language: 'java', codeSampleLanguage: 'java', logoClass: 'java' },
      { highlight: 'csharp', language: 'csharp', codeSampleLanguage: 'csharp', logoClass: 'csharp' },
      { highlight: 'javascript', language: 'nodejs', codeSampleLanguage: 'nodejs', logoClass: 'nodejs' },
      { highlight: 'go', language: 'go', codeSampleLanguage: 'go', logoClass: 'go' },
    ],
  } satisfies Preset.ThemeConfig,
};

export default config;
