// Named things exist upstream: runtime error codes (`ERR_*`) and `DAPR_*` names (reason codes, environment
// variables) in any text of a page or source; Dapr Helm chart keys (`global.*`, `dapr_*.*`) in prose and in
// `helm … --set` commands for the dapr chart; the CRD files an upgrade applies (all of the target version's, no
// more); and the commands and flags of `diagrid` (against cli/*.yaml) and `dapr` (against the Dapr CLI's source).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { GLOBAL_FLAGS, type CliCommand } from '../../gen-cli-docs';
import type { CheckResult, Problem } from '../problem';
import { shellWords } from './http';
import { isHelmKey } from './yaml';
import type { Sample } from '../samples';
import { compareVersions, type UpstreamFacts } from '../upstream';

/** A text to scan for names, with its file, first line and the Dapr line it speaks of. */
export type Text = { file: string; line: number; text: string; daprLine: string };

/**
 * Names the `diagrid` CLI sets for the app it starts (facts/conductor-cli.md §1.2, `dev run`: "started with
 * DAPR_APP_ID, DAPR_HTTP_ENDPOINT, DAPR_GRPC_ENDPOINT, DAPR_API_TOKEN set"). The SDKs' own names come from
 * upstream-facts/sdk-*.json.
 */
export const DIAGRID_CLI_ENVIRONMENT = ['DAPR_APP_ID', 'DAPR_HTTP_ENDPOINT', 'DAPR_GRPC_ENDPOINT', 'DAPR_API_TOKEN'];

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length - 1;

