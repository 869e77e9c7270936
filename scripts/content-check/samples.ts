// Finds every code sample the site shows, with the file and line it starts on: fenced blocks in the hand-written
// pages, `x-codeSamples` in openapi/catalyst.yaml and the examples in cli/*/*.yaml. The checks read samples only
// through this module, so a new place samples live is one more reader here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

export type Sample = {
  /** Repository-relative path of the file the sample is written in. */
  file: string;
  /** 1-based line of the sample's first code line in that file. */
  line: number;
  /** Normalised language: python, javascript, typescript, java, csharp, go, bash, yaml, json, http, text, … */
  lang: string;
  code: string;
  /** Set when the writer marked the block `nocheck="reason"`: the reason. */
  nocheck?: string;
  /** The Dapr runtime line the page speaks of (`1.17` for Catalyst, `1.18` elsewhere). */
  daprLine: string;
};

export type Page = { file: string; frontMatter: Record<string, unknown>; frontMatterLines: number; body: string };

/** Content folders of the hand-written pages, with the Dapr line each speaks of (CONTENT.md). */
export const CONTENT_FOLDERS: { folder: string; daprLine: string; skip?: RegExp }[] = [
  // catalyst/api/ and the references are generated from openapi/ and cli/, components/: their sources are read instead.
  { folder: 'catalyst', daprLine: '1.17', skip: /^catalyst\/(api|references)\// },
  { folder: 'docs', daprLine: '1.18', skip: /^docs\/references\// },
  { folder: 'enterprise-dapr', daprLine: '1.18' },
  { folder: 'workflow-composer', daprLine: '1.18' },
];

const LANG_ALIASES: Record<string, string> = {
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', node: 'javascript', nodejs: 'javascript',
  ts: 'typescript', tsx: 'typescript', py: 'python', cs: 'csharp', 'c#': 'csharp', dotnet: 'csharp',
  sh: 'bash', shell: 'bash', console: 'bash', zsh: 'bash', yml: 'yaml', golang: 'go', txt: 'text', plaintext: 'text',
};

export const normaliseLang = (lang: string) => LANG_ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();

function walk(dir: string, root: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(root, rel)).isDirectory()) return walk(rel, root);
    return /\.mdx?$/.test(name) ? [rel] : [];
  });
}

/** Every hand-written page of the four sections, repository-relative, in a stable order. */
export function pageFiles(root: string): { file: string; daprLine: string }[] {
  return CONTENT_FOLDERS.flatMap(({ folder, daprLine, skip }) =>
    walk(folder, root)
      .filter((file) => !skip?.test(file))
      .sort()
      .map((file) => ({ file, daprLine })),
  );
}

export class SourceError extends Error {
  constructor(readonly file: string, readonly line: number, message: string) {
    super(message);
  }
}

