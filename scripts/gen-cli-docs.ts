// Generates the `diagrid` CLI reference pages of a docs section from cli/<section>/*.yaml (one file per command
// group, the one place a command's usage, flags and examples are written). Run by `npm run gen`; never edit the output.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { mdxSafe, searchSkip, tableCell as cell, writeGeneratedDocs, type Page } from './generated-docs';

export type CliFlag = {
  /** Long name without dashes, e.g. `project`; omitted for a flag the CLI has only in short form (`appid logs -t`). */
  name?: string;
  /** One-letter shorthand without the dash, when the CLI has one. */
  short?: string;
  /** Value type as Cobra prints it (`string`, `int`, `stringArray`); omitted for boolean switches. */
  type?: string;
  description: string;
  default?: string;
  required?: boolean;
  repeatable?: boolean;
  deprecated?: string;
};

export type CliArg = { name: string; description: string; required?: boolean };

export type CliExample = { title: string; code: string; output?: string };

export type CliLink = { label: string; to: string };

export type CliCommand = {
  name: string;
  /** One sentence: the sidebar tooltip, the parent's command table and the page's meta description. */
  summary: string;
  /** Markdown: what the command is for and when to reach for it. */
  description?: string;
  /** Overrides the usage line built from the command path, arguments and flags. */
  usage?: string;
  aliases?: string[];
  /** Still parses but is left out of the CLI's own help. */
  hidden?: string;
  args?: CliArg[];
  flags?: CliFlag[];
  /**
   * True only when the flag list was taken from the command's full `--help` output. Otherwise the page adds one
   * sentence that points to the command's `--help`.
   */
  flagsComplete?: boolean;
  examples?: CliExample[];
  /** Markdown: caveats, behaviours and pitfalls, each worth knowing before running the command. */
  notes?: string;
  related?: CliLink[];
  /** Where each fact on the page comes from (fact-sheet keys or public URLs); not rendered. */
  sources: string[];
  commands?: CliCommand[];
  /** Too little to say for a page of its own: listed on the parent only. */
  page?: boolean;
};

export type CliIndex = { title: string; description: string; body: string; order: string[] };

/** Flags every command accepts. */
export const GLOBAL_FLAGS: CliFlag[] = [
  { name: 'api-key', type: 'string', description: 'Runs the command with the permissions of this Diagrid API key instead of the logged-in user.' },
  { name: 'help', short: 'h', description: 'Prints help for the command.' },
];

const SLUG = /^[a-z][a-z0-9-]*$/;

// A comma inside an unquoted `{ … }` YAML value silently ends the value and adds a stray key, so any key the
// schema does not know is reported.
const KEYS = {
  command: ['name', 'summary', 'description', 'usage', 'aliases', 'hidden', 'args', 'flags', 'flagsComplete', 'examples', 'notes', 'related', 'sources', 'commands', 'page'],
  flag: ['name', 'short', 'type', 'description', 'default', 'required', 'repeatable', 'deprecated'],
  arg: ['name', 'description', 'required'],
  example: ['title', 'code', 'output'],
  link: ['label', 'to'],
} as const;

function unknownKeys(value: object, kind: keyof typeof KEYS): string[] {
  return Object.keys(value).filter((key) => !(KEYS[kind] as readonly string[]).includes(key));
}

/** Problems that would make a page wrong or misleading; an empty list means the tree is publishable. */
export function validate(group: CliCommand, file: string): string[] {
  const problems: string[] = [];
  const walk = (cmd: CliCommand, trail: string[]) => {
    const where = `${file}: ${['diagrid', ...trail].join(' ')}`;
    const objects: [object, keyof typeof KEYS][] = [
      [cmd, 'command'],
      ...(cmd.flags ?? []).map((f): [object, keyof typeof KEYS] => [f, 'flag']),
      ...(cmd.args ?? []).map((a): [object, keyof typeof KEYS] => [a, 'arg']),
      ...(cmd.examples ?? []).map((e): [object, keyof typeof KEYS] => [e, 'example']),
      ...(cmd.related ?? []).map((l): [object, keyof typeof KEYS] => [l, 'link']),
    ];
    for (const [value, kind] of objects) {
      for (const key of unknownKeys(value, kind)) problems.push(`${where}: unknown ${kind} key "${key}" (an unquoted comma in a { … } value?)`);
    }
    if (!SLUG.test(cmd.name)) problems.push(`${where}: name "${cmd.name}" is not a lowercase command name`);
    if (!cmd.summary?.trim()) problems.push(`${where}: summary is empty`);
    if (/\n/.test(cmd.summary ?? '')) problems.push(`${where}: summary must be one line`);
    if (!Array.isArray(cmd.sources) || cmd.sources.length === 0) problems.push(`${where}: no sources`);
    const seen = new Set<string>();
    for (const flag of cmd.flags ?? []) {
      const id = flagId(flag);
      if (flag.name === undefined ? flag.short === undefined : !/^[a-z][a-z0-9-]*$/.test(flag.name)) problems.push(`${where}: flag "${flag.name ?? ''}" is not a long flag name (a short-only flag needs \`short\`)`);
      if (flag.short !== undefined && !/^[a-zA-Z]$/.test(flag.short)) problems.push(`${where}: ${id} shorthand "${flag.short}" is not one letter`);
      if (!flag.description?.trim()) problems.push(`${where}: ${id} has no description`);
      for (const key of [flag.name, flag.short].filter(Boolean) as string[]) {
        if (seen.has(key)) problems.push(`${where}: flag "${key}" is listed twice`);
        seen.add(key);
      }
      if (flag.name && GLOBAL_FLAGS.some((g) => g.name === flag.name)) problems.push(`${where}: ${id} is a global flag`);
    }
    for (const example of cmd.examples ?? []) {
      if (!example.title?.trim() || !example.code?.trim()) problems.push(`${where}: an example lacks a title or code`);
    }
    const names = (cmd.commands ?? []).map((c) => c.name);
    if (new Set(names).size !== names.length) problems.push(`${where}: duplicate subcommand names`);
    for (const sub of cmd.commands ?? []) walk(sub, [...trail, sub.name]);
  };
  walk(group, [group.name]);
  return problems;
}


