// The upgrade canary (.github/workflows/canary.yml) runs only on GitHub, weekly: these checks keep it right between
// runs. It must be scheduled and dispatchable, install the newest release of exactly the packages package.json
// names (every @docusaurus one, the OpenAPI plugin and theme, the search plugin), apply the patches with
// --error-on-warn, build and test, and open an issue when it fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Step = { name?: string; run?: string; if?: string; uses?: string; env?: Record<string, string> };
type Workflow = {
  on: { schedule?: { cron: string }[]; workflow_dispatch?: unknown };
  permissions: Record<string, string>;
  env: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
};

const workflow = yaml.load(read('.github/workflows/canary.yml')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const stepRunning = (pattern: RegExp) => steps.findIndex((step) => pattern.test(step.run ?? ''));

test('the canary runs weekly and on demand, and may write issues', () => {
  const crons = (workflow.on.schedule ?? []).map((entry) => entry.cron);
  assert.equal(crons.length, 1, 'one schedule');
  const [minute, hour, dayOfMonth, month, dayOfWeek] = crons[0].split(/\s+/);
  assert.ok(/^\d+$/.test(minute) && /^\d+$/.test(hour), `a fixed time of day, not "${crons[0]}"`);
  assert.deepEqual([dayOfMonth, month], ['*', '*'], 'every month, any date');
  assert.ok(/^[0-6]$/.test(dayOfWeek), `one day of the week, not "${dayOfWeek}"`);
  assert.ok('workflow_dispatch' in workflow.on, 'manual dispatch');
  assert.equal(workflow.permissions.issues, 'write');
});

test('it upgrades exactly the @docusaurus packages of package.json, the OpenAPI plugin and theme, and the search plugin', () => {
  const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  const expected = [
    ...names.filter((name) => name.startsWith('@docusaurus/')),
    'docusaurus-plugin-openapi-docs',
    'docusaurus-theme-openapi-docs',
    '@easyops-cn/docusaurus-search-local',
  ];
  for (const name of expected.slice(-3)) assert.ok(names.includes(name), `${name} is no longer in package.json`);
  const listed = workflow.env.CANARY_PACKAGES.trim().split(/\s+/);
  assert.deepEqual([...listed].sort(), [...expected].sort(), 'CANARY_PACKAGES in canary.yml against package.json');
  const install = stepRunning(/npm install .*CANARY_PACKAGES/);
  assert.ok(install >= 0, 'a step installs $CANARY_PACKAGES');
  assert.match(steps[install].run!, /@latest/, 'at their newest release');
});

test('it applies the patches with --error-on-warn, then builds and runs npm test, in that order', () => {
  assert.match(read('scripts/apply-patches.sh'), /patch-package --error-on-fail --error-on-warn/);
  const order = [/npm install .*CANARY_PACKAGES/, /bash scripts\/apply-patches\.sh/, /npm run build/, /npm test/].map(stepRunning);
  assert.ok(order.every((index) => index >= 0), `steps found at ${order.join(', ')}`);
  assert.deepEqual([...order].sort((a, b) => a - b), order, 'install, patches, build, test');
  for (const index of order) assert.match(steps[index].run!, /set -o pipefail/, `step ${steps[index].name} fails when its command fails under tee`);
  for (const name of ['Chromium', 'pyflakes']) assert.ok(steps.some((step) => step.run?.includes(name.toLowerCase())), `installs ${name}`);
});

test('a failure opens an issue with the log, or comments on the open one', () => {
  const issue = steps.find((step) => /gh issue create/.test(step.run ?? ''));
  assert.ok(issue, 'a step runs `gh issue create`');
  assert.equal(issue.if, 'failure()');
  assert.equal(issue.env?.GH_TOKEN, '${{ github.token }}');
  assert.match(issue.run!, /CANARY_LOG/, 'the log goes into the issue');
  assert.match(issue.run!, /gh issue comment/, 'an open canary issue gets a comment, not a twin');
});
