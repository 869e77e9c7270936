// Every hand-written page says what it was checked against: a `sources:` list in its front matter, each item a
// pinned upstream file (`owner/repo@tag:path`), a fact-sheet section (`facts/<sheet>.md §…`) or an https URL. Every
// operation of openapi/catalyst.yaml has its list in the root `x-sources` map, keyed by operationId, and every CLI
// group file and components/descriptions.yaml keep their `sources:`. So when upstream moves, the next maintainer knows what to read again.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { CheckResult, Problem } from '../problem';
import { loadYamlSource, pageFiles, readPage, SourceError } from '../samples';

/** 1-based line of a file's top-level `sources:` key, or 1 when it has none (the problem is then the missing list). */
const sourcesLine = (text: string) => text.split('\n').findIndex((l) => /^sources:/.test(l)) + 1 || 1;

const PINNED = /^[\w.-]+\/[\w.-]+@[\w.-]+:\S+$/;
const FACTS = /^facts\/([\w-]+\.(?:md|json))(?:\s+§.*)?$/;
const URL = /^https:\/\/\S+$/;
// The CLI files predate the forms above and name a sheet and section: `conductor-cli.md 1.2 call (DEBUG, UNI)`.
const CLI_FACTS = /^([\w-]+\.(?:md|json))\b/;

/** The source keys the fact sheets define in their tables of sources (`| SURF | diagridio/catalyst-ai: … |`). */
export function sheetKeys(factsDir: string | undefined): Set<string> {
  if (!factsDir) return new Set();
  return new Set(
    readdirSync(factsDir)
      .filter((n) => n.endsWith('.md'))
      .flatMap((n) => [...readFileSync(path.join(factsDir, n), 'utf8').matchAll(/^\|\s*([A-Z][A-Z0-9-]+)\s*\|/gm)].map((m) => m[1])),
  );
}

/** Why a source item is not of a checkable form, or undefined when it is. */
export function sourceItemProblem(item: unknown, factsDir: string | undefined, allowSheetKey = false, keys = sheetKeys(factsDir)): string | undefined {
  if (typeof item !== 'string' || !item.trim()) return `a source must be a non-empty string, not ${JSON.stringify(item)}`;
  if (allowSheetKey && /^[A-Z][A-Z0-9-]+$/.test(item)) return !factsDir || keys.has(item) ? undefined : `${item} is not a source key of any fact sheet`;
  const sheet = FACTS.exec(item)?.[1] ?? (allowSheetKey ? CLI_FACTS.exec(item)?.[1] : undefined);
  if (sheet) return factsDir && !existsSync(path.join(factsDir, sheet)) ? `no fact sheet ${sheet} in ${factsDir}` : undefined;
  if (PINNED.test(item)) {
    const ref = item.split('@')[1].split(':')[0];
    return /^(main|master|HEAD|latest)$/.test(ref) ? `${item}: pin a tag or commit, not ${ref}` : undefined;
  }
  if (URL.test(item)) return undefined;
  return `"${item}" is none of owner/repo@tag:path, facts/<sheet>.md §section or an https URL`;
}

export function checkSources(root: string, factsDir = path.join(root, '..', 'shared', 'facts')): CheckResult {
  const facts = existsSync(factsDir) ? factsDir : undefined;
  const keys = sheetKeys(facts);
  const problems: Problem[] = [];
  let checked = 0;
  const listProblems = (file: string, line: number, list: unknown, allowSheetKey = false) => {
    checked++;
    if (!Array.isArray(list) || list.length === 0) {
      problems.push({ file, line, check: 'sources', message: 'no sources: list what the page was checked against (README, "Adding a page")' });
      return;
    }
    for (const item of list) {
      const problem = sourceItemProblem(item, facts, allowSheetKey, keys);
      if (problem) problems.push({ file, line, check: 'sources', message: problem });
    }
  };
  for (const { file } of pageFiles(root)) {
    try {
      const text = readFileSync(path.join(root, file), 'utf8');
      listProblems(file, sourcesLine(text), readPage(root, file, text).frontMatter.sources);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      problems.push({ file: error.file, line: error.line, check: 'sources', message: error.message });
    }
  }
  const openapi = 'openapi/catalyst.yaml';
  try {
    const text = readFileSync(path.join(root, openapi), 'utf8');
    const spec = yaml.load(text) as { paths: Record<string, Record<string, { operationId?: string }>>; 'x-sources'?: Record<string, unknown> };
    const lines = text.split('\n');
    for (const item of Object.values(spec.paths)) {
      for (const operation of Object.values(item)) {
        if (!operation?.operationId) continue;
        const line = lines.findIndex((l) => l.trim() === `operationId: ${operation.operationId}`) + 1;
        listProblems(openapi, line, spec['x-sources']?.[operation.operationId]);
      }
    }
  } catch (error) {
    if ((error as { mark?: unknown }).mark === undefined) throw error;
    // The samples reader reports a spec that does not parse, with its line.
  }
  for (const section of ['catalyst', 'conductor']) {
    for (const name of readdirSync(path.join(root, 'cli', section)).filter((n) => n.endsWith('.yaml') && !n.startsWith('_'))) {
      const file = `cli/${section}/${name}`;
      const text = readFileSync(path.join(root, file), 'utf8');
      let doc: { sources?: unknown };
      try {
        doc = yaml.load(text) as { sources?: unknown };
      } catch {
        continue; // reported by the samples reader
      }
      listProblems(file, sourcesLine(text), doc.sources, true);
    }
  }
  const components = 'components/descriptions.yaml';
  const text = readFileSync(path.join(root, components), 'utf8');
  try {
    listProblems(components, sourcesLine(text), loadYamlSource<{ sources?: unknown }>(components, text).sources);
  } catch (error) {
    if (!(error instanceof SourceError)) throw error;
    problems.push({ file: error.file, line: error.line, check: 'sources', message: error.message });
  }
  return { check: 'sources', checked, marked: 0, problems };
}