/** How a flag is named in messages: its long form, or its short form when it has no long one. */
export const flagId = (flag: CliFlag) => (flag.name ? `--${flag.name}` : `-${flag.short}`);

const flagLabel = (flag: CliFlag) =>
  `${[flag.short && `\`-${flag.short}\``, flag.name && `\`--${flag.name}\``].filter(Boolean).join(', ')}${flag.type ? ` ${flag.type}` : ''}`;

function flagTable(flags: CliFlag[]): string {
  const rows = flags.map((flag) => {
    const extras = [
      flag.required ? '**Required.**' : '',
      flag.repeatable ? 'Repeatable.' : '',
      flag.default !== undefined ? `Default \`${flag.default}\`.` : '',
      flag.deprecated ? `Deprecated: ${flag.deprecated}` : '',
    ].filter(Boolean);
    return `| ${flagLabel(flag)} | ${cell([flag.description, ...extras].join(' '))} |`;
  });
  return ['| Flag | Description |', '| --- | --- |', ...rows].join('\n');
}

function usageLine(cmd: CliCommand, trail: string[]): string {
  if (cmd.usage) return cmd.usage.trim();
  const words = ['diagrid', ...trail];
  const hasSubcommands = (cmd.commands ?? []).length > 0;
  if (hasSubcommands) words.push('<command>');
  for (const arg of cmd.args ?? []) words.push(arg.required === false ? `[${arg.name}]` : arg.name);
  if ((cmd.flags ?? []).length > 0 || !hasSubcommands) words.push('[flags]');
  return words.join(' ');
}

