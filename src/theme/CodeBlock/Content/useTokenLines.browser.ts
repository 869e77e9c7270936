// Browser build (swapped in for useTokenLines.ts by src/plugins/slim-prism): Prism is its own chunk, fetched the
// first time a block renders in the browser rather than hydrates; until it arrives the block shows its lines
// uncoloured, the same text in the same places, so nothing moves when the colours come.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Token } from 'prism-react-renderer';

type PrismTokens = (code: string, language: string) => Token[][];

let prismTokens: PrismTokens | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

function loadPrism(): void {
  loading ??= import(/* webpackChunkName: "prism", webpackPrefetch: true */ './prismTokens').then(
    (module) => {
      prismTokens = module.prismTokens;
      waiting.forEach((notify) => notify());
    },
    () => {
      // Offline or a failed fetch: the lines stay uncoloured, and the next block rendered tries again.
      loading = undefined;
    },
  );
}

function subscribe(notify: () => void): () => void {
  waiting.add(notify);
  return () => waiting.delete(notify);
}

/**
 * The block's lines as one plain token each, as prism-react-renderer's normalizeTokens gives a language it has no
 * grammar for (importing normalizeTokens would bring Prism with it, which is what this file waits for).
 */
const plainLines = (code: string): Token[][] =>
  code.split(/\r\n|\r|\n/).map((content) => [content === '' ? { types: ['plain'], content: '\n', empty: true } : { types: ['plain'], content }]);

export function useTokenLines(code: string, language: string, wanted: boolean): Token[][] | undefined {
  const tokenize = useSyncExternalStore(subscribe, () => prismTokens, () => undefined);
  useEffect(() => {
    if (wanted && !tokenize) loadPrism();
  }, [wanted, tokenize]);
  return useMemo(
    () => (wanted ? (tokenize ? tokenize(code, language) : plainLines(code)) : undefined),
    [code, language, wanted, tokenize],
  );
}
