import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { REFERENCES, renderReference, validate, type CliCommand } from '../../scripts/gen-cli-docs';
import { mdxSafe } from '../../scripts/generated-docs';

const root = path.join(__dirname, '..', '..');
const routeMap = readFileSync(path.join(root, 'tests', 'routes.txt'), 'utf8')
  .split('\n')
  .map((line) => line.replace(/^pending /, '').trim());
const base = '/catalyst/references/cli-reference';

for (const ref of REFERENCES) {
  const source = path.join(root, ref.source);
  const groups = readdirSync(source)
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
    .map((f) => ({ file: f, cmd: yaml.load(readFileSync(path.join(source, f), 'utf8')) as CliCommand }));

  test(`every command group file in ${ref.source} is publishable`, () => {
    assert.ok(groups.length > 0);
    assert.deepEqual(groups.flatMap(({ file, cmd }) => validate(cmd, file)), []);
  });

  test(`every route of the route map under ${ref.base} has a command group to come from`, () => {
    const routes = routeMap.filter((line) => line.startsWith(`${ref.base}/`) && line !== `${ref.base}/`);
    assert.ok(routes.length > 0);
    const names = new Set(groups.map(({ cmd }) => cmd.name));
    for (const route of routes) {
      const [group, sub] = route.slice(ref.base.length + 1).replace(/\*$/, '').split('/');
      assert.ok(names.has(group), `${route}: no ${ref.source}/${group}.yaml`);
      if (sub) {
        const cmd = groups.find((g) => g.cmd.name === group)!.cmd;
        assert.ok(cmd.commands?.some((c) => c.name === sub && c.page !== false), `${route}: ${group} has no page for ${sub}`);
      }
    }
  });
}

const sample: CliCommand = {
  name: 'thing',
  summary: 'Manages things.',
  sources: ['test'],
  commands: [
    {
      name: 'create',
      summary: 'Creates a <name> thing.',
      usage: 'diagrid thing create <name> [flags]',
      flags: [{ name: 'project', short: 'p', type: 'string', description: 'Project {of the} thing | pipe.' }],
      sources: ['test'],
      commands: [{ name: 'deep', summary: 'A nested command.', sources: ['test'] }],
    },
    { name: 'legacy', summary: 'An old command.', sources: ['test'], page: false },
  ],
};
const single: CliCommand = { name: 'solo', summary: 'Does one thing.', sources: ['test'], flagsComplete: true, flags: [{ name: 'dry-run', description: 'Only shows.' }] };

test('a group becomes an index page plus one page per subcommand; a single command is one page', () => {
  const { pages, sidebar } = renderReference({ title: 'CLI', description: 'd', body: 'Intro.', order: ['solo'] }, [sample, single], base, 'ref');
  assert.deepEqual(pages.map((p) => p.file).sort(), ['_category_.json', 'index.mdx', 'solo.mdx', 'thing/_category_.json', 'thing/create.mdx', 'thing/index.mdx']);
  assert.deepEqual(sidebar.map((item) => item.label), ['solo', 'thing'], 'ordered commands first, then by name');
  const index = pages.find((p) => p.file === 'index.mdx')!.content;
  assert.match(index, /\[`diagrid thing`\]\(\/catalyst\/references\/cli-reference\/thing\/\)/);
  assert.match(index, /\[`diagrid solo`\]\(\/catalyst\/references\/cli-reference\/solo\)/);
});

test('a subcommand without a page is listed on its group page but not linked', () => {
  const group = renderReference({ title: 'CLI', description: 'd', body: '', order: [] }, [sample], base, 'ref').pages.find((p) => p.file === 'thing/index.mdx')!.content;
  assert.match(group, /\| \[`diagrid thing create`\]\(\/catalyst\/references\/cli-reference\/thing\/create\) \|/);
  assert.match(group, /\| `diagrid thing legacy` \| An old command\. \|/);
});

test('command pages escape prose for MDX, keep code spans and table pipes intact, and nest deeper commands', () => {
  const page = renderReference({ title: 'CLI', description: 'd', body: '', order: [] }, [sample], base, 'ref').pages.find((p) => p.file === 'thing/create.mdx')!.content;
  assert.match(page, /^title: "diagrid thing create"$/m);
  assert.match(page, /Creates a &#60;name&#62; thing\./);
  assert.match(page, /```bash\ndiagrid thing create <name> \[flags\]\n```/);
  assert.match(page, /\| `-p`, `--project` string \| Project &#123;of the&#125; thing \\\| pipe\. \|/);
  assert.match(page, /### `diagrid thing create deep`/);
  assert.match(page, /Run `diagrid thing create --help` to list every flag\./, 'an incomplete flag list says so');
  assert.match(page, /\[diagrid thing\]\(\/catalyst\/references\/cli-reference\/thing\/\)/, 'links back to its group');
});

test('a complete flag list does not send readers to --help', () => {
  const page = renderReference({ title: 'CLI', description: 'd', body: '', order: [] }, [single], base, 'ref').pages.find((p) => p.file === 'solo.mdx')!.content;
  assert.doesNotMatch(page, /--help` to see/);
  assert.match(page, /\| `--dry-run` \| Only shows\. \|/);
});

test('a flag the CLI has only in short form is listed by its short form; a flag with neither form is refused', () => {
  const logs: CliCommand = { name: 'logs', summary: 'Prints logs.', sources: ['x'], flags: [{ short: 't', description: 'Starts from the last N entries.' }] };
  assert.deepEqual(validate(logs, 'logs.yaml'), []);
  const page = renderReference({ title: 'CLI', description: 'd', body: '', order: [] }, [logs], base, 'ref').pages[0].content;
  assert.match(page, /\| `-t` \| Starts from the last N entries\. \|/);
  const nameless: CliCommand = { ...logs, flags: [{ description: 'What?' } as never] };
  assert.ok(validate(nameless, 'logs.yaml').some((p) => /not a long flag name/.test(p)));
});

test('validation names the command and the problem', () => {
  const broken: CliCommand = {
    name: 'Bad',
    summary: '',
    sources: [],
    flags: [
      { name: 'project', short: 'pp', description: 'x' },
      { name: 'project', description: '' },
      { name: 'api-key', description: 'global' },
      { name: 'scope', description: 'Limits the key', ' for example project:x': null } as never,
    ],
  };
  const problems = validate(broken, 'bad.yaml');
  for (const expected of [/not a lowercase command name/, /summary is empty/, /no sources/, /shorthand "pp"/, /listed twice/, /--project has no description/, /--api-key is a global flag/, /unknown flag key " for example project:x"/]) {
    assert.ok(problems.some((p) => expected.test(p)), `expected a problem matching ${expected}`);
  }
});

test('mdxSafe leaves fenced code alone', () => {
  assert.equal(mdxSafe('a <b>\n```\n<c> {d}\n```\n`{e}`'), 'a &#60;b&#62;\n```\n<c> {d}\n```\n`{e}`');
});
