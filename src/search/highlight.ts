/**
 * Marks the reader's words in a result's text (search bar, /search) and on the page a result opens. The plugin's
 * highlighters mark a word wherever its letters occur, so typing "retry a failed workflow" painted every "a" inside
 * every title. Here a word is marked only where a word of the text starts with it: the whole word when the rest is
 * an ending ("retry" in "retrying", "workflow" in "Workflows"), the typed part while the reader is still typing
 * ("wor" in "workflow"); never a one-letter word, never from the middle of a word.
 */

/** Letters, digits and the underscore: what a word is made of. */
const WORD_CHARACTER = String.raw`[\p{L}\p{N}_]`;
/** Endings after which a word is the same word, marked whole. */
const ENDINGS = ['s', 'es', 'ed', 'd', 'ing', 'ion', 'ions', 'er', 'ers', 'ly', 'ment', 'ments', 'ation', 'ations', 'ity'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern that matches the reader's words where words of a text start with them (with an ending when the word ends
 * there), or null when no word is long enough to mark. A word with punctuation in it ("state.redis") marks each of
 * its parts.
 */
export function termPattern(tokens: string[]): RegExp | null {
  const words = [...new Set(tokens.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}_]+/u)))].filter((w) => w.length >= 2);
  if (words.length === 0) return null;
  // Longest first, so "workflows" is tried before "workflow".
  words.sort((a, b) => b.length - a.length);
  const ending = `(?:(?:${ENDINGS.join('|')})(?!${WORD_CHARACTER}))?`;
  return new RegExp(`(?<!${WORD_CHARACTER})(?:${words.map(escapeRegExp).join('|')})${ending}`, 'giu');
}

/** The last tokens `highlight` was given, and their pattern. */
let lastPattern: { key: string; pattern: RegExp | null } | undefined;

/**
 * `termPattern(tokens)`, compiled once for the same tokens: a result list highlights thirty-odd fields with the same
 * words, and each compiled its own pattern. Safe to share: `matchAll` works on a copy, never the pattern's lastIndex.
 */
function patternFor(tokens: string[]): RegExp | null {
  const key = tokens.join('\n');
  if (lastPattern?.key !== key) lastPattern = { key, pattern: termPattern(tokens) };
  return lastPattern.pattern;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The plugin's `highlight` contract: `content` as HTML with the `tokens` (lower-case) marked; with `forceMatched`,
 * text where no word matches is marked whole (the index matched it by its stem).
 */
export function highlight(content: string, tokens: string[], forceMatched = false): string {
  const pattern = patternFor(tokens);
  const html: string[] = [];
  let cursor = 0;
  for (const match of pattern ? content.matchAll(pattern) : []) {
    const start = match.index ?? 0;
    html.push(escapeHtml(content.slice(cursor, start)), `<mark>${escapeHtml(match[0])}</mark>`);
    cursor = start + match[0].length;
  }
  // A one-letter word the index matched ("a") is left unmarked, as the reader's one-letter words are.
  if (html.length === 0) return forceMatched && content.trim().length >= 2 ? `<mark>${escapeHtml(content)}</mark>` : escapeHtml(content);
  html.push(escapeHtml(content.slice(cursor)));
  return html.join('');
}
