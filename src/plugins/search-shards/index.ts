// The search plugin, with its index written as the worker fetches it: a head per context and content-hashed shards
// (src/search/shards.ts). The plugin's postBuild writes its index files; this one then cuts each into its head (written
// under the plugin's own name, which the worker fetches) and the shards. Docusaurus runs plugins' postBuild hooks all
// at once, so a separate plugin could not wait for the index files: this one wraps the search plugin's hook instead.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { SHARD_FOLDER, termShardFile } from '../../search/shards';
import { expectShape } from '../shape';
import { builtFilePath, shardIndex, type PluginIndex } from './shardIndex';

/** The search plugin's index files (utils/generate.js: `search-index{dir}.json`, `{dir}` being `-<context>` or empty). */
const INDEX_FILE = /^search-index(-[\w-]+)?\.json$/;

/** Cuts every index file in `outDir` into its head (in place), term shards (beside it) and page files (under SHARD_FOLDER); returns what it wrote. */
export function shardIndexFiles(outDir: string): { heads: string[]; files: number } {
  const heads = readdirSync(outDir).filter((name) => INDEX_FILE.test(name));
  expectShape('search-shards', heads.length > 0, {
    expected: `the search plugin to write ${INDEX_FILE} into the build folder`,
    found: `none in ${outDir}`,
    fix: "read the search plugin's postBuildFactory.js and generate.js (its index file names) and update INDEX_FILE in src/plugins/search-shards",
  });
  mkdirSync(path.join(outDir, SHARD_FOLDER), { recursive: true });
  const written = new Set<string>();
  for (const name of heads) {
    const file = path.join(outDir, name);
    const { head, files } = shardIndex(JSON.parse(readFileSync(file, 'utf8')) as PluginIndex);
    mkdirSync(path.dirname(path.join(outDir, builtFilePath(name, termShardFile('x')))), { recursive: true });
    for (const [shard, content] of files) {
      // A page's file is content-hashed: the same in the whole site's index and its section's, written once.
      const target = builtFilePath(name, shard);
      if (!written.has(target)) writeFileSync(path.join(outDir, target), content);
      written.add(target);
    }
    writeFileSync(file, JSON.stringify(head));
  }
  return { heads, files: written.size };
}

// The plugin's typings declare its options only; its module is a Docusaurus plugin module.
const searchLocal = require('@easyops-cn/docusaurus-search-local') as { default: PluginModule; validateOptions: PluginModule['validateOptions'] };

/**
 * The search worker's chunk name, given by the `webpackChunkName` comment where the search plugin starts its worker
 * (`theme/searchByWorker.js`, patched).
 */
export const WORKER_CHUNK = 'search-worker';

/** The search box's chunk name (src/search/searchBox.ts), given where the search plugin's SearchBar.jsx imports it (patched). */
export const SEARCH_BOX_CHUNK = 'search-box';

/**
 * The bundler's default vendor group (node_modules into their own chunks, for chunks loaded on demand), except from
 * the search worker and the search box's code. A worker loads a split-off chunk with `importScripts` only once its
 * own script has run, one round trip after it, and nothing else shares lunr's chunk: one file, one round trip. The
 * search box's code comes in the same round as the worker, the index head and the query's term shards, and every
 * file more than six waits for a round trip of its own on an HTTP/1.1 host.
 */
export const vendorsOutsideWorker = {
  test: /[\\/]node_modules[\\/]/i,
  priority: -10,
  reuseExistingChunk: true,
  idHint: 'vendors',
  chunks: (chunk: { name?: string | null; canBeInitial(): boolean }) => chunk.name !== WORKER_CHUNK && chunk.name !== SEARCH_BOX_CHUNK && !chunk.canBeInitial(),
};

/** Stops the build when a script loads chunks with `importScripts`: the search worker split again (`vendorsOutsideWorker`). */
export function expectWorkerInOneFile(outDir: string): void {
  const jsDir = path.join(outDir, 'assets', 'js');
  const splitting = readdirSync(jsDir).filter((name) => name.endsWith('.js') && readFileSync(path.join(jsDir, name), 'utf8').includes('importScripts('));
  expectShape('search-shards', splitting.length === 0, {
    expected: `the search worker in one file (no script in assets/js loading chunks with importScripts)`,
    found: () => splitting.join(', '),
    fix: `check that the search plugin's searchByWorker.js still names its worker's chunk "${WORKER_CHUNK}" (patch) and that the bundler's chunks filter in vendorsOutsideWorker still sees that name`,
  });
}

/** The search plugin (its theme, /search route and index), its index then cut into shards. */
const searchWithShards: PluginModule = (context: LoadContext, options: unknown): Plugin => {
  const search = searchLocal.default(context, options) as Plugin;
  return {
    ...search,
    configureWebpack(config, isServer, utils, content) {
      const own = search.configureWebpack?.(config, isServer, utils, content) ?? {};
      if (isServer) return own;
      return { ...own, optimization: { splitChunks: { cacheGroups: { defaultVendors: vendorsOutsideWorker } } } };
    },
    async postBuild(props) {
      await search.postBuild?.(props);
      shardIndexFiles(props.outDir);
      expectWorkerInOneFile(props.outDir);
    },
  };
};
searchWithShards.validateOptions = searchLocal.validateOptions;

export default searchWithShards;
