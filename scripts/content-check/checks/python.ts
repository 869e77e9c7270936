// Python samples compile and use no undefined name: one Debian python3 process compiles every sample and runs
// pyflakes over it (scripts/content-check/python_samples.py). A missing interpreter or pyflakes is an error, never a skip.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { CheckResult, Problem } from '../problem';
import type { Sample } from '../samples';

/** Debian's interpreter, where `apt-get install python3-pyflakes` puts pyflakes (a pyenv python3 may be first on PATH). */
export const PYTHON = process.env.CONTENT_CHECK_PYTHON ?? '/usr/bin/python3';

export function checkPython(samples: Sample[]): CheckResult {
  const python = samples.filter((s) => s.lang === 'python');
  const checked = python.filter((s) => s.nocheck === undefined);
  const problems: Problem[] = [];
  const result = spawnSync(PYTHON, [path.join(__dirname, '..', 'python_samples.py')], {
    input: JSON.stringify(checked.map((s, id) => ({ id, code: s.code }))),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : result.stderr.trim().split('\n').pop();
    return { check: 'python', checked: 0, marked: python.length - checked.length, problems: [{ file: 'scripts/content-check/python_samples.py', line: 1, check: 'python', message: `cannot check Python samples with ${PYTHON}: ${why} (install python3-pyflakes: bash scripts/ensure-debian-packages.sh pyflakes)` }] };
  }
  for (const found of JSON.parse(result.stdout) as { id: number; line: number; message: string }[]) {
    const sample = checked[found.id];
    problems.push({ file: sample.file, line: sample.line + found.line - 1, lang: 'python', check: 'python', message: found.message });
  }
  return { check: 'python', checked: checked.length, marked: python.length - checked.length, problems };
}
