// Regenerates catalyst/api/ from openapi/ (emptied, then the OpenAPI plugin's own generator, run without starting Docusaurus) and prints one summary line instead of the plugin's line per file.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@docusaurus/types';

import { loadOpenapiDocsPlugin, OPENAPI_DOCS_CLI_PLUGIN, type OpenapiDocsOptions } from '../src/plugins/openapi-docs-cli';

type Command = (id: string, command: { opts(): Record<string, unknown> }) => Promise<void>;

/**
 * The plugin's `gen-api-docs` command with the site's options for it. `docusaurus gen-api-docs` loads the whole
 * site and every plugin to reach this one (about 2 s of every build); the plugin only reads the options and the
 * docs instance it writes into, so it is called here with the site config alone.
 */
function genApiDocsCommand(root: string, siteConfig: Config): { command: Command; options: OpenapiDocsOptions } {
  const entry = siteConfig.plugins?.find((p) => Array.isArray(p) && p[0] === OPENAPI_DOCS_CLI_PLUGIN);
  if (!Array.isArray(entry)) throw new Error('docusaurus.config.ts has no docusaurus-plugin-openapi-docs entry');
  const commands = new Map<string, Command>();
  let name = '';
  // Just enough of commander for the plugin to declare its commands.
  const cli = {
    command: (n: string) => ((name = n), cli),
    description: () => cli,
    usage: () => cli,
    arguments: () => cli,
    option: () => cli,
    action: (fn: Command) => (commands.set(name, fn), cli),
  };
  const { instance, options } = loadOpenapiDocsPlugin({ siteDir: root, siteConfig }, entry[1]);
  instance.extendCli(cli);
  const command = commands.get('gen-api-docs');
  if (!command) throw new Error('docusaurus-plugin-openapi-docs has no gen-api-docs command');
  return { command, options };
}

/** Writes the API pages and returns the summary line. */
export async function generateApiPages(root: string): Promise<string> {
  // The plugin writes to its outputDir relative to the working directory, as under `docusaurus`.
  process.chdir(root);
  const siteConfig = (await import('../docusaurus.config')).default as Config;
  const { command, options } = genApiDocsCommand(root, siteConfig);
  const written: string[] = [];
  for (const [id, { outputDir }] of Object.entries(options.config)) {
    // outputDir holds only generated files (it is ignored by git), so emptying it does what the plugin's
    // clean-api-docs does.
    rmSync(path.join(root, outputDir), { recursive: true, force: true });
    // The plugin logs a line per file and reports a failed write with console.error but carries on.
    const errors: string[] = [];
    const { log, error } = console;
    console.log = () => undefined;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      await command(id, { opts: () => ({}) });
    } finally {
      Object.assign(console, { log, error });
    }
    if (errors.length) throw new Error(`${errors.join('\n')}\nopenapi: generating ${id} into ${outputDir} failed`);
    written.push(`${readdirSync(path.join(root, outputDir)).length} files in ${outputDir}`);
  }
  return `openapi: ${written.join(', ')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  generateApiPages(path.join(__dirname, '..')).then(
    (summary) => console.log(summary),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
