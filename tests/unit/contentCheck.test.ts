// The content checker (`npm run check:content`) on planted mistakes of each kind, and on the corrected sample:
// each check must fail on the first and pass on the second, or it proves nothing about the site.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { checkHttp, curlCalls, shellWords } from '../../scripts/content-check/checks/http';
import { checkJavaScript } from '../../scripts/content-check/checks/javascript';
import { checkCommands, checkNamesInText, inlineCommands } from '../../scripts/content-check/checks/named';
import { checkPython } from '../../scripts/content-check/checks/python';
import { checkShell, withoutPlaceholders } from '../../scripts/content-check/checks/shell';
import { sourceItemProblem } from '../../scripts/content-check/checks/sources';
import { checkYaml, ComponentCatalog, isHelmKey, YamlChecker } from '../../scripts/content-check/checks/yaml';
import { fencedBlocks, SourceError, type Sample } from '../../scripts/content-check/samples';
import { UpstreamFacts } from '../../scripts/content-check/upstream';

const ROOT = path.join(__dirname, '..', '..');
const upstream = UpstreamFacts.load(ROOT);
const sample = (lang: string, code: string, daprLine = '1.17'): Sample => ({ file: 'page.mdx', line: 10, lang, code, daprLine });
const messages = (result: { problems: { message: string }[] }) => result.problems.map((p) => p.message);

test('fenced blocks: language, line, nocheck reason; an unclosed fence is an error naming its line', () => {
  const blocks = fencedBlocks('a.md', 'Intro\n\n```python nocheck="fragment: one call"\nx()\n```\n\n  ```bash\n  ls\n  ```\n', 5);
  assert.deepEqual(
    blocks.map((b) => [b.lang, b.line, b.code, b.nocheck]),
    [['python', 8, 'x()', 'fragment: one call'], ['bash', 12, 'ls', undefined]],
  );
  assert.throws(() => fencedBlocks('a.md', 'x\n```js\nlet a;\n', 1), (e: unknown) => e instanceof SourceError && e.line === 2 && /never closed/.test(e.message));
});

test('javascript: a field the SDK does not return fails; the right one passes', () => {
  const code = (field: string) =>
    `import { DaprClient } from "@dapr/dapr";\nconst client = new DaprClient();\nconst resp = await client.pubsub.publishBulk("pubsub", "orders", ["a"]);\nconsole.log(resp.${field}.length);\n`;
  const wrong = checkJavaScript(ROOT, [sample('javascript', code('failedEntries'))]);
  assert.equal(wrong.problems.length, 1);
  assert.equal(wrong.problems[0].line, 13);
  assert.match(wrong.problems[0].message, /failedEntries.*PubSubBulkPublishResponse/);
  assert.deepEqual(checkJavaScript(ROOT, [sample('javascript', code('failedMessages'))]).problems, []);
});

test('javascript: a page on a Dapr line with no pinned SDK is an error naming both', () => {
  const result = checkJavaScript(ROOT, [sample('javascript', 'console.log(1);\n', '1.99')]);
  assert.match(result.problems[0].message, /targets Dapr 1\.99.*pinned only for 1\.17/);
});

test('http: curl lines read as bash reads them', () => {
  assert.deepEqual(shellWords(`curl -H "a: \\"b\\"" 'c d'`), ['curl', '-H', 'a: "b"', 'c d']);
  const [call] = curlCalls('curl -X PUT "$DAPR_HTTP_ENDPOINT/v1.0/state/kvstore" \\\n  -H "dapr-api-token: $T" \\\n  -d \'[]\'');
  assert.deepEqual([call.method, call.url, call.headers['dapr-api-token'], call.body], ['PUT', '$DAPR_HTTP_ENDPOINT/v1.0/state/kvstore', '$T', '[]']);
});

test('http: wrong path, wrong method, missing token and a body the schema refuses each fail', () => {
  const curl = (line: string) => checkHttp(ROOT, [sample('bash', line)]);
  const good = `curl -X POST "$DAPR_HTTP_ENDPOINT/v1.0/state/kvstore" -H "dapr-api-token: $DAPR_API_TOKEN" -H "Content-Type: application/json" -d '[{"key":"order-1","value":{"qty":2}}]'`;
  assert.deepEqual(messages(curl(good)), []);
  assert.match(messages(curl(good.replace('/v1.0/state/', '/v1.0/states/')))[0], /no operation .* has this path/);
  assert.match(messages(curl(good.replace('-X POST', '-X PATCH')))[0], /takes POST, PUT|takes .*not PATCH/);
  assert.match(messages(curl(good.replace('-H "dapr-api-token: $DAPR_API_TOKEN" ', '')))[0], /needs the dapr-api-token header/);
  assert.match(messages(curl(good.replace('"key"', '"keys"')))[0], /save-state: body\/0 must have required property 'key'/);
  // A sidecar on this machine needs no token.
  assert.deepEqual(messages(curl('curl http://localhost:3500/v1.0/state/kvstore/order-1')), []);
  // Code without an SDK: the method is read from the call.
  const python = 'import requests\nrequests.delete(f"{base}/v1.0/publish/pubsub/orders", json={})\n';
  assert.match(messages(checkHttp(ROOT, [sample('python', python)]))[0], /takes POST, not DELETE/);
});

