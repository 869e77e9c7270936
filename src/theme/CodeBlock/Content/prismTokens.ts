// Prism's tokens for a code block, one array per line, as prism-react-renderer's <Highlight> makes them.
import { Prism, normalizeTokens, type Token } from 'prism-react-renderer';

export function prismTokens(code: string, language: string): Token[][] {
  const grammar = Prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const env: { code: string; grammar: typeof grammar; language: string; tokens: ReturnType<typeof Prism.tokenize> } = {
    code,
    grammar,
    language,
    tokens: [],
  };
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar);
  Prism.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}
