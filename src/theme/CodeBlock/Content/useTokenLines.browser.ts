// Browser build (swapped in for useTokenLines.ts by src/plugins/slim-prism): Prism is its own chunk, fetched the
// first time a block renders in the browser rather than hydrates; until it arrives the block shows its lines
// uncoloured, the same text in the same places, so nothing moves when the colours come.
import { startTransition, useEffect, useMemo, useState } from 'react';
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

/**
 * The block's lines as one plain token each, as prism-react-renderer's normalizeTokens gives a language it has no
 * grammar for (importing normalizeTokens would bring Prism with it, which is what this file waits for).
 */
const plainLines = (code: string): Token[][] =>
  code.split(/\r\n|\r|\n/).map((content) => [content === '' ? { types: ['plain'], content: '\n', empty: true } : { types: ['plain'], content }]);

export function useTokenLines(code: string, language: string, wanted: boolean): Token[][] | undefined {
  // Not useSyncExternalStore: its updates render at once, so Prism's arrival recoloured every waiting block in
  // one task (~30 ms on an API page's examples, ~130 ms on a phone). As a transition the blocks are recoloured
  // in slices that yield to the reader.
  const [tokenize, setTokenize] = useState<PrismTokens | undefined>(() => prismTokens);
  useEffect(() => {
    if (!wanted || tokenize) return undefined;
    const notify = () => startTransition(() => setTokenize(() => prismTokens));
    if (prismTokens) {
      notify();
      return undefined;
    }
    waiting.add(notify);
    loadPrism();
    return () => {
      waiting.delete(notify);
    };
  }, [wanted, tokenize]);
  return useMemo(
    () => (wanted ? (tokenize ? tokenize(code, language) : plainLines(code)) : undefined),
    [code, language, wanted, tokenize],
  );
}
