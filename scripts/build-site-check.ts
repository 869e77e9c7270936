// What `scripts/build-site.ts` decides and checks, apart so a unit test can run it on a folder.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
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

/** Moves the server bundle a server-only bundling run wrote under `from` to where the rendering run reads it under `to`, then removes `from`. */
export function moveServerBundle(from: string, to: string): void {
  const bundleDir = path.dirname(SERVER_BUNDLE);
  rmSync(path.join(to, bundleDir), { recursive: true, force: true });
  renameSync(path.join(from, bundleDir), path.join(to, bundleDir));
  rmSync(from, { recursive: true, force: true });
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

/** `args` with its output folder (either spelling) replaced by `dir`. */
export function withOutDir(args: readonly string[], dir: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out-dir') i++;
    else if (!args[i].startsWith('--out-dir=')) out.push(args[i]);
  }
  return [...out, '--out-dir', dir];
}

/**
 * V8's old-space ceiling for the bundling run, in MB. With V8's default (a quarter of the machine's memory, up to
 * 4 GB) the bundling process's heap grew to 0.83 GB to hold 0.27 GB of live objects at the build's peak; under a
 * ceiling V8 collects sooner. At ten times the pages (3,462) its live heap reached at most 875 MB: 0.25 MB a page.
 * The ceiling gives each page 0.45 MB, and never less than 1,536 MB.
 */
export function bundlingHeapCeilingMb(pages: number): number {
  return Math.max(1536, Math.ceil(pages * 0.45));
}

/** NODE_OPTIONS with a V8 old-space ceiling added, keeping the options already set (a later flag wins in Node). */
export function withHeapCeiling(nodeOptions: string | undefined, megabytes: number): string {
  return [nodeOptions, `--max-old-space-size=${megabytes}`].filter(Boolean).join(' ');
}

/**
 * Whether a run ended because V8 ran out of heap ("Reached heap limit … JavaScript heap out of memory"): Node then
 * aborts, so the process ends on SIGABRT, or exit code 134 where a shell reports it.
 */
export function ranOutOfHeap(run: { status: number | null; signal: NodeJS.Signals | null }): boolean {
  return run.signal === 'SIGABRT' || run.status === 134;
}
