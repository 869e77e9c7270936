// What `scripts/build-site.ts` decides and checks, apart so a unit test can run it on a folder.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Where Docusaurus writes the server bundle that page rendering loads (`serverBundlePath` in its server config). */
export const SERVER_BUNDLE = path.join('__server', 'server.bundle.js');

/**
 * Undefined when `outDir` holds what the rendering process needs after a bundling-only run; otherwise what went wrong,
 * naming the switch and where Docusaurus reads it.
 */
export function bundledServerEntry(outDir: string): string | undefined {
  const bundle = path.join(outDir, SERVER_BUNDLE);
  if (existsSync(bundle)) return undefined;
  return (
    `scripts/build-site.ts: after the bundling run there is no ${bundle}. Docusaurus should stop after bundling when ` +
    'DOCUSAURUS_EXIT_AFTER_BUNDLING=true (read in @docusaurus/core/lib/commands/build/buildLocale.js); if it no longer ' +
    'does, see the "two-process build" row of UPGRADING.md, or build with `docusaurus build` meanwhile.'
  );
}

/** Markdown and MDX files under `dir`, at any depth. */
export function markdownPages(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name)).length;
}

/** The output folder `docusaurus build` is given in `args` (`--out-dir dir` or `--out-dir=dir`), else its default. */
export function outDirOf(args: readonly string[]): string {
  const at = args.findIndex((arg) => arg === '--out-dir' || arg.startsWith('--out-dir='));
  if (at < 0) return 'build';
  return args[at] === '--out-dir' ? args[at + 1] ?? 'build' : args[at].slice('--out-dir='.length);
}
