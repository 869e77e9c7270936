import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The site's code (src/) is built into every page and run by the build; tests/ and scripts/ are tools around it.
// src/ must stand without them, so no module under src/ may import or require a file from either.
const ROOT = path.join(__dirname, '..', '..');
const SRC = path.join(ROOT, 'src');

/** Every module specifier in a file: `import … from 'x'`, `import('x')`, `export … from 'x'`, `require('x')`. */
function specifiers(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"])([^'"]+)\1/gm)].map((m) => m[2]);
}

export function outsideImports(file: string, code: string): string[] {
  return specifiers(code).filter((spec) => {
    if (!spec.startsWith('.') && !spec.startsWith('@site/')) return false;
    const target = spec.startsWith('@site/') ? path.join(ROOT, spec.slice('@site/'.length)) : path.resolve(path.dirname(file), spec);
    const top = path.relative(ROOT, target).split(path.sep)[0];
    return top === 'tests' || top === 'scripts';
  });
}

test('the specifier reader sees every form of import', () => {
  const file = path.join(SRC, 'plugins', 'x', 'index.ts');
  const code = [
    "import { a } from '../../../tests/chromium';",
    "import type { B } from '../../../scripts/gen';",
    "const c = require('../../../scripts/c.cjs');",
    "const d = await import('@site/tests/e2e/helpers');",
    "export { e } from '../../../tests/e';",
    "import './ok.css';",
    "import lunr from 'lunr';",
    "import { f } from '../../search/ranking';",
  ].join('\n');
  assert.deepEqual(outsideImports(file, code), ['../../../tests/chromium', '../../../scripts/gen', '../../../scripts/c.cjs', '@site/tests/e2e/helpers', '../../../tests/e']);
});

test('nothing under src/ imports from tests/ or scripts/', () => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(c|m)?[jt]sx?$/.test(f));
  assert.ok(files.length > 30, `only ${files.length} source files found`);
  const found = files.flatMap((f) => {
    const file = path.join(SRC, f);
    return outsideImports(file, readFileSync(file, 'utf8')).map((spec) => `src/${f} imports ${spec}`);
  });
  assert.deepEqual(found, []);
});
