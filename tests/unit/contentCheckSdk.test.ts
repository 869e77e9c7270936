import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { checkSdkSample, checkSdkSurface, loadSdkFacts, type SdkFacts } from '../../scripts/content-check/checks/sdk';
import type { Sample } from '../../scripts/content-check/samples';

// Against the real data in upstream-facts/ (written from the SDKs' release tags).
const root = path.join(__dirname, '..', '..');
const facts = loadSdkFacts(root);

const sample = (lang: string, code: string): Sample => ({ file: 'docs/x.md', line: 10, lang, code, daprLine: '1.18' });
const problems = (lang: 'python' | 'java' | 'csharp' | 'go', code: string) => checkSdkSample(sample(lang, code), facts[lang] as SdkFacts).map((p) => `${p.line}: ${p.message.replace(/ \([\w-]+ v[\d.]+\)$/, '')}`);

const PYTHON = `import json
from dapr.clients import DaprClient
from dapr.ext.workflow import DaprWorkflowContext, WorkflowRuntime

wfr = WorkflowRuntime()


@wfr.workflow(name="order")
def order(ctx: DaprWorkflowContext, order_id: str):
    result = yield ctx.call_activity(ship, input=order_id)
    return result


with DaprClient() as client:
    client.save_state(store_name="kvstore", key="k", value=json.dumps({"a": 1}))
    item = client.get_state("kvstore", "k")
    print(item.text())
`;

test('python: a correct sample passes', () => {
  assert.deepEqual(problems('python', PYTHON), []);
});

test('python: a method that does not exist, a wrong keyword, a missing import name and module fail', () => {
  assert.deepEqual(problems('python', PYTHON.replace('client.save_state(', 'client.save_states(')), ['24: DaprClient has no method save_states']);
  assert.deepEqual(problems('python', PYTHON.replace('store_name=', 'store=')), ['24: DaprClient.save_state has no parameter store']);
  assert.deepEqual(problems('python', PYTHON.replace('input=order_id', 'inputs=order_id')), ['19: DaprWorkflowContext.call_activity has no parameter inputs']);
  assert.deepEqual(problems('python', PYTHON.replace('import DaprClient', 'import DaprClients')), ['11: dapr.clients has no name DaprClients']);
  assert.deepEqual(problems('python', PYTHON.replace('from dapr.clients import', 'from dapr.client import')), ['11: module dapr.client does not exist']);
});

const JAVA = `import io.dapr.client.DaprClient;
import io.dapr.client.DaprClientBuilder;
import io.dapr.client.domain.State;

public class Example {
  public static void main(String[] args) throws Exception {
    try (DaprClient client = new DaprClientBuilder().build()) {
      client.saveState("kvstore", "k", "v").block();
      State<String> state = client.getState("kvstore", "k", String.class).block();
      System.out.println(state.getValue() + state.getEtag());
    }
  }
}
`;

test('java: a correct sample passes', () => {
  assert.deepEqual(problems('java', JAVA), []);
});

test('java: a method that does not exist and an import that does not exist fail', () => {
  assert.deepEqual(problems('java', JAVA.replace('client.saveState(', 'client.putState(')), ['17: DaprClient has no method putState']);
  assert.deepEqual(problems('java', JAVA.replace('state.getEtag()', 'state.getETag()')), ['19: State has no method getETag']);
  assert.deepEqual(problems('java', JAVA.replace('.build())', '.create())')), ['16: DaprClientBuilder has no method create']);
  assert.deepEqual(problems('java', JAVA.replace('import io.dapr.client.domain.State;', 'import io.dapr.client.State;')), ['12: io.dapr.client.State does not exist']);
});

const CSHARP = `using Dapr.Client;
using Dapr.Workflow;

using var client = new DaprClientBuilder().Build();
await client.SaveStateAsync("kvstore", "k", "v");
var items = await client.GetBulkStateAsync("kvstore", new[] { "a", "b" }, parallelism: 2);
var request = new BindingRequest("b", "create") { Data = new byte[0] };
var policy = new WorkflowRetryPolicy(maxNumberOfAttempts: 3, firstRetryInterval: TimeSpan.FromSeconds(1));

sealed class OrderWorkflow : Workflow<string, string>
{
    public override async Task<string> RunAsync(WorkflowContext context, string input) =>
        await context.CallActivityAsync<string>("Ship", input);
}
`;

test('csharp: a correct sample passes', () => {
  assert.deepEqual(problems('csharp', CSHARP), []);
});

