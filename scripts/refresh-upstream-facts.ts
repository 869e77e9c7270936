// Writes the data the content checker checks named things against (upstream-facts/*.json) from a git checkout of
// the upstream repository at a named tag. Run by a maintainer when Dapr, its CLI or an SDK releases; CI never runs it
// (it has no network but the package registries). Each file records the repository and tag it was read from.
//
//   npx tsx scripts/refresh-upstream-facts.ts dapr     <path to a dapr/dapr clone>     v1.18.3
//   npx tsx scripts/refresh-upstream-facts.ts dapr-cli <path to a dapr/cli clone>      v1.18.0
//   npx tsx scripts/refresh-upstream-facts.ts components-contrib <path to a clone>     v1.18.4
//   npx tsx scripts/refresh-upstream-facts.ts helm-chart <helm-charts clone> prometheus-29.27.0 charts/prometheus prometheus-community/prometheus
//   npx tsx scripts/refresh-upstream-facts.ts sdk      <path to a dapr/<x>-sdk clone>  <tag> <python|java|dotnet|go|js>
//
// The clone may be bare; nothing is checked out: files are read with `git show <tag>:<path>`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { sdkSurface, type SdkLanguage } from './content-check/sdk-surface';

const OUT = path.join(__dirname, '..', 'upstream-facts');

