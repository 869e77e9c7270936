// docusaurus-plugin-openapi-docs, required only when one of its commands runs (`docusaurus gen-api-docs` and the
// others it adds): extendCli is its one hook, and requiring it (openapi-to-postman, Redocly, lodash…) took about
// 0.9 s of every start and build. scripts/gen-api-docs.ts loads it through loadOpenapiDocsPlugin.
import type { LoadContext, Plugin } from '@docusaurus/types';
import { describe, expectShape } from '../shape';

export type OpenapiDocsOptions = { id?: string; config: Record<string, { outputDir: string } & Record<string, unknown>> } & Record<string, unknown>;

type Schema = { validate(value: unknown): { value: unknown; error?: Error } };
/** What the plugin reads of the Docusaurus context. */
type CliContext = { siteDir: string; siteConfig: object };
type OpenapiPlugin = ((context: CliContext, options: OpenapiDocsOptions) => { extendCli(cli: unknown): void }) & {
  validateOptions(args: { options: unknown; validate: (schema: Schema, options: unknown) => unknown }): OpenapiDocsOptions;
};

/** The plugin with its options checked and completed by its own schema, as Docusaurus does before it starts one. */
export function loadOpenapiDocsPlugin(context: CliContext, options: unknown) {
  const plugin = require('docusaurus-plugin-openapi-docs').default as OpenapiPlugin;
  const fix = 'read the plugin\'s lib/index.js and update src/plugins/openapi-docs-cli (and scripts/gen-api-docs.ts)';
  expectShape('openapi-docs-cli', typeof plugin === 'function' && typeof plugin.validateOptions === 'function', {
    expected: 'docusaurus-plugin-openapi-docs to default-export a plugin function with a `validateOptions` static',
    found: () => describe(plugin),
    fix,
  });
  const validated = plugin.validateOptions({
    options,
    validate: (schema, value) => {
      const { value: valid, error } = schema.validate(value);
      if (error) throw new Error(`docusaurus-plugin-openapi-docs options: ${error.message}`);
      return valid;
    },
  });
  const instance = plugin(context, validated);
  expectShape('openapi-docs-cli', typeof instance?.extendCli === 'function', {
    expected: 'the plugin instance to have `extendCli`, its one hook',
    found: () => `an instance with ${describe(instance)}`,
    fix,
  });
  return { instance, options: validated };
}

/**
 * This module, as the site config names it in its plugins: relative to the config, as Docusaurus resolves it (the
 * site config ships in main.js, so an absolute path would name the build machine's folders).
 */
export const OPENAPI_DOCS_CLI_PLUGIN = './src/plugins/openapi-docs-cli/index.ts';

export default function openapiDocsCli(context: LoadContext, options: OpenapiDocsOptions): Plugin {
  return {
    name: 'docusaurus-plugin-openapi-docs',
    extendCli(cli) {
      loadOpenapiDocsPlugin(context, options).instance.extendCli(cli);
    },
  };
}
