// UPGRADING.md registers every departure from stock Docusaurus and its plugins. These tests keep the register and
// the code in step: a patch file, local plugin, theme entry, package.json override or skipped install script
// (`allowScripts`), experimental `future` flag or bundler alias in the config without its row fails, naming it; so does a row naming something that no longer exists, and a Guard
// cell naming a test file or test title that is not there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** `id` is the row's first id; `ids` every id its first cell names (one row may hold the departures of one job). */
type Row = { id: string; ids: string[]; cells: string[]; line: number };

const KIND = /^(?:patch|plugin|theme|config|override|scripts|build):/;

/**
 * The register's rows: table lines whose first cell starts with a backticked `kind:name` id. A row that does one
 * job with several departures (one mechanism in two packages, a plugin and the theme component it feeds) names
 * each id in its first cell, backticked; each is checked as if it had a row of its own.
 */
function registerRows(): Row[] {
  const rows: Row[] = [];
  read('UPGRADING.md')
    .split('\n')
    .forEach((text, index) => {
      const match = /^\|\s*`([a-z]+:[^`]+)`/.exec(text);
      if (!match) return;
      // Cells are split on pipes outside code spans (a cell may quote `a|b`).
      const cells = text
        .replace(/`[^`]*`/g, (code) => code.replace(/\|/g, '\u0000'))
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.replace(/\u0000/g, '|').trim());
      const ids = [...cells[0].matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((id) => KIND.test(id));
      rows.push({ id: match[1], ids, cells, line: index + 1 });
    });
  return rows;
}

const rows = registerRows();
const ids = rows.flatMap((row) => row.ids);
const idsOf = (kind: string) => ids.filter((id) => id.startsWith(`${kind}:`)).map((id) => id.slice(kind.length + 1));

/** `@docusaurus+core+3.10.2.patch` → `@docusaurus+core`: the name as patch-package spells it, without the version. */
const patchPackage = (file: string) => file.replace(/\+[^+]+\.patch$/, '');
const patchFiles = readdirSync(path.join(ROOT, 'patches')).filter((f) => f.endsWith('.patch'));
/** The package a patch row belongs to: its id up to the group name (`patch:<package>:<group>`). */
const rowPackage = (name: string) => name.replace(/:[^:]*$/, '');

function missing(label: string, names: string[]): string {
  return `${label} without a row in UPGRADING.md: ${names.join(', ')}`;
}

test('the register has rows, each with the seven columns and a unique id', () => {
  assert.ok(rows.length > 20, `only ${rows.length} rows found in UPGRADING.md's table`);
  const header = read('UPGRADING.md').split('\n').find((line) => line.startsWith('| Departure |'));
  assert.ok(header, 'the table header row (| Departure | …) is missing');
  const columns = header.split('|').length - 2;
  assert.equal(columns, 7, 'columns: Departure, What it does, What it buys, Depends on, Guard, Upstream, Delete when');
  const wrong = rows.filter((row) => row.cells.length !== columns).map((row) => `${row.id} (line ${row.line}: ${row.cells.length} cells)`);
  assert.deepEqual(wrong, [], 'rows with the wrong number of cells');
  const empty = rows.filter((row) => row.cells.some((cell) => cell === '')).map((row) => row.id);
  assert.deepEqual(empty, [], 'rows with an empty cell (write "none", "not measured" or "—")');
  const seen = new Set<string>();
  const duplicates = ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  assert.deepEqual(duplicates, [], 'ids listed twice');
  const kinds = rows.map((row) => row.id).filter((id) => !KIND.test(id));
  assert.deepEqual(kinds, [], 'ids of an unknown kind (patch, plugin, theme, config, override, scripts, build)');
});

test('every patch file has at least one row, and every patch row names a patch file', () => {
  const packages = patchFiles.map(patchPackage);
  const rowPackages = idsOf('patch').map(rowPackage);
  assert.deepEqual(packages.filter((p) => !rowPackages.includes(p)), [], missing('Patches in patches/', patchFiles.filter((f) => !rowPackages.includes(patchPackage(f)))));
  const gone = idsOf('patch').filter((name) => !packages.includes(rowPackage(name)) || !/:[\w-]+$/.test(name));
  assert.deepEqual(gone, [], 'patch rows whose patch file is gone (or with no `:<group>` after the package)');
});