/** Splits a page into its YAML front matter and body; a front matter that is not YAML is an error at its line. */
export function readPage(root: string, file: string, text = readFileSync(path.join(root, file), 'utf8')): Page {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return { file, frontMatter: {}, frontMatterLines: 0, body: text };
  let frontMatter: unknown;
  try {
    frontMatter = yaml.load(match[1]);
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    throw new SourceError(file, (mark?.line ?? 0) + 2, `front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  return { file, frontMatter: (frontMatter ?? {}) as Record<string, unknown>, frontMatterLines: match[0].split('\n').length - 1, body: text.slice(match[0].length) };
}

const FENCE_OPEN = /^(\s*)(`{3,}|~{3,})\s*([^\s`{]*)\s*(.*)$/;

/** Reads `nocheck="reason"` (or single quotes) from a fence's meta string. */
export function nocheckReason(meta: string): string | undefined {
  const match = /\bnocheck=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  if (!match) return /\bnocheck\b/.test(meta) ? '' : undefined;
  return match[1] ?? match[2];
}

/** The fenced code blocks of a Markdown or MDX text; an unclosed fence is an error naming its line. */
export function fencedBlocks(file: string, text: string, firstLine = 1, daprLine = '1.18'): Sample[] {
  const lines = text.split('\n');
  const samples: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const closing = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end])) end++;
    if (end >= lines.length) throw new SourceError(file, firstLine + i, `the ${fence} fence opened here is never closed`);
    const code = lines
      .slice(i + 1, end)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
      .join('\n');
    const reason = nocheckReason(meta);
    samples.push({ file, line: firstLine + i + 1, lang: normaliseLang(lang || 'text'), code, daprLine, ...(reason === undefined ? {} : { nocheck: reason }) });
    i = end;
  }
  return samples;
}

/** The fenced samples of one page, at their lines in the file. */
export function pageSamples(root: string, file: string, daprLine: string): Sample[] {
  const page = readPage(root, file);
  return fencedBlocks(file, page.body, page.frontMatterLines + 1, daprLine);
}

/** Parses a YAML source file, or throws a SourceError naming the file and the line the parser stopped at. */
export function loadYamlSource<T>(file: string, text: string): T {
  try {
    return yaml.load(text) as T;
  } catch (error) {
    const mark = (error as { mark?: { line: number } }).mark;
    throw new SourceError(file, (mark?.line ?? 0) + 1, `not valid YAML: ${(error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0]}`);
  }
}

type OpenApiSample = { lang: string; label?: string; source: string };

/**
 * The `x-codeSamples` of every operation. js-yaml keeps no positions, so each sample's line is found in the text:
 * the `- lang: <lang>` line that follows the operation's `operationId:` line.
 */
export function openApiSamples(root: string, file = 'openapi/catalyst.yaml'): Sample[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const lines = text.split('\n');
  const spec = loadYamlSource<{ paths: Record<string, Record<string, { operationId?: string; 'x-codeSamples'?: OpenApiSample[] }>> }>(file, text);
  const samples: Sample[] = [];
  for (const item of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !operation['x-codeSamples']) continue;
      const opLine = lines.findIndex((line) => line.trim() === `operationId: ${operation.operationId}`);
      let from = Math.max(opLine, 0);
      for (const sample of operation['x-codeSamples']) {
        const at = lines.findIndex((line, index) => index > from && new RegExp(`^\\s*-\\s*lang:\\s*${sample.lang}\\s*$`).test(line));
        if (at >= 0) from = at;
        samples.push({ file, line: (at >= 0 ? at : opLine) + 1, lang: normaliseLang(sample.lang), code: sample.source, daprLine: '1.17' });
      }
    }
  }
  return samples;
}

type CliYaml = { name: string; commands?: CliYaml[]; examples?: { title: string; code: string; output?: string }[] };

/** The examples of every command in cli/<section>/*.yaml, as bash samples at the line of their `code:` key. */
export function cliSamples(root: string): Sample[] {
  const samples: Sample[] = [];
  for (const section of ['catalyst', 'conductor']) {
    const dir = path.join(root, 'cli', section);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort()) {
      const file = `cli/${section}/${name}`;
      const text = readFileSync(path.join(root, file), 'utf8');
      const lines = text.split('\n');
      const doc = loadYamlSource<CliYaml>(file, text);
      let from = 0;
      const visit = (command: CliYaml) => {
        for (const example of command.examples ?? []) {
          const first = example.code.split('\n')[0].trim();
          const at = lines.findIndex((line, index) => index >= from && line.includes(first));
          if (at >= 0) from = at;
          samples.push({ file, line: at + 1, lang: 'bash', code: example.code, daprLine: section === 'catalyst' ? '1.17' : '1.18' });
        }
        command.commands?.forEach(visit);
      };
      if (doc && typeof doc === 'object' && 'name' in doc) visit(doc);
    }
  }
  return samples;
}

/**
 * Every sample of the site, and an error for each source that cannot be read (a page whose front matter is not
 * YAML, an unclosed fence, a YAML file that does not parse): reported, never skipped.
 */
export function allSamples(root: string): { samples: Sample[]; errors: SourceError[] } {
  const samples: Sample[] = [];
  const errors: SourceError[] = [];
  const collect = (read: () => Sample[]) => {
    try {
      samples.push(...read());
    } catch (error) {
      if (error instanceof SourceError) errors.push(error);
      else throw error;
    }
  };
  for (const { file, daprLine } of pageFiles(root)) collect(() => pageSamples(root, file, daprLine));
  collect(() => openApiSamples(root));
  collect(() => cliSamples(root));
  return { samples, errors };
}