/** The page of one command; `trail` is its path below `diagrid` (`['apikey', 'create']`), `parent` the page above it. */
export function renderCommand(
  cmd: CliCommand,
  trail: string[],
  parent: { title: string; href: string; note: string },
  hrefOf: (trail: string[]) => string | null,
  position = 0,
): string {
  const title = ['diagrid', ...trail].join(' ');
  const lines: string[] = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `sidebar_label: ${JSON.stringify(trail[trail.length - 1])}`,
    // Position and key serve sections whose sidebar is the folder tree (Conductor); sidebar.ts serves the rest.
    `sidebar_position: ${position}`,
    `sidebar_key: ${JSON.stringify(`cli-${trail.join('-')}`)}`,
    `description: ${JSON.stringify(cmd.summary.trim())}`,
    '---',
    '',
    '{/* Generated by scripts/gen-cli-docs.ts from cli/; edit the YAML, not this file. */}',
    '',
    mdxSafe(cmd.summary.trim()),
    '',
  ];
  if (cmd.hidden) lines.push(':::note[Hidden command]', '', mdxSafe(cmd.hidden.trim()), '', ':::', '');
  if (cmd.description) lines.push(mdxSafe(cmd.description.trim()), '');

  lines.push('## Usage', '', '```bash', usageLine(cmd, trail), '```', '');
  if (cmd.aliases?.length) lines.push(`Aliases: ${cmd.aliases.map((a) => `\`${a}\``).join(', ')}.`, '');

  const subcommands = cmd.commands ?? [];
  // Deeper commands (`workflow archive export`) get a section on this page instead of a row linking elsewhere.
  const nested = trail.length >= 2;
  if (subcommands.length && !nested) {
    lines.push('## Commands', '', '| Command | What it does |', '| --- | --- |');
    for (const sub of subcommands) {
      const name = `\`${[title, sub.name].join(' ')}\``;
      const href = hrefOf([...trail, sub.name]);
      lines.push(`| ${href ? `[${name}](${href})` : name} | ${cell(sub.summary)} |`);
    }
    lines.push('');
  }
  if (subcommands.length && nested) {
    lines.push('## Commands', '');
    for (const sub of subcommands) {
      lines.push(`### \`${title} ${sub.name}\``, '', mdxSafe(sub.summary.trim()), '');
      if (sub.description) lines.push(mdxSafe(sub.description.trim()), '');
      lines.push('```bash', usageLine(sub, [...trail, sub.name]), '```', '');
      if (sub.flags?.length) lines.push(flagTable(sub.flags), '');
    }
  }

  if (cmd.args?.length) {
    lines.push('## Arguments', '', '| Argument | Description |', '| --- | --- |');
    for (const arg of cmd.args) lines.push(`| \`${arg.name}\` | ${cell(`${arg.description}${arg.required === false ? ' Optional.' : ''}`)} |`);
    lines.push('');
  }

  if (cmd.flags?.length) {
    lines.push('## Flags', '', flagTable(cmd.flags), '');
    if (!cmd.flagsComplete) {
      lines.push(
        searchSkip(`Run \`${title} --help\` to list every flag.`),
        '',
      );
    }
  } else if (!subcommands.length) {
    lines.push(
      '## Flags',
      '',
      searchSkip(`Run \`${title} --help\` to list its flags.`),
      '',
    );
  }

  lines.push('## Global flags', '', searchSkip(flagTable(GLOBAL_FLAGS)), '');

  if (cmd.examples?.length) {
    lines.push('## Examples', '');
    for (const example of cmd.examples) {
      lines.push(`### ${mdxSafe(example.title.trim())}`, '', '```bash', example.code.trim(), '```', '');
      if (example.output) lines.push('The command prints:', '', '```text', example.output.trim(), '```', '');
    }
  }

  if (cmd.notes) lines.push('## Notes', '', mdxSafe(cmd.notes.trim()), '');

  const seeAlso = [`- [${parent.title}](${parent.href}): ${parent.note}`, ...(cmd.related ?? []).map((link) => `- [${mdxSafe(link.label)}](${link.to})`)];
  lines.push('## See also', '', searchSkip(seeAlso.join('\n')), '');

  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

// `key` keeps translation keys unique: `use` under both `product` and `project` would otherwise clash.
export type SidebarItem =
  | { type: 'doc'; id: string; label: string; key: string }
  | { type: 'category'; label: string; link: { type: 'doc'; id: string }; items: SidebarItem[]; key: string };

/** All pages and the sidebar of one section's CLI reference. `base` is the reference's URL path. */
export function renderReference(index: CliIndex, groups: CliCommand[], base: string, docIdBase: string) {
  const byName = new Map(groups.map((g) => [g.name, g]));
  const ordered = [...index.order.map((name) => byName.get(name)!), ...groups.filter((g) => !index.order.includes(g.name)).sort((a, b) => a.name.localeCompare(b.name))];
  const withPage = (cmd: CliCommand) => cmd.page !== false;
  const isGroupPage = (cmd: CliCommand) => (cmd.commands ?? []).some(withPage);

  // Route of a command page, or null when it is documented on its parent.
  const hrefOf = (trail: string[]): string | null => {
    if (trail.length > 2) return null;
    let cmd: CliCommand | undefined = byName.get(trail[0]);
    for (const name of trail.slice(1)) cmd = cmd?.commands?.find((c) => c.name === name);
    if (!cmd || !withPage(cmd)) return null;
    return trail.length === 1 && isGroupPage(cmd) ? `${base}/${trail[0]}/` : `${base}/${trail.join('/')}`;
  };

  const pages: Page[] = [];
  const sidebar: SidebarItem[] = [];
  const toReference = { title: 'CLI reference', href: `${base}/`, note: 'every command, installation and conventions.' };
  ordered.forEach((group, i) => {
    const groupHref = hrefOf([group.name])!;
    if (isGroupPage(group)) {
      pages.push({ file: `${group.name}/index.mdx`, content: renderCommand(group, [group.name], toReference, hrefOf, 0) });
      pages.push({ file: `${group.name}/_category_.json`, content: `${JSON.stringify({ label: group.name, position: i + 1, key: `cli-${group.name}` }, null, 2)}\n` });
      const toGroup = { title: `diagrid ${group.name}`, href: groupHref, note: 'the command group and its other subcommands.' };
      const items: SidebarItem[] = [];
      (group.commands ?? []).filter(withPage).forEach((sub, j) => {
        pages.push({ file: `${group.name}/${sub.name}.mdx`, content: renderCommand(sub, [group.name, sub.name], toGroup, hrefOf, j + 1) });
        items.push({ type: 'doc', id: `${docIdBase}/${group.name}/${sub.name}`, label: sub.name, key: `cli-${group.name}-${sub.name}` });
      });
      sidebar.push({ type: 'category', label: group.name, link: { type: 'doc', id: `${docIdBase}/${group.name}/index` }, items, key: `cli-${group.name}` });
    } else {
      pages.push({ file: `${group.name}.mdx`, content: renderCommand(group, [group.name], toReference, hrefOf, i + 1) });
      sidebar.push({ type: 'doc', id: `${docIdBase}/${group.name}`, label: group.name, key: `cli-${group.name}` });
    }
  });
  pages.push({ file: '_category_.json', content: `${JSON.stringify({ label: 'CLI reference', key: 'cli-reference' }, null, 2)}\n` });

  const table = ['| Command | What it does |', '| --- | --- |', ...ordered.map((g) => `| [\`diagrid ${g.name}\`](${hrefOf([g.name])}) | ${cell(g.summary)} |`)];
  pages.push({
    file: 'index.mdx',
    content: [
      '---',
      `title: ${JSON.stringify(index.title)}`,
      'sidebar_label: Overview',
      'sidebar_position: 0',
      `description: ${JSON.stringify(index.description)}`,
      '---',
      '',
      '{/* Generated by scripts/gen-cli-docs.ts from cli/; edit the YAML, not this file. */}',
      '',
      index.body.trim(),
      '',
      '## Commands',
      '',
      ...table,
      '',
      '## Global flags',
      '',
      flagTable(GLOBAL_FLAGS),
      '',
    ].join('\n'),
  });
  return { pages, sidebar };
}