test('every file a patch changes is named in one of that patch’s rows', () => {
  const unnamed: string[] = [];
  for (const file of patchFiles) {
    const pkg = patchPackage(file);
    const text = rows.filter((row) => row.ids.some((id) => id.startsWith(`patch:${pkg}:`))).map((row) => row.cells.join(' ')).join(' ');
    for (const [, changed] of read(`patches/${file}`).matchAll(/^diff --git a\/(\S+)/gm)) {
      // Named by its last two path segments (`client/docusaurus.js`, `ApiTabs/index.js`).
      const short = changed.split('/').slice(-2).join('/');
      if (!text.includes(short)) unnamed.push(`${file}: ${short}`);
    }
  }
  assert.deepEqual(unnamed, [], 'patched files no row names (add them to a row’s Depends on, or a row of their own)');
});

test('every local plugin in src/plugins has its row, and every plugin row its folder', () => {
  const folders = readdirSync(path.join(ROOT, 'src/plugins'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const listed = idsOf('plugin');
  assert.deepEqual(folders.filter((f) => !listed.includes(f)), [], missing('Plugins in src/plugins/', folders.filter((f) => !listed.includes(f))));
  assert.deepEqual(listed.filter((name) => !folders.includes(name)), [], 'plugin rows whose src/plugins folder is gone');
});

test('every entry of src/theme has its row, and every theme row names a component that exists', () => {
  const entries = readdirSync(path.join(ROOT, 'src/theme')).map((entry) => entry.replace(/\.(tsx?|jsx?)$/, ''));
  const listed = idsOf('theme');
  const uncovered = entries.filter((entry) => !listed.some((name) => name === entry || name.startsWith(`${entry}/`)));
  assert.deepEqual(uncovered, [], missing('Theme components in src/theme/', uncovered));
  const exists = (name: string) =>
    ['', '.tsx', '.ts', '.jsx', '.js'].some((ext) => existsSync(path.join(ROOT, 'src/theme', `${name}${ext}`)));
  assert.deepEqual(listed.filter((name) => !exists(name)), [], 'theme rows whose component is gone from src/theme');
});

test('every package.json override has its row, and every override row its override', () => {
  const overrides = Object.keys((JSON.parse(read('package.json')) as { overrides?: object }).overrides ?? {});
  const listed = idsOf('override');
  assert.deepEqual(overrides.filter((o) => !listed.includes(o)), [], missing('Overrides in package.json', overrides.filter((o) => !listed.includes(o))));
  assert.deepEqual(listed.filter((name) => !overrides.includes(name)), [], 'override rows with no such key in package.json overrides');
});

/** Packages whose install script package.json's `allowScripts` skips (`false`). */
function skippedInstallScripts(): string[] {
  const allowScripts = (JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  return Object.keys(allowScripts).filter((name) => allowScripts[name] === false);
}

test('every install script skipped in package.json (allowScripts: false) has its row, and every scripts row its entry', () => {
  const denied = skippedInstallScripts();
  const listed = idsOf('scripts');
  assert.deepEqual(denied.filter((name) => !listed.includes(name)), [], missing('Install scripts skipped in package.json allowScripts', denied.filter((name) => !listed.includes(name))));
  assert.deepEqual(listed.filter((name) => !denied.includes(name)), [], 'scripts rows with no `false` entry in package.json allowScripts');
});

test('a package whose install script is skipped is one the site never loads: a bundler alias stands in for it', () => {
  // What such a script does (postman-code-generators installs each of its codegens' own dependencies) is then lost
  // to nothing: the bundler resolves the package's bare name to our stand-in and no other file of it is imported.
  const config = read('docusaurus.config.ts');
  const unaliased = skippedInstallScripts().filter((name) => !new RegExp(`['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\$['"]\\s*:`).test(config));
  assert.deepEqual(unaliased, [], 'packages whose install script is skipped but which the site may load (no `<name>$` alias in docusaurus.config.ts)');
  // The alias covers the bare name only: a file of a package that depends on it importing a deep path
  // (`postman-code-generators/codegens/…`) would load the package itself.
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dependencies?: Record<string, string> }> };
  const deep: string[] = [];
  for (const name of skippedInstallScripts()) {
    const dependents = Object.entries(lock.packages).filter(([, entry]) => entry.dependencies?.[name]).map(([folder]) => folder);
    assert.ok(dependents.length > 0, `nothing in package-lock.json depends on ${name}`);
    for (const folder of dependents) {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(path.join(dir, e.name))) : /\.[cm]?jsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
        );
      for (const file of walk(path.join(ROOT, folder))) {
        if (readFileSync(file, 'utf8').includes(`${name}/`) && new RegExp(`(require\\(|from |import\\()\\s*['"]${name}/`).test(readFileSync(file, 'utf8'))) {
          deep.push(path.relative(ROOT, file));
        }
      }
    }
  }
  assert.deepEqual(deep, [], 'files importing a deep path of a package whose install script is skipped (the alias does not cover it)');
});