export function checkNamesInText(texts: Text[], upstream: UpstreamFacts, extraDaprNames: Set<string> = new Set([...DIAGRID_CLI_ENVIRONMENT, ...upstream.sdkEnvironment()])): { checked: number; problems: Problem[] } {
  const problems: Problem[] = [];
  let checked = 0;
  for (const { file, line, text, daprLine } of texts) {
    const facts = upstream.daprFor(daprLine);
    if (!facts) {
      problems.push({ file, line, check: 'named', message: `the page targets Dapr ${daprLine}, newer than every data file in upstream-facts/ (newest: ${upstream.newestDapr().tag})` });
      continue;
    }
    const codes = new Set(facts.errorCodes);
    // A shell variable the page sets itself (`DAPR_VERSION=1.18.3`, `export DAPR_VERSION`) is the page's own name.
    const own = [...text.matchAll(/\b(?:export\s+)?(DAPR_[A-Z0-9_]+)=/g)].map((m) => m[1]);
    const names = new Set([...facts.daprNames, ...extraDaprNames, ...own]);
    for (const match of text.matchAll(/\b(ERR_[A-Z0-9_]*[A-Z0-9])\b/g)) {
      checked++;
      if (!codes.has(match[1])) problems.push({ file, line: line + lineAt(text, match.index!), check: 'named', message: `error code ${match[1]} does not exist in dapr/dapr ${facts.tag}` });
    }
    for (const match of text.matchAll(/\b(DAPR_[A-Z0-9_]*[A-Z0-9])\b/g)) {
      checked++;
      if (!names.has(match[1])) problems.push({ file, line: line + lineAt(text, match.index!), check: 'named', message: `${match[1]} is neither a reason code nor a setting of dapr/dapr ${facts.tag} or the SDKs` });
    }
    // Helm keys written as code in prose: `global.ha.enabled`, `dapr_sentry.tls.root.certPEM`.
    const keys = new Set(facts.helmKeys);
    for (const match of text.matchAll(/`((?:global|dapr_[a-z_]+)\.[A-Za-z0-9_.]+?)(?:=[^`]*)?`/g)) {
      checked++;
      if (!isHelmKey(match[1], keys)) problems.push({ file, line: line + lineAt(text, match.index!), check: 'named', message: `${match[1]} is not a key of the dapr Helm chart at dapr/dapr ${facts.tag}` });
    }
  }
  return { checked, problems };
}

type CommandTree = { flags: Set<string>; children: Map<string, CommandTree> };

function commandTree(command: CliCommand, inherited: Set<string>): CommandTree {
  const flags = new Set(inherited);
  for (const flag of command.flags ?? []) {
    if (flag.name) flags.add(`--${flag.name}`);
    if (flag.short) flags.add(`-${flag.short}`);
  }
  const children = new Map<string, CommandTree>();
  for (const child of command.commands ?? []) {
    const tree = commandTree(child, flags);
    children.set(child.name, tree);
    child.aliases?.forEach((alias) => children.set(alias, tree));
  }
  return { flags, children };
}

/** The `diagrid` command tree of each CLI reference section (`catalyst`, `conductor`) from cli/<section>/*.yaml. */
export function diagridCli(root: string): Record<string, CommandTree> {
  const global = new Set(GLOBAL_FLAGS.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]));
  const out: Record<string, CommandTree> = {};
  for (const section of ['catalyst', 'conductor']) {
    const children = new Map<string, CommandTree>();
    const dir = path.join(root, 'cli', section);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml') && !n.startsWith('_'))) {
      const group = yaml.load(readFileSync(path.join(dir, name), 'utf8')) as CliCommand;
      const tree = commandTree(group, global);
      children.set(group.name, tree);
      group.aliases?.forEach((alias) => children.set(alias, tree));
    }
    out[section] = { flags: global, children };
  }
  return out;
}

/** The simple commands of a shell sample (continuations joined; split at pipes, `&&`, `;`), with their lines. */
export function shellCommands(code: string): { words: string[]; line: number }[] {
  const out: { words: string[]; line: number }[] = [];
  const lines = code.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let command = lines[i];
    while (/\\\s*$/.test(command) && i + 1 < lines.length) command = command.replace(/\\\s*$/, ' ') + lines[++i];
    if (/^\s*#/.test(command)) continue;
    for (const part of command.replace(/\s#.*$/, '').split(/\s*(?:\|\||&&|\||;)\s*/)) {
      let words: string[];
      try {
        words = shellWords(part.replace(/\$\((?:[^()]|\([^()]*\))*\)/g, 'X'));
      } catch {
        continue; // bash -n reports quoting errors with their line
      }
      while (words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0])) words.shift();
      if (words[0] === 'sudo' || words[0] === 'exec') words.shift();
      if (words.length) out.push({ words, line: start });
    }
  }
  return out;
}

/** The sample with the variables it assigns itself (`NAME=value`, `export NAME=value`) replaced by their values. */
export function expandShellVariables(code: string): string {
  const values = new Map<string, string>();
  const expand = (text: string) =>
    text.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (whole, braced: string | undefined, bare: string | undefined) => values.get((braced ?? bare)!) ?? whole);
  return code
    .split('\n')
    .map((line) => {
      const expanded = expand(line);
      const assignment = /^\s*(?:export\s+)?([A-Za-z_]\w*)=(\S.*)$/.exec(expanded);
      if (assignment) {
        try {
          const [value] = shellWords(assignment[2]);
          if (value !== undefined && !/\$\(/.test(assignment[2])) values.set(assignment[1], value);
        } catch {
          // an assignment bash -n would refuse; the shell check reports it
        }
      }
      return expanded;
    })
    .join('\n');
}

const isFlag = (word: string) => /^--?[A-Za-z]/.test(word);
const flagName = (word: string) => (word.startsWith('--') ? word.split('=')[0] : word.slice(0, 2));

export function checkCommands(samples: Sample[], root: string, upstream: UpstreamFacts): { checked: number; problems: Problem[] } {
  const diagrid = diagridCli(root);
  const problems: Problem[] = [];
  let checked = 0;
  for (const sample of samples.filter((s) => s.lang === 'bash' && s.nocheck === undefined)) {
    const section = sample.daprLine === '1.17' ? 'catalyst' : 'conductor';
    const facts = upstream.daprFor(sample.daprLine);
    for (const { words, line } of shellCommands(sample.code)) {
      const at = (message: string): Problem => ({ file: sample.file, line: sample.line + line, lang: 'bash', check: 'named', message });
      if (words[0] === 'diagrid') {
        checked++;
        let node = diagrid[section];
        const path: string[] = [];
        let i = 1;
        for (; i < words.length && !isFlag(words[i]) && node.children.has(words[i]); i++) {
          node = node.children.get(words[i])!;
          path.push(words[i]);
        }
        if (path.length === 0 && words[1] && !isFlag(words[1])) {
          problems.push(at(`diagrid ${words[1]}: no such command in cli/${section}/`));
          continue;
        }
        // Everything after `--` is the reader's own command (`dev run … -- mvn -q exec:java`).
        const end = words.indexOf('--');
        for (const word of words.slice(i, end < 0 ? undefined : end).filter(isFlag)) {
          const name = flagName(word);
          // Bundled short flags (-ab) and a short flag with its value attached (-t50) are read by their first letter.
          if (!node.flags.has(name)) problems.push(at(`diagrid ${path.join(' ')}: flag ${name} is not in the reference (cli/${section}/${path[0]}.yaml)`));
        }
      } else if (words[0] === 'dapr') {
        checked++;
        const cli = upstream.cli;
        const top = words[1];
        if (!top || isFlag(top)) continue;
        const command = cli.commands[top];
        if (!command) {
          problems.push(at(`dapr ${top}: no such command in dapr/cli ${cli.tag}`));
          continue;
        }
        const end = words.indexOf('--');
        const own = new Set([...command.flags, ...cli.rootFlags, '--help', '-h']);
        let sub = '';
        if (command.subcommands.length && words[2] && !isFlag(words[2])) {
          sub = words[2];
          if (!command.subcommands.includes(sub) && top !== 'run') problems.push(at(`dapr ${top} ${sub}: no such subcommand in dapr/cli ${cli.tag}`));
        }
        for (const word of words.slice(2, end < 0 ? undefined : end).filter(isFlag)) {
          const name = flagName(word);
          if (!own.has(name)) problems.push(at(`dapr ${[top, sub].filter(Boolean).join(' ')}: flag ${name} is not a flag of dapr/cli ${cli.tag}`));
        }
      } else if (words[0] === 'helm' && /^(install|upgrade|template)$/.test(words[1] ?? '')) {
        // The chart is the first word after the release name that names one (`repo/chart`); the dapr chart is held
        // to the page's Dapr line, another chart to its data file when there is one.
        const chart = words.slice(2).find((w) => /^[\w.-]+\/[\w.-]+$/.test(w));
        const isDapr = !!chart && /(^|\/)dapr$/.test(chart);
        const other = chart && !isDapr ? upstream.helmChart(chart) : undefined;
        if (!(isDapr && facts) && !other) continue;
        checked++;
        const keys = new Set(isDapr ? facts!.helmKeys : other!.helmKeys);
        const chartName = isDapr ? `the dapr Helm chart at dapr/dapr ${facts!.tag}` : `${other!.chart} ${other!.tag}`;
        for (let w = 0; w < words.length; w++) {
          if (!/^--set(-string|-file|-json)?$/.test(words[w])) continue;
          for (const pair of (words[w + 1] ?? '').split(/,(?=[A-Za-z_][\w.]*=)/)) {
            const key = pair.split('=')[0].replace(/\[\d+\]/g, '');
            if (key && !isHelmKey(key, keys)) problems.push(at(`${key} is not a key of ${chartName}`));
          }
        }
      }
    }
    // CRDs applied from a Dapr tag: a sample that applies several must apply every CRD of that version. Variables
    // the sample sets (`DAPR_VERSION=1.18.3`, `CRDS=".../v${DAPR_VERSION}/charts/dapr/crds"`) are expanded first.
    const applied = new Map<string, Set<string>>();
    for (const match of expandShellVariables(sample.code).matchAll(/dapr\/dapr\/(v?\d+\.\d+\.\d+|\$\{?\w+\}?|<[^>]+>)\/charts\/dapr\/crds\/([\w-]+\.yaml)/g)) {
      const version = /^\d|^v\d/.test(match[1]) ? match[1].replace(/^v/, '') : sample.daprLine;
      applied.set(version, (applied.get(version) ?? new Set()).add(match[2]));
    }
    for (const [version, filesApplied] of applied) {
      checked++;
      const crdFacts = upstream.daprFor(version);
      if (!crdFacts) {
        const newest = upstream.newestDapr().tag;
        if (compareVersions(version, newest) > 0) problems.push({ file: sample.file, line: sample.line, lang: 'bash', check: 'named', message: `applies CRDs of Dapr ${version}, newer than every data file in upstream-facts/ (newest: ${newest})` });
        continue;
      }
      const all = new Set(Object.values(crdFacts.crds).map((c) => c.file));
      const unknown = [...filesApplied].filter((f) => !all.has(f));
      const missing = [...all].filter((f) => !filesApplied.has(f));
      if (unknown.length) problems.push({ file: sample.file, line: sample.line, lang: 'bash', check: 'named', message: `charts/dapr/crds/ at dapr/dapr ${crdFacts.tag} has no ${unknown.join(', ')}` });
      if (filesApplied.size > 1 && missing.length) problems.push({ file: sample.file, line: sample.line, lang: 'bash', check: 'named', message: `applies ${filesApplied.size} of the ${all.size} CRDs of dapr/dapr ${crdFacts.tag}; missing ${missing.join(', ')}` });
    }
  }
  return { checked, problems };
}

/**
 * Commands written as inline code in prose and tables (`` `diagrid appid logs orders -t 20` ``), as one-line shell
 * samples, so a flag in a troubleshooting row is held to the reference like one in a fence.
 */
export function inlineCommands(texts: Text[]): Sample[] {
  const out: Sample[] = [];
  for (const { file, line, text, daprLine } of texts) {
    // Fenced blocks are samples already; blank them out, keeping the line count.
    const prose = text.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\s*\2[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
    for (const match of prose.matchAll(/(?<!`)`((?:diagrid|dapr) [^`\n]+)`(?!`)/g)) {
      out.push({ file, line: line + lineAt(prose, match.index!), lang: 'bash', code: match[1], daprLine });
    }
  }
  return out;
}

export function checkNamed(texts: Text[], samples: Sample[], root: string, upstream: UpstreamFacts): CheckResult {
  const inText = checkNamesInText(texts, upstream);
  const commands = checkCommands([...samples, ...inlineCommands(texts)], root, upstream);
  return { check: 'named', checked: inText.checked + commands.checked, marked: 0, problems: [...inText.problems, ...commands.problems] };
}
