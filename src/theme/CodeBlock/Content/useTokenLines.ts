// Server build: Prism is at hand, so every block is coloured in the HTML. The browser build uses
// useTokenLines.browser.ts instead (swapped in by src/plugins/slim-prism).
import { useMemo } from 'react';
import type { Token } from 'prism-react-renderer';
import { prismTokens } from './prismTokens';

export function useTokenLines(code: string, language: string, wanted: boolean): Token[][] | undefined {
  return useMemo(() => (wanted ? prismTokens(code, language) : undefined), [code, language, wanted]);
}