test('every experimental future flag and bundler alias in docusaurus.config.ts has its row, and every config row names something there', () => {
  const config = read('docusaurus.config.ts');
  const listed = idsOf('config');
  const future = /future:\s*\{([^}]*)\}/.exec(config);
  assert.ok(future, 'no `future: { … }` in docusaurus.config.ts');
  // `future.v4` and `future.faster` are documented opt-ins to what Docusaurus makes the default, not departures from
  // stock behaviour; an `experimental_` key is unstable (it may be renamed or dropped in any release), so it has a row.
  const flags = [...future[1].matchAll(/(\w+)\s*:/g)].map((m) => `future.${m[1]}`).filter((flag) => flag.startsWith('future.experimental_'));
  // Aliases are written as exact-match keys: `'<module>$': path.resolve(…)`.
  const aliases = [...config.matchAll(/['"]([^'"\s]+)\$['"]\s*:/g)].map((m) => `alias:${m[1]}`);
  const unlisted = [...flags, ...aliases].filter((name) => !listed.includes(name));
  assert.deepEqual(unlisted, [], missing('Config departures in docusaurus.config.ts', unlisted));
  // A config row names its key last: `future.experimental_vcs` → experimental_vcs, `alias:@faker-js/faker/locale/en` → the module.
  const key = (name: string) => (name.startsWith('alias:') ? name.slice('alias:'.length) : name.split(/[.:]/).pop()!);
  assert.deepEqual(listed.filter((name) => !config.includes(key(name))), [], 'config rows naming nothing in docusaurus.config.ts');
});

test('a build script that runs Docusaurus other than as `docusaurus build` has its row, and every build row its script', () => {
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  // `npm run build` may run our generators around Docusaurus; running Docusaurus itself another way (switches it
  // reads internally, several processes) is a departure.
  const runs = [...scripts.build.matchAll(/tsx (scripts\/[\w-]+\.ts)/g)].map((m) => m[1]);
  const runsDocusaurus = runs.filter((file) => /\bDOCUSAURUS_[A-Z_]+\b/.test(read(file)) || /['"]\.bin['"],\s*['"]docusaurus['"]/.test(read(file)));
  const listed = rows.filter((row) => row.ids.some((id) => id.startsWith('build:')));
  const named = listed.flatMap((row) => [...row.cells[0].matchAll(/`(scripts\/[^`]+)`/g)].map((m) => m[1]));
  assert.deepEqual(runsDocusaurus.filter((file) => !named.includes(file)), [], missing('Scripts in `npm run build` that run Docusaurus their own way', runsDocusaurus.filter((file) => !named.includes(file))));
  assert.deepEqual(named.filter((file) => !runs.includes(file)), [], 'build rows naming a script `npm run build` does not run');
});

test('each Guard names test files that exist, and quoted test titles found in them', () => {
  const guard = 4;
  const problems: string[] = [];
  for (const row of rows) {
    const cell = row.cells[guard] ?? '';
    const files = [...cell.matchAll(/tests\/(?:unit|e2e)\/[\w.-]+\.ts/g)].map((m) => m[0]);
    const present = files.filter((file) => existsSync(path.join(ROOT, file)));
    for (const file of files) if (!present.includes(file)) problems.push(`${row.id}: ${file} does not exist`);
    const sources = present.map(read).join('\n');
    for (const [, title] of cell.matchAll(/"([^"]+)"/g)) {
      if (!sources.includes(title)) problems.push(`${row.id}: no test titled "…${title}…" in ${present.join(', ') || 'the files named'}`);
    }
  }
  assert.deepEqual(problems, [], 'guards that no longer guard');
});