test('yaml: CRD schema per apiVersion, component metadata, Helm values, and YAML that does not parse', () => {
  const checker = new YamlChecker(upstream, ComponentCatalog.load(ROOT, upstream.contrib.builtinAuthenticationProfiles));
  const run = (code: string, line = '1.18') => messages(checkYaml([sample('yaml', code, line)], checker));
  const component = (field: string) =>
    `apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata:\n  name: statestore\nspec:\n  type: state.redis\n  version: v1\n  metadata:\n  - name: ${field}\n    value: localhost:6379\n`;
  assert.deepEqual(run(component('redisHost')), []);
  assert.match(run(component('redisHots'))[0], /state\.redis v1 has no metadata field redisHots/);
  assert.ok(run(component('redisHost').replace('  version: v1\n', '  versoin: v1\n')).some((m) => /must NOT have additional properties: versoin/.test(m)));
  const subscription = (apiVersion: string, routeKey: string) =>
    `apiVersion: dapr.io/${apiVersion}\nkind: Subscription\nmetadata:\n  name: orders\nspec:\n  pubsubname: pubsub\n  topic: orders\n  ${routeKey}\n`;
  assert.deepEqual(run(subscription('v2alpha1', 'routes:\n    default: /orders')), []);
  assert.deepEqual(run(subscription('v1alpha1', 'route: /orders')), []);
  assert.ok(run(subscription('v2alpha1', 'route: /orders')).some((m) => /additional properties: route/.test(m)));
  assert.match(run('apiVersion: dapr.io/v1alpha1\nkind: MCPServer\nmetadata:\n  name: m\n', '1.17')[0], /not a Dapr CRD at dapr\/dapr v1\.17\.13/);
  assert.match(run('global:\n  ha:\n    enabeld: true\n')[0], /global\.ha\.enabeld is not a key of the dapr Helm chart/);
  assert.deepEqual(run('global:\n  ha:\n    enabled: true\n  nodeSelector:\n    kubernetes.io/os: linux\n'), []);
  assert.match(run('a: [1,\n')[0], /not valid YAML/);
  assert.match(run(component('redisHost'), '1.99')[0], /targets Dapr 1\.99, newer than every data file/);
});

test('helm keys: a key of the chart, or one under a free-form map', () => {
  const keys = new Set(['global', 'global.nodeSelector', 'global.ha', 'global.ha.enabled']);
  assert.ok(isHelmKey('global.ha.enabled', keys));
  assert.ok(isHelmKey('global.nodeSelector.kubernetes.io/os', keys));
  assert.ok(!isHelmKey('global.ha.enable', keys));
});

test('named: error codes, DAPR_ names and Helm keys in text exist upstream', () => {
  const run = (text: string, daprLine = '1.17') => messages(checkNamesInText([{ file: 'p.md', line: 1, text, daprLine }], upstream, new Set()));
  assert.deepEqual(run('Returns `ERR_STATE_STORE_NOT_FOUND` with reason `DAPR_PUBSUB_MARSHAL_EVENTS`.'), []);
  assert.match(run('Returns `ERR_STATE_STORE_NOT_FOUNDD`.')[0], /error code ERR_STATE_STORE_NOT_FOUNDD does not exist in dapr\/dapr v1\.17\.13/);
  assert.match(run('The reason is `DAPR_PUBSUB_EVENTS_SER`.')[0], /DAPR_PUBSUB_EVENTS_SER is neither a reason code/);
  assert.deepEqual(run('DAPR_VERSION=1.18.3 helm upgrade'), []);
  assert.match(run('Set `global.daprControlPlaneArc`.', '1.18')[0], /not a key of the dapr Helm chart at dapr\/dapr v1\.18\.3/);
  assert.deepEqual(run('Set `global.daprControlPlaneArch=arm64`.', '1.18'), []);
});

