import type { ReactNode } from 'react';
import { markdownToReact } from '@site/src/plugins/api-markdown/inlineMarkdown';
import checkOnServer from '@site/src/plugins/api-markdown/checkOnServer';

// The OpenAPI theme's Markdown component, for the API pages' descriptions, without its Markdown library: see
// src/plugins/api-markdown. The theme's className prop is dropped, as the theme's own component drops it.
export default function Markdown({ children }: { children?: unknown }): ReactNode {
  if (typeof children !== 'string') return null;
  const nodes = markdownToReact(children);
  checkOnServer(children, nodes);
  return nodes;
}