/** Reads cli/<section>/ and writes the pages and sidebar.ts into <section folder>/references/cli-reference/. */
export function generate(root: string, source: string, target: string, base: string): { pages: number; problems: string[] } {
  const dir = path.join(root, source);
  const index = yaml.load(readFileSync(path.join(dir, '_index.yaml'), 'utf8')) as CliIndex;
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && !f.startsWith('_')).sort();
  const groups = files.map((f) => yaml.load(readFileSync(path.join(dir, f), 'utf8')) as CliCommand);
  const problems = groups.flatMap((g, i) => validate(g, path.join(source, files[i])));
  groups.forEach((g, i) => {
    if (`${g.name}.yaml` !== files[i]) problems.push(`${source}/${files[i]}: file name does not match command "${g.name}"`);
  });
  for (const name of index.order) if (!groups.some((g) => g.name === name)) problems.push(`${source}/_index.yaml: order names unknown command "${name}"`);
  if (problems.length) return { pages: 0, problems };

  const out = path.join(root, target);
  const docIdBase = 'references/cli-reference';
  const { pages, sidebar } = renderReference(index, groups, base, docIdBase);
  writeGeneratedDocs(out, pages, sidebar, 'scripts/gen-cli-docs.ts', `${source}/`);
  return { pages: pages.length, problems };
}

/** Each CLI reference: its YAML source, the content folder it is written to and the URL it is served at. */
export const REFERENCES = [
  { source: 'cli/catalyst', target: 'catalyst/references/cli-reference', base: '/catalyst/references/cli-reference' },
  { source: 'cli/conductor', target: 'docs/references/cli-reference', base: '/conductor/references/cli-reference' },
];

/** Writes every CLI reference; a summary line per reference written, and the problems of those that were not. */
export function generateCliReferences(root: string): { summaries: string[]; problems: string[] } {
  const summaries: string[] = [];
  const problems: string[] = [];
  for (const ref of REFERENCES) {
    const result = generate(root, ref.source, ref.target, ref.base);
    if (result.problems.length) problems.push(...result.problems);
    else summaries.push(`${ref.source}: ${result.pages} pages in ${ref.target}`);
  }
  return { summaries, problems };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const root = path.join(__dirname, '..');
  // `--check <file.yaml>...` validates group files without writing pages, for writers mid-edit.
  const check = process.argv.indexOf('--check');
  if (check > 0) {
    const files = process.argv.slice(check + 1);
    const problems = files.flatMap((f) => validate(yaml.load(readFileSync(f, 'utf8')) as CliCommand, f));
    for (const problem of problems) console.error(problem);
    console.log(`${files.length} file(s) checked, ${problems.length} problem(s)`);
    process.exit(problems.length ? 1 : 0);
  }
  const { summaries, problems } = generateCliReferences(root);
  for (const problem of problems) console.error(problem);
  for (const summary of summaries) console.log(summary);
  process.exit(problems.length ? 1 : 0);
}
