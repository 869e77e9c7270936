import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { announcementInlineScript } from '../../src/announcementBar';

function run(storedId: string | null, currentId: string): string | undefined {
  const attributes: Record<string, string> = { 'data-announcement-bar-initially-dismissed': 'true' };
  vm.runInNewContext(announcementInlineScript(currentId), {
    document: { documentElement: { setAttribute: (k: string, v: string) => (attributes[k] = v) } },
    localStorage: { getItem: () => storedId },
  });
  return attributes['data-announcement-bar-initially-dismissed'];
}

test('a bar dismissed under an older id shows again before first paint', () => {
  assert.equal(run('old-id', 'new-id'), 'false');
  assert.equal(run(null, 'new-id'), 'false');
});

test('a bar dismissed under the current id stays hidden', () => {
  assert.equal(run('new-id', 'new-id'), 'true');
});

test('an id with quotes cannot break out of the script', () => {
  assert.equal(run('x', `a'");alert(1);//`), 'false');
});
