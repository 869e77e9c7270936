import React, { type ReactNode } from 'react';

/**
 * The Markdown the API pages' descriptions use, turned into React elements without a Markdown library:
 * paragraphs, code spans, strong and emphasis with `*`, links and backslash escapes. The OpenAPI theme renders
 * these strings with react-markdown, micromark and mdast (about 45 KB gzipped in every API page's first load).
 * Every string rendered during the build is compared with the theme's own renderer (checkOnServer.tsx), so
 * anything this reads differently stops the build instead of reaching a page.
 */
export function markdownToReact(source: string): ReactNode {
  const paragraphs = source
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ''))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
  const nodes: ReactNode[] = [];
  paragraphs.forEach((text, k) => {
    // react-markdown puts a line break between block elements.
    if (k > 0) nodes.push('\n');
    nodes.push(<p key={k}>{inline(text)}</p>);
  });
  return nodes;
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  const element = (node: ReactNode) => {
    flush();
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && ASCII_PUNCTUATION.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
    } else if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const end = closingBackticks(text, i + run.length, run.length);
      if (end < 0) {
        plain += run;
        i += run.length;
        continue;
      }
      let code = text.slice(i + run.length, end).replace(/\n/g, ' ');
      if (/^ [^]*[^ ][^]* $/.test(code)) code = code.slice(1, -1);
      element(<code key={out.length}>{code}</code>);
      i = end + run.length;
    } else if (c === '*') {
      const marker = text.startsWith('**', i) ? '**' : '*';
      const end = closingDelimiter(text, i + marker.length, marker);
      if (end < 0) {
        plain += marker;
        i += marker.length;
        continue;
      }
      const inner = inline(text.slice(i + marker.length, end));
      element(marker === '**' ? <strong key={out.length}>{inner}</strong> : <em key={out.length}>{inner}</em>);
      i = end + marker.length;
    } else if (c === '[') {
      const link = /^\[([^\]\[]+)\]\(([^()\s]*)\)/.exec(text.slice(i));
      if (!link) {
        plain += c;
        i += 1;
        continue;
      }
      element(
        <a key={out.length} href={link[2]}>
          {inline(link[1])}
        </a>,
      );
      i += link[0].length;
    } else {
      plain += c;
      i += 1;
    }
  }
  flush();
  return out;
}

/** Where a code span opened by `length` backticks closes: the next run of exactly that many, or -1. */
function closingBackticks(text: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let m = runs.exec(text); m; m = runs.exec(text)) {
    if (m[0].length === length) return m.index;
  }
  return -1;
}

/** The delimiter that closes `*`/`**` opened before `from`: not after whitespace, with something between. */
function closingDelimiter(text: string, from: number, marker: string): number {
  if (/^\s/.test(text.slice(from))) return -1;
  for (let j = text.indexOf(marker, from + 1); j >= 0; j = text.indexOf(marker, j + 1)) {
    const single = marker === '*' && (text[j + 1] === '*' || text[j - 1] === '*');
    if (!single && !/\s/.test(text[j - 1])) return j;
  }
  return -1;
}
