/**
 * The bundler's runtime (runtime~main.js, on every page) names every chunk file of the site: a table of chunk id →
 * content hash for `__webpack_require__.u`, and Docusaurus's table of chunk name → id for `__webpack_require__.gca`.
 * Each page adds a row to both, so every page's first load grew with the page count even with each section's routes
 * in a module of its own (split.ts). This moves the rows of the chunks only a section's routes module loads (its
 * pages' content) into that module, which adds them to the runtime's tables when it runs, before any of them is
 * needed: a section's chunks are loaded through its routes only.
 *
 * It edits emitted code, before minification and before the real content hashes are computed (which then update the
 * hashes written into the sections' modules as they update the runtime's own).
 */
import type { Compilation, Compiler } from '@rspack/core';
import { expectShape } from '../shape';

const PLUGIN = 'route-sections';
const FIX = 'read the runtime~main.js Rspack writes (before minification) and update src/plugins/route-sections/chunkTable.ts (UPGRADING.md row plugin:route-sections)';

/** Written by split.ts into each section's module; replaced here by that section's rows. */
export const TABLE_PLACEHOLDER = '"__ROUTE_SECTION_CHUNK_TABLE__"';

type Rows = { files: Record<string, string>; names: Record<string, string> };

/** The object literal right after `marker` in `source`: its start, its end and its entries. */
function objectAfter(source: string, marker: RegExp): { start: number; end: number; entries: Map<string, string> } | undefined {
  const found = marker.exec(source);
  if (!found) return undefined;
  const start = found.index + found[0].length;
  const end = source.indexOf('}', start) + 1;
  const text = source.slice(start, end);
  const entries = new Map<string, string>();
  for (const [, key, value] of text.matchAll(/"?([\w-]+)"?\s*:\s*"([^"]*)"/g)) entries.set(key, value);
  return { start, end, entries };
}

function objectText(entries: Map<string, string>): string {
  return `{${[...entries].map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',')}}`;
}

/** Which chunks only one section's routes module leads to: chunk group name of the section → its chunks. */
export function ownedChunks(compilation: Compilation, sectionGroups: string[]) {
  const owned = new Map<string, Set<string>>();
  for (const name of sectionGroups) {
    const section = compilation.namedChunkGroups.get(name);
    if (!section) continue;
    // Groups reached only through the section's module (its pages' content, and what those import lazily).
    const groups = new Set([section]);
    const pending = [...section.childrenIterable];
    while (pending.length) {
      const group = pending.shift()!;
      if (groups.has(group) || !group.getParents().every((parent) => groups.has(parent))) continue;
      groups.add(group);
      pending.push(...group.childrenIterable);
    }
    groups.delete(section);
    const chunks = new Set<string>();
    for (const group of groups) {
      for (const chunk of group.chunks) {
        if (chunk.id !== undefined && [...chunk.groupsIterable].every((g) => groups.has(g))) chunks.add(chunk.id);
      }
    }
    owned.set(name, chunks);
  }
  return owned;
}

/** The runtime's tables, now objects on `__webpack_require__` that the sections' modules add their rows to. */
const FILES_TABLE = '__webpack_require__.chunkFileHashes';
const NAMES_TABLE = '__webpack_require__.chunkIdsByName';

/**
 * What a section's module runs (split.ts writes it): adds its rows, which this plugin writes in place of the
 * placeholder. Guarded, so a development build (whose runtime this plugin leaves alone) skips it.
 */
export const ADD_ROWS = `if (${FILES_TABLE}) { const rows = ${TABLE_PLACEHOLDER}; Object.assign(${FILES_TABLE}, rows.files); Object.assign(${NAMES_TABLE}, rows.names); }`;

export class SectionChunkTables {
  constructor(private readonly sectionGroups: () => string[]) {}

  apply(compiler: Compiler): void {
    const { Compilation: C, sources } = compiler.rspack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: C.PROCESS_ASSETS_STAGE_OPTIMIZE }, () => {
        const names = this.sectionGroups();
        const owned = ownedChunks(compilation, names);
        const runtimeFile = Object.keys(compilation.assets).find((file) => /(^|\/)runtime~main\.[^/]*\.js$/.test(file));
        expectShape(PLUGIN, runtimeFile, { expected: 'a runtime~main.<hash>.js asset', found: 'none', fix: FIX });
        const runtime = compilation.assets[runtimeFile].source().toString();
        const files = objectAfter(runtime, /__webpack_require__\.u = \(chunkId\) => \{[^{]*?\+ "\." \+ (?=\{)/);
        const gca = objectAfter(runtime, /__webpack_require__\.gca = function\(chunkId\) \{ chunkId = (?=\{)/);
        expectShape(PLUGIN, files && gca && files.start < gca.start, {
          expected:
            'runtime~main.js to hold `__webpack_require__.u = (chunkId) => { … return "…" + chunkId + "." + {<id>: <hash>, …}[chunkId] + ".js" }`, then Docusaurus\'s `__webpack_require__.gca = function(chunkId) { chunkId = {<name>: <id>, …}[chunkId]||chunkId; … }`',
          found: () => `${files ? 'the chunk-file table' : 'no chunk-file table'}, ${gca ? 'the gca table' : 'no gca table'}${files && gca ? ' in the other order' : ''}`,
          fix: FIX,
        });
        for (const [section, chunks] of owned) {
          const rows: Rows = { files: {}, names: {} };
          for (const id of chunks) {
            const hash = files.entries.get(id);
            if (hash === undefined) continue;
            rows.files[id] = hash;
            files.entries.delete(id);
          }
          for (const [name, id] of gca.entries) {
            if (!chunks.has(id)) continue;
            rows.names[name] = id;
            gca.entries.delete(name);
          }
          const sectionFile = compilation.namedChunkGroups.get(section)!.chunks.flatMap((chunk) => [...chunk.files]).find((file) => file.endsWith('.js'));
          expectShape(PLUGIN, sectionFile, { expected: `a JS file for the chunk group ${section}`, found: 'none', fix: FIX });
          const code = compilation.assets[sectionFile].source().toString();
          const at = code.indexOf(TABLE_PLACEHOLDER);
          expectShape(PLUGIN, at >= 0 && code.indexOf(TABLE_PLACEHOLDER, at + 1) < 0, {
            expected: `${sectionFile} (${section}) to hold the rows' placeholder ${TABLE_PLACEHOLDER} once`,
            found: at < 0 ? 'none' : 'more than one',
            fix: 'check that split.ts still writes ADD_ROWS into each section\'s module',
          });
          compilation.updateAsset(sectionFile, new sources.RawSource(code.slice(0, at) + JSON.stringify(rows) + code.slice(at + TABLE_PLACEHOLDER.length)));
        }
        // Each table becomes an object the functions read, defined just before the function.
        const uAt = runtime.lastIndexOf('__webpack_require__.u = ', files.start);
        const gcaAt = runtime.lastIndexOf('__webpack_require__.gca = ', gca.start);
        const edited =
          runtime.slice(0, uAt) +
          `${FILES_TABLE} = ${objectText(files.entries)};\n` +
          runtime.slice(uAt, files.start) +
          FILES_TABLE +
          runtime.slice(files.end, gcaAt) +
          `${NAMES_TABLE} = ${objectText(gca.entries)};\n` +
          runtime.slice(gcaAt, gca.start) +
          NAMES_TABLE +
          runtime.slice(gca.end);
        compilation.updateAsset(runtimeFile, new sources.RawSource(edited));
      });
    });
  }
}