test('named: diagrid and dapr commands and flags, helm --set keys, and every CRD of an upgrade', () => {
  const run = (code: string, daprLine = '1.18') => messages(checkCommands([sample('bash', code, daprLine)], ROOT, upstream));
  assert.deepEqual(run('diagrid appid logs orders -t 20 -f', '1.17'), []);
  assert.match(run('diagrid appid logs orders --tail 20', '1.17')[0], /flag --tail is not in the reference \(cli\/catalyst\/appid\.yaml\)/);
  assert.match(run('diagrid appids2 list', '1.17')[0], /no such command in cli\/catalyst/);
  assert.deepEqual(run('diagrid dev run --id inventory --app-port 5002 -- mvn -q exec:java', '1.17'), []);
  assert.deepEqual(run('dapr mtls renew-certificate -k --valid-until 365 --restart'), []);
  assert.match(run('dapr mtls renew-certificate -k --valid-for 365')[0], /flag --valid-for is not a flag of dapr\/cli v1\.18\.0/);
  assert.match(run('dapr dashbord -k')[0], /no such command in dapr\/cli/);
  assert.match(run('helm upgrade dapr dapr/dapr --set alertmanager.persistentVolume.enable=false')[0], /alertmanager\.persistentVolume\.enable is not a key of the dapr Helm chart/);
  assert.deepEqual(run('helm upgrade prom prometheus-community/prometheus --set alertmanager.persistence.enabled=false'), []);
  // The review's Grafana finding: a misspelt key and one the current chart moved.
  assert.deepEqual(
    run('helm install dapr-prom prometheus-community/prometheus -n m --set alertmanager.persistentVolume.enable=false --set server.persistentVolume.enabled=false'),
    ['alertmanager.persistentVolume.enable is not a key of prometheus-community/prometheus prometheus-29.27.0'],
  );
  assert.deepEqual(run('helm install x some-repo/unknown-chart --set anything=1'), []);
  const crds = (names: string[], version = 'v1.18.3') => names.map((n) => `kubectl apply -f https://raw.githubusercontent.com/dapr/dapr/${version}/charts/dapr/crds/${n}.yaml`).join('\n');
  const five = ['components', 'configuration', 'subscription', 'resiliency', 'httpendpoints'];
  assert.deepEqual(run(crds(five, 'v1.17.13')), []);
  assert.match(run(crds(five))[0], /applies 5 of the 7 CRDs of dapr\/dapr v1\.18\.3; missing mcpservers\.yaml, workflowaccesspolicy\.yaml/);
  assert.deepEqual(run(crds([...five, 'mcpservers', 'workflowaccesspolicy'])), []);
  assert.match(run(crds(five, 'v1.19.0'))[0], /CRDs of Dapr 1\.19\.0, newer than every data file/);
});

test('python: undefined names and syntax errors fail, with their lines', () => {
  const good = 'from dapr.clients import DaprClient\n\nwith DaprClient() as d:\n    d.save_state("kvstore", "k", "v")\n';
  assert.deepEqual(messages(checkPython([sample('python', good)])), []);
  const undefinedName = checkPython([sample('python', good.replace('with DaprClient()', 'with DaprClinet()'))]);
  assert.equal(undefinedName.problems[0].line, 12);
  assert.match(undefinedName.problems[0].message, /undefined name 'DaprClinet'/);
  assert.match(messages(checkPython([sample('python', 'def f(:\n  pass\n')]))[0], /SyntaxError/);
});

test('shell: bash -n with <placeholders> allowed', () => {
  assert.equal(withoutPlaceholders('diagrid project get <project> -o json < in.txt'), 'diagrid project get PLACEHOLDER_project -o json < in.txt');
  assert.deepEqual(messages(checkShell([sample('bash', 'diagrid project get <project>\ncat <<EOF\nx\nEOF\n')])), []);
  const broken = checkShell([sample('bash', 'echo ok\nif true; then\n  echo "unclosed\n')]);
  assert.ok(broken.problems.length > 0);
  assert.match(broken.problems[0].message, /unexpected EOF|syntax error/);
});

test('sources: the three forms pass; a branch, a bare name or a missing sheet fail', () => {
  const facts = path.join(ROOT, '..', 'shared', 'facts');
  assert.equal(sourceItemProblem('dapr/dapr@v1.17.13:pkg/api/http/http.go', facts), undefined);
  assert.equal(sourceItemProblem('https://docs.diagrid.io/catalyst/', facts), undefined);
  assert.match(sourceItemProblem('dapr/dapr@master:pkg/api/http/http.go', facts)!, /pin a tag or commit/);
  assert.match(sourceItemProblem('the Dapr docs', facts)!, /none of/);
  assert.match(sourceItemProblem('facts/nothing.md §1', facts)!, /no fact sheet nothing\.md/);
});

test('named: CRD files applied through variables the sample sets are expanded before they are counted', () => {
  const code = (files: string[]) =>
    ['DAPR_VERSION=1.18.3', 'CRDS="https://raw.githubusercontent.com/dapr/dapr/v${DAPR_VERSION}/charts/dapr/crds"', ...files.map((f) => `kubectl apply -f "\${CRDS}/${f}.yaml"`)].join('\n');
  const five = ['components', 'configuration', 'subscription', 'resiliency', 'httpendpoints'];
  const run = (files: string[]) => messages(checkCommands([sample('bash', code(files), '1.18')], ROOT, upstream));
  assert.match(run(five)[0], /applies 5 of the 7 CRDs of dapr\/dapr v1\.18\.3/);
  assert.deepEqual(run([...five, 'mcpservers', 'workflowaccesspolicy']), []);
});

test('named: a command written as inline code in prose is held to the reference like one in a fence', () => {
  const texts = [{ file: 'p.md', line: 1, text: 'Intro.\n\n```bash\ndiagrid appid logs orders --tail 5\n```\n\n| Row | Run `diagrid appid logs orders --project p` |\n', daprLine: '1.17' }];
  const inline = inlineCommands(texts);
  assert.deepEqual(inline.map((s) => [s.line, s.code]), [[7, 'diagrid appid logs orders --project p']]);
  assert.match(messages(checkCommands(inline, ROOT, upstream))[0], /flag --project is not in the reference/);
});
