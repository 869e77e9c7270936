// On the bundling runs of a large site (scripts/build-site.ts, from SPLIT_FROM pages up) Docusaurus's two
// compilers, client and server, run in processes of their own: the run that keeps one compiler empties the other.
// Rspack holds what a compilation built (modules, code, assets) until its process ends, so in one process the server
// compilation's memory came on top of the client's: at ten times the pages, bundling peaked at 3.86 GiB with the
// server compiled after the client, against 3.11 GiB (client) and 2.39 GiB (server) in separate processes.
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/** The switch scripts/build-site.ts sets on each bundling run: which compiler that run keeps. */
export const BUNDLE_ONLY = 'DIAGRID_BUNDLE_ONLY';

export type CompilerName = 'client' | 'server';

/** The compiler a run keeps, from the environment; undefined when both run (every build below the threshold). */
export function bundleOnlyFrom(env: NodeJS.ProcessEnv): CompilerName | undefined {
  const value = env[BUNDLE_ONLY];
  if (value === undefined || value === '') return undefined;
  if (value === 'client' || value === 'server') return value;
  throw new Error(`${BUNDLE_ONLY}=${JSON.stringify(value)}: give client or server`);
}

/**
 * The site config's `future.faster`: all of Docusaurus Faster, except that a one-compiler run turns off the MDX
 * cross-compiler cache. That cache makes the server compiler wait for the client's result for each MDX file, so with
 * the client compiler emptied the server run would wait forever, and with the server emptied the client's results
 * would stay in the cache, unread, until the end. The other flags follow `future.v4` (fasterByDefault), which is on.
 */
export function fasterFlags(only: CompilerName | undefined): true | { mdxCrossCompilerCache: false } {
  return only === undefined ? true : { mdxCrossCompilerCache: false };
}

/** The dropped compiler's entry: a module with nothing in it. */
export const EMPTY_ENTRY = path.join(__dirname, 'empty.js');

/** What a compiler's configuration must look like for this plugin to empty it. */
interface EmptiableConfig {
  name?: string;
  entry?: unknown;
  output?: Record<string, unknown>;
  plugins?: unknown[];
}

/**
 * Empties the configuration of the compiler this run does not keep, in place: an empty module for its entry, its
 * output to `droppedDir` (never the site's output folder) and no bundler plugins (ours check the assets of a real
 * build; the client's manifest writer would overwrite the real client manifest in the generated files). Leaves the
 * kept compiler's configuration as it is. Stops when Docusaurus names its compilers otherwise.
 */
export function emptyDroppedCompiler(config: EmptiableConfig, isServer: boolean, only: CompilerName, droppedDir: string): void {
  const expected: CompilerName = isServer ? 'server' : 'client';
  if (config.name !== expected) {
    throw new Error(
      `[one-compiler-bundling] expected Docusaurus to name its ${expected} compiler "${expected}", found ${JSON.stringify(config.name)}: ` +
        'update src/plugins/one-compiler-bundling (UPGRADING.md row build:two-process)',
    );
  }
  if (expected === only) return;
  config.entry = { dropped: EMPTY_ENTRY };
  config.output = { ...config.output, path: path.join(droppedDir, expected) };
  config.plugins = [];
}

/**
 * Registered last among the site's plugins: Docusaurus calls `configureWebpack` in plugin order, and the plugins before
 * this one have then added what the emptied configuration must lose.
 */
export default function oneCompilerBundling({ generatedFilesDir }: LoadContext): Plugin {
  const only = bundleOnlyFrom(process.env);
  return {
    name: 'one-compiler-bundling',
    configureWebpack: (config, isServer) => {
      if (only !== undefined) emptyDroppedCompiler(config as EmptiableConfig, isServer, only, path.join(generatedFilesDir, 'dropped-compiler'));
      return {};
    },
  };
}
