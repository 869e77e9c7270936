import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The dev server on a machine without Chromium keeps working: a mermaid fence stays a titled code block.
// A production build without Chromium stops with a message that says what to install.
// Each case runs in a child process, because where Chromium lives is read once when the plugin loads.
const SCRIPT = `
  const { default: remark } = require('./src/plugins/build-time-mermaid/remark');
  const tree = { type: 'root', children: [{ type: 'code', lang: 'mermaid', value: 'flowchart LR\\n A-->B' }] };
  remark()(tree, { path: 'page.md' })
    .then(() => console.log(JSON.stringify(tree.children[0])))
    .catch((error) => { console.error(error.message); process.exit(3); });
`;

function run(env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', SCRIPT], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, CI: '', CHROMIUM_PATH: '/nonexistent/chromium', ...env },
    encoding: 'utf8',
  });
}

test('without Chromium the dev server shows the diagram source as a titled code block', () => {
  const result = run({ NODE_ENV: 'development' });
  assert.equal(result.status, 0, result.stderr);
  const node = JSON.parse(result.stdout.trim().split('\n').pop()!);
  assert.equal(node.type, 'code');
  assert.equal(node.lang, 'mermaid');
  assert.match(node.meta, /title="Mermaid diagram \(install Chromium to preview it\)"/);
  assert.match(result.stderr, /No Chromium found/);
});

test('without Chromium a production build stops and says how to get it', () => {
  // A PATH with bash and no apt-get: scripts/ensure-debian-packages.sh cannot install, as on a machine without root.
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'no-apt-'));
  fs.symlinkSync('/bin/bash', path.join(bin, 'bash'));
  const result = run({ NODE_ENV: 'production', PATH: bin });
  fs.rmSync(bin, { recursive: true });
  assert.equal(result.status, 3);
  assert.match(result.stderr, /rendered to SVG at build time in Chromium, and there is none at \/nonexistent\/chromium/);
  assert.match(result.stderr, /Missing: chromium \(or set CHROMIUM_PATH\)\. Run: sudo apt-get install -y chromium/); // the script's own advice
  assert.match(result.stderr, /apt-get install -y chromium\) or set CHROMIUM_PATH, then build again/);
});
