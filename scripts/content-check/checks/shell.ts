// Shell samples parse: `bash -n` on each, after the one placeholder form the pages use is made a plain word.
// The rule: `<name>` (a letter, then letters, digits, `-`, `_`, `.`, `:` or `/`, and no spaces) stands for a value
// the reader fills in, e.g. `<project>` or `<your-api-token>`; bash would read it as redirections. Heredocs (`<<EOF`)
// and real redirections (`< file`, with a space) are left as they are.
import { spawnSync } from 'node:child_process';
import type { CheckResult, Problem } from '../problem';
import type { Sample } from '../samples';

export const PLACEHOLDER = /(?<![<\w])<([A-Za-z][A-Za-z0-9_.:/-]*)>/g;

export const withoutPlaceholders = (code: string) => code.replace(PLACEHOLDER, (_, name: string) => `PLACEHOLDER_${name.replace(/[^A-Za-z0-9_]/g, '_')}`);

export function checkShell(samples: Sample[]): CheckResult {
  const shell = samples.filter((s) => s.lang === 'bash');
  const problems: Problem[] = [];
  let checked = 0;
  for (const sample of shell.filter((s) => s.nocheck === undefined)) {
    checked++;
    const result = spawnSync('bash', ['-n'], { input: withoutPlaceholders(sample.code), encoding: 'utf8' });
    if (result.status === 0) continue;
    for (const line of result.stderr.split('\n').filter(Boolean)) {
      const at = /line (\d+):/.exec(line);
      problems.push({ file: sample.file, line: sample.line + (at ? Number(at[1]) - 1 : 0), lang: 'bash', check: 'shell', message: line.replace(/^bash: (?:line \d+: )?/, '') });
    }
  }
  return { check: 'shell', checked, marked: shell.length - checked, problems };
}