test('csharp: a method that does not exist, a wrong named argument or property, and a missing namespace fail', () => {
  assert.deepEqual(problems('csharp', CSHARP.replace('client.SaveStateAsync(', 'client.PutStateAsync(')), ['14: DaprClient has no method PutStateAsync']);
  assert.deepEqual(problems('csharp', CSHARP.replace('parallelism: 2', 'parallel: 2')), ['15: DaprClient.GetBulkStateAsync has no parameter parallel']);
  assert.deepEqual(problems('csharp', CSHARP.replace('maxNumberOfAttempts:', 'maxAttempts:')), ['17: new WorkflowRetryPolicy has no parameter maxAttempts']);
  assert.deepEqual(problems('csharp', CSHARP.replace('{ Data =', '{ Payload =')), ['16: BindingRequest has no property Payload']);
  assert.deepEqual(problems('csharp', CSHARP.replace('context.CallActivityAsync', 'context.CallActivity')), ['22: WorkflowContext has no method CallActivity']);
  assert.deepEqual(problems('csharp', CSHARP.replace('using Dapr.Workflow;', 'using Dapr.Workflows;')), ['11: namespace Dapr.Workflows does not exist']);
});

const GO = `package main

import (
	"context"

	dapr "github.com/dapr/go-sdk/client"
)

func main() {
	ctx := context.Background()
	client, err := dapr.NewClient()
	if err != nil {
		panic(err)
	}
	defer client.Close()
	out, err := client.InvokeBinding(ctx, &dapr.InvokeBindingRequest{Name: "b", Operation: "create"})
	item, err := client.GetState(ctx, "kvstore", "k", nil)
	ops := []*dapr.StateOperation{{Type: dapr.StateOperationTypeUpsert, Item: &dapr.SetStateItem{Key: "k"}}}
	_ = client.ExecuteStateTransaction(ctx, "kvstore", nil, ops)
	println(string(out.Data), string(item.Value), item.Etag)
}
`;

test('go: a correct sample passes', () => {
  assert.deepEqual(problems('go', GO), []);
});

test('go: a method that does not exist, a wrong struct field, a missing package member and package fail', () => {
  assert.deepEqual(problems('go', GO.replace('client.GetState(', 'client.ReadState(')), ['26: Client has no method ReadState']);
  assert.deepEqual(problems('go', GO.replace('Operation: "create"', 'Op: "create"')), ['25: InvokeBindingRequest has no field Op']);
  assert.deepEqual(problems('go', GO.replace('{Key: "k"}', '{Name: "k"}')), ['27: SetStateItem has no field Name']);
  assert.deepEqual(problems('go', GO.replace('{{Type:', '{{Kind:')), ['27: StateOperation has no field Kind']);
  assert.deepEqual(problems('go', GO.replace('item.Etag', 'item.ETag')), ['29: StateItem has no field or method ETag']);
  assert.deepEqual(problems('go', GO.replace('dapr.StateOperationTypeUpsert', 'dapr.StateOperationUpsert')), ['27: github.com/dapr/go-sdk/client has no exported name StateOperationUpsert']);
  assert.deepEqual(problems('go', GO.replace('go-sdk/client"', 'go-sdk/clients"')), ['15: package github.com/dapr/go-sdk/clients does not exist']);
});

test('a call the check cannot type is not reported', () => {
  // A lambda parameter has no declared type; HttpClient is not an SDK type.
  assert.deepEqual(problems('java', JAVA.replace('System.out.println(state.getValue() + state.getEtag());', 'java.util.List.of(1).forEach(x -> x.whatever());')), []);
  assert.deepEqual(problems('csharp', 'using var http = new HttpClient();\nawait http.NoSuchAsync();\n'), []);
});

test('samples marked nocheck are counted, not checked; missing SDK data is a problem, never a skip', () => {
  const bad = sample('python', 'from dapr.clients import Nope\n');
  const result = checkSdkSurface(root, [bad, { ...bad, nocheck: 'reason' }, sample('bash', 'ls')], facts);
  assert.equal(result.checked, 1);
  assert.equal(result.marked, 1);
  assert.equal(result.problems.length, 1);
  const missing = checkSdkSurface(root, [sample('go', GO)], {});
  assert.equal(missing.problems.length, 1);
  assert.match(missing.problems[0].file, /^upstream-facts\/sdk-go-/);
  assert.match(missing.problems[0].message, /no SDK data for go/);
});