const git = (repo: string, ...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
export const show = (repo: string, tag: string, file: string) => git(repo, 'show', `${tag}:${file}`);
export const files = (repo: string, tag: string, dir: string) =>
  git(repo, 'ls-tree', '-r', '--name-only', tag, '--', dir).split('\n').filter(Boolean);

function write(name: string, data: object) {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  writeFileSync(file, `${JSON.stringify(data, null, 1)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const header = (repo: string, tag: string, upstream: string) => ({
  upstream,
  tag,
  commit: git(repo, 'rev-list', '-n', '1', tag).trim(),
  refreshedBy: 'scripts/refresh-upstream-facts.ts',
});

/** Dotted paths of every key of a values file (maps descend; lists and scalars are leaves). */
export function valueKeys(values: unknown, prefix = ''): string[] {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return [];
  return Object.entries(values as Record<string, unknown>).flatMap(([key, value]) => {
    const dotted = prefix ? `${prefix}.${key}` : key;
    return [dotted, ...valueKeys(value, dotted)];
  });
}

function daprFacts(repo: string, tag: string) {
  // Each kind's schema per served version: a Subscription is v1alpha1 (`route`) or v2alpha1 (`routes`).
  const crds: Record<string, { file: string; group: string; plural: string; versions: Record<string, unknown> }> = {};
  for (const file of files(repo, tag, 'charts/dapr/crds').filter((f) => f.endsWith('.yaml'))) {
    for (const doc of yaml.loadAll(show(repo, tag, file)) as { spec?: { group: string; names: { kind: string; plural: string }; versions: { name: string; schema?: { openAPIV3Schema: unknown } }[] } }[]) {
      if (!doc?.spec?.names) continue;
      crds[doc.spec.names.kind] = {
        file: path.basename(file),
        group: doc.spec.group,
        plural: doc.spec.names.plural,
        versions: Object.fromEntries(doc.spec.versions.map((v) => [v.name, v.schema?.openAPIV3Schema ?? {}])),
      };
    }
  }
  const goFiles = files(repo, tag, 'pkg').concat(files(repo, tag, 'cmd'), files(repo, tag, 'utils')).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  const errorCodes = new Set<string>();
  const daprNames = new Set<string>();
  for (const file of goFiles) {
    const text = show(repo, tag, file);
    for (const [, code] of text.matchAll(/"(ERR_[A-Z0-9_]+)"/g)) errorCodes.add(code);
    for (const [, name] of text.matchAll(/"(DAPR_[A-Z0-9_]+)"/g)) daprNames.add(name);
  }
  // Helm: every key of the chart's and its subcharts' values files, and every `.Values.` path the templates read
  // (some keys, such as global.daprControlPlaneArch, exist only in templates).
  const helmKeys = new Set<string>(valueKeys(yaml.load(show(repo, tag, 'charts/dapr/values.yaml'))));
  for (const file of files(repo, tag, 'charts/dapr').filter((f) => /\.(yaml|tpl)$/.test(f) && !f.includes('/crds/'))) {
    const sub = /^charts\/dapr\/charts\/([^/]+)\//.exec(file)?.[1];
    const text = show(repo, tag, file);
    if (sub && file.endsWith('/values.yaml') && file.split('/').length === 5) {
      valueKeys(yaml.load(text)).forEach((key) => helmKeys.add(`${sub}.${key}`));
    }
    if (file.endsWith('values.yaml')) continue;
    for (const [, ref] of text.matchAll(/\.Values\.([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)/g)) {
      const parts = ref.split('.');
      const dotted = parts[0] === 'global' || !sub ? ref : `${sub}.${ref}`;
      // Every prefix of a path a template reads is a key too.
      dotted.split('.').forEach((_, i, all) => helmKeys.add(all.slice(0, i + 1).join('.')));
    }
  }
  const version = tag.replace(/^v/, '');
  write(`dapr-${version}.json`, {
    ...header(repo, tag, 'dapr/dapr'),
    crds,
    errorCodes: [...errorCodes].sort(),
    daprNames: [...daprNames].sort(),
    helmKeys: [...helmKeys].sort(),
  });
}

/**
 * The Dapr CLI's commands and flags, read from its Cobra definitions. A unit is a file in cmd/ or a folder below it;
 * a top-level command is one added to RootCmd, and it takes the commands and flags of its unit and of every command
 * its unit adds through a constructor function (`MTLSCmd.AddCommand(RenewCertificateCmd())`).
 */
function daprCliFacts(repo: string, tag: string) {
  type Unit = { commands: Set<string>; flags: Set<string>; adds: string[] };
  const units = new Map<string, Unit>();
  const unitOfVar = new Map<string, { unit: Unit; use: string }>();
  const unitOfFn = new Map<string, Unit>();
  const rootAdds: string[] = [];
  const goFiles = files(repo, tag, 'cmd').filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
  let rootFlags = new Set<string>();
  for (const file of goFiles) {
    const parts = file.split('/');
    const unitName = parts.length > 2 ? parts.slice(0, 2).join('/') : file;
    const unit = units.get(unitName) ?? { commands: new Set(), flags: new Set(), adds: [] };
    units.set(unitName, unit);
    const text = show(repo, tag, file);
    // Names are kept with their Go package (`cmd.RunCmd`, `workflow.RunCmd`): packages reuse names.
    const pkg = parts.length > 2 ? parts[1] : 'cmd';
    const qualify = (name: string) => (name.includes('.') ? name : `${pkg}.${name}`);
    for (const [, use] of text.matchAll(/\bUse:\s*"([\w-]+)/g)) unit.commands.add(use);
    for (const [, name, use] of text.matchAll(/(\w+)\s*:?=\s*&cobra\.Command\{\s*Use:\s*"([\w-]+)/g)) unitOfVar.set(qualify(name), { unit, use });
    for (const [, fn] of text.matchAll(/func\s+(\w+)\([^)]*\)\s*\*cobra\.Command\s*\{/g)) unitOfFn.set(qualify(fn), unit);
    for (const [, fn, args] of text.matchAll(/Flags\(\)\.(\w+)\(([^\n]*)/g)) {
      const literals = [...args.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
      if (!literals[0] || !/^[\w-]+$/.test(literals[0])) continue;
      unit.flags.add(`--${literals[0]}`);
      if (/P$/.test(fn) && /^\w$/.test(literals[1] ?? '')) unit.flags.add(`-${literals[1]}`);
    }
    for (const [, parent, child] of text.matchAll(/(\w+)\.AddCommand\(([\w.]+)(\(\))?/g)) {
      if (parent === 'RootCmd') rootAdds.push(qualify(child));
      else unit.adds.push(qualify(child));
    }
    if (/^cmd\/dapr\.go$/.test(file)) rootFlags = unit.flags;
  }
  const gather = (unit: Unit, into: { commands: Set<string>; flags: Set<string> }, seen = new Set<Unit>()) => {
    if (seen.has(unit)) return;
    seen.add(unit);
    unit.commands.forEach((c) => into.commands.add(c));
    unit.flags.forEach((f) => into.flags.add(f));
    for (const child of unit.adds) {
      const other = unitOfFn.get(child) ?? unitOfVar.get(child)?.unit;
      if (other && other !== unit) gather(other, into, seen);
    }
  };
  const commands: Record<string, { subcommands: string[]; flags: string[] }> = {};
  for (const added of rootAdds) {
    const fnUnit = unitOfFn.get(added);
    const found = unitOfVar.get(added) ?? (fnUnit && { unit: fnUnit, use: [...fnUnit.commands][0] });
    if (!found) continue;
    const into = { commands: new Set<string>(), flags: new Set<string>() };
    gather(found.unit, into);
    commands[found.use] = { subcommands: [...into.commands].filter((c) => c !== found.use).sort(), flags: [...into.flags].sort() };
  }
  write(`dapr-cli-${tag.replace(/^v/, '')}.json`, { ...header(repo, tag, 'dapr/cli'), rootFlags: [...rootFlags].sort(), commands });
}

/** The metadata fields of each built-in authentication profile (aws, azuread, gcp) that components name. */
function componentsContribFacts(repo: string, tag: string) {
  const profiles = yaml.load(show(repo, tag, '.build-tools/builtin-authentication-profiles.yaml')) as Record<string, { metadata?: { name: string }[] }[]>;
  const fields = Object.fromEntries(
    Object.entries(profiles).map(([name, list]) => [name, [...new Set(list.flatMap((p) => (p.metadata ?? []).map((m) => m.name)))].sort()]),
  );
  write(`components-contrib-${tag.replace(/^v/, '')}.json`, { ...header(repo, tag, 'dapr/components-contrib'), builtinAuthenticationProfiles: fields });
}

/**
 * The keys of a third-party Helm chart the pages install (e.g. prometheus-community/prometheus for the Grafana
 * guide): its values file, the `.Values.` paths its templates read, and the values of dependencies kept in the same
 * repository (charts/<name>/values.yaml, under the dependency's name or alias).
 */
function helmChartFacts(repo: string, tag: string, chartDir: string, chartRef: string) {
  const chart = yaml.load(show(repo, tag, `${chartDir}/Chart.yaml`)) as { name: string; version: string; dependencies?: { name: string; alias?: string }[] };
  const keys = new Set<string>(valueKeys(yaml.load(show(repo, tag, `${chartDir}/values.yaml`))));
  for (const file of files(repo, tag, `${chartDir}/templates`)) {
    for (const [, ref] of show(repo, tag, file).matchAll(/\.Values\.([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)/g)) {
      ref.split('.').forEach((_, i, all) => keys.add(all.slice(0, i + 1).join('.')));
    }
  }
  const dependencies: string[] = [];
  for (const dependency of chart.dependencies ?? []) {
    const dir = path.posix.join(path.posix.dirname(chartDir), dependency.name);
    let values: unknown;
    try {
      values = yaml.load(show(repo, tag, `${dir}/values.yaml`));
    } catch {
      continue; // kept in another repository
    }
    const prefix = dependency.alias ?? dependency.name;
    keys.add(prefix);
    valueKeys(values, prefix).forEach((key) => keys.add(key));
    dependencies.push(`${prefix} (${dir} at the same commit)`);
  }
  write(`helm-${chart.name}-${chart.version}.json`, { ...header(repo, tag, chartRef.split('/').slice(0, 1).join('/') + '/helm-charts'), chart: chartRef, dependencies, helmKeys: [...keys].sort() });
}

const [kind, repo, tag, language, extra] = process.argv.slice(2);
if (!kind || !repo || !tag) {
  console.error('usage: refresh-upstream-facts.ts dapr|dapr-cli|components-contrib|sdk|helm-chart <git checkout> <tag> [language | chart dir, chart name]');
  process.exit(2);
}
if (kind === 'dapr') daprFacts(repo, tag);
else if (kind === 'dapr-cli') daprCliFacts(repo, tag);
else if (kind === 'components-contrib') componentsContribFacts(repo, tag);
else if (kind === 'helm-chart') helmChartFacts(repo, tag, language, extra);
else if (kind === 'sdk') {
  const surface = sdkSurface(language as SdkLanguage, (dir) => files(repo, tag, dir), (file) => show(repo, tag, file));
  // A bare mirror may have no origin; the SDK repositories are all named dapr/<language>-sdk.
  let origin = '';
  try {
    origin = git(repo, 'config', '--get', 'remote.origin.url').trim();
  } catch {
    // no remote configured
  }
  const upstream = origin.replace(/^.*github\.com[:/]/, '').replace(/\.git$/, '') || `dapr/${language}-sdk`;
  write(`sdk-${language}-${tag.replace(/^v/, '')}.json`, { ...header(repo, tag, upstream), language, ...surface });
} else {
  console.error(`unknown kind ${kind}`);
  process.exit(2);
}
