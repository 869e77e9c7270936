// Server build only (the browser gets noCheck.ts): each description rendered during the build must come out of
// inlineMarkdown exactly as out of the OpenAPI theme's own Markdown renderer, or the build stops naming it.
import React, { type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ThemeMarkdown from '@theme-original/Markdown';

const checked = new Set<string>();

export default function checkOnServer(source: string, ours: ReactNode): void {
  if (checked.has(source)) return;
  const mine = renderToStaticMarkup(<>{ours}</>);
  const theirs = renderToStaticMarkup(<ThemeMarkdown>{source}</ThemeMarkdown>);
  if (mine !== theirs) {
    throw new Error(
      `API Markdown that the page's small renderer reads differently from the OpenAPI theme (src/plugins/api-markdown): ` +
        `write it with paragraphs, code spans, **strong**, *emphasis* and [links](/path) only, or teach inlineMarkdown.tsx.\n` +
        `  Markdown: ${JSON.stringify(source)}\n  theme:    ${theirs}\n  ours:     ${mine}`,
    );
  }
  checked.add(source);
}
