// Build-time Mermaid diagrams: ```mermaid fences become inline SVG (remark.ts), shown per colour mode (diagrams.css).
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';

export { default as remarkBuildTimeMermaid } from './remark';

/** Adds the few lines of CSS that show the diagram copy matching the colour mode. */
export const buildTimeMermaidStyles: Plugin = {
  name: 'build-time-mermaid',
  getClientModules: () => [path.join(__dirname, 'diagrams.css')],
} as Plugin;
