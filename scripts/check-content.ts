// `npm run check:content`: checks every code sample and every machine-checkable claim in the sources (pages,
// openapi/catalyst.yaml with its x-codeSamples, cli/*/*.yaml, components/) without a production build. Prints every
// problem it finds as `file:line [language] check: what is wrong`, then a count per check; exits 1 on any problem.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkHttp } from './content-check/checks/http';
import { checkJavaScript } from './content-check/checks/javascript';
import { checkNamed, type Text } from './content-check/checks/named';
import { checkPython } from './content-check/checks/python';
import { checkSdkSurface } from './content-check/checks/sdk';
import { checkShell } from './content-check/checks/shell';
import { checkSources } from './content-check/checks/sources';
import { checkYaml, ComponentCatalog, YamlChecker } from './content-check/checks/yaml';
import { formatProblem, type CheckResult } from './content-check/problem';
import { allSamples, pageFiles, readPage, SourceError } from './content-check/samples';
import { UpstreamFacts } from './content-check/upstream';

/** Every text the named-things check reads: page bodies and the reference sources, with the Dapr line of each. */
function texts(root: string): Text[] {
  const out: Text[] = [];
  for (const { file, daprLine } of pageFiles(root)) {
    try {
      const page = readPage(root, file);
      out.push({ file, line: page.frontMatterLines + 1, text: page.body, daprLine });
    } catch (error) {
      if (!(error instanceof SourceError)) throw error; // reported by the samples reader
    }
  }
  const source = (file: string, daprLine: string) => out.push({ file, line: 1, text: readFileSync(path.join(root, file), 'utf8'), daprLine });
  source('openapi/catalyst.yaml', '1.17');
  source('components/descriptions.yaml', '1.17');
  return out;
}

export function checkContent(root: string): { results: CheckResult[]; unreadable: CheckResult } {
  const upstream = UpstreamFacts.load(root);
  const { samples, errors } = allSamples(root);
  const unreadable: CheckResult = {
    check: 'sources readable',
    checked: samples.length,
    marked: 0,
    problems: errors.map((e) => ({ file: e.file, line: e.line, check: 'parse', message: e.message })),
  };
  const results = [
    checkJavaScript(root, samples),
    checkHttp(root, samples),
    checkYaml(samples, new YamlChecker(upstream, ComponentCatalog.load(root, upstream.contrib.builtinAuthenticationProfiles))),
    checkNamed(texts(root), samples, root, upstream),
    checkSdkSurface(root, samples),
    checkPython(samples),
    checkShell(samples),
    checkSources(root),
  ];
  return { results, unreadable };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const started = Date.now();
  const root = path.join(__dirname, '..');
  const { results, unreadable } = checkContent(root);
  const all = [unreadable, ...results];
  const problems = all.flatMap((r) => r.problems).sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  for (const problem of problems) console.error(formatProblem(problem));
  console.log(`\n${'check'.padEnd(18)} ${'checked'.padStart(8)} ${'marked'.padStart(7)} ${'problems'.padStart(9)}`);
  for (const r of all) console.log(`${r.check.padEnd(18)} ${String(r.checked).padStart(8)} ${String(r.marked).padStart(7)} ${String(r.problems.length).padStart(9)}`);
  console.log(`\n${problems.length} problem(s) in ${((Date.now() - started) / 1000).toFixed(1)} s. "marked" = samples marked nocheck="reason" in their fence.`);
  process.exit(problems.length ? 1 : 0);
}
