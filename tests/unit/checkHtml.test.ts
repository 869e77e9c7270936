import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { batches, countByMessage, formatMessage, htmlFiles, isFailure, runVnu } from '../../scripts/check-html';

// The HTML check runs the real vnu.jar. `npm test` installs Java before the unit tests (scripts/ensure-debian-packages.sh), so
// in CI this never skips; on a machine without Java it says why.
const hasJava = spawnSync(process.env.JAVA ?? 'java', ['-version']).status === 0;
const skip = !hasJava && !process.env.CI ? 'no java here (sudo apt-get install -y default-jre-headless)' : false;

const page = (body: string) => `<!doctype html><html lang="en"><head><title>t</title></head><body>${body}</body></html>\n`;

/** The folders `site` made, removed once this file's tests are done. */
const made: string[] = [];
after(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function site(pages: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-html-'));
  made.push(dir);
  for (const [file, html] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), html);
  }
  return dir;
}

test('every .html file under the folder is checked, in order; other files are not', () => {
  const dir = site({ 'b/index.html': '', 'a.html': '', 'a/x.md': '', 'img/x.svg': '' });
  assert.deepEqual(htmlFiles(dir), ['a.html', 'b/index.html']);
});

test('files are split into runs whose arguments stay under the limit, none left out', () => {
  const files = Array.from({ length: 25 }, (_, i) => `page-${String(i).padStart(2, '0')}/index.html`);
  const runs = batches(files, 100);
  assert.ok(runs.length > 1);
  assert.ok(runs.every((run) => run.join(' ').length <= 100));
  assert.deepEqual(runs.flat(), files);
});

test('an invalid element fails, named by page, line and message; a valid page and a trailing slash do not', { skip }, () => {
  const dir = site({
    'ok/index.html': page('<p>Fine<br/>and a void element with a trailing slash.</p>'),
    'guide/index.html': page('<pre><code>\n<div class="token-line">x</div></code></pre>'),
  });
  const messages = runVnu(dir, htmlFiles(dir));
  const failures = messages.filter(isFailure);
  assert.equal(failures.length, 1, JSON.stringify(messages, null, 1));
  assert.equal(
    formatMessage(failures[0], dir).split('\n')[0],
    'guide/index.html:2:1 Element “div” not allowed as child of element “code” in this context. (Suppressing further errors from this subtree.)',
  );
  assert.deepEqual(countByMessage(failures, dir).map(({ count, pages }) => [count, pages]), [[1, 1]]);
});
