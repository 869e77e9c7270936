// Finds the lines the server rendered for a code block, so the browser can keep them instead of running Prism.
import { useState } from 'react';

/** A short name for a block's content: its 53-bit cyrb53 hash in base 36, the same on the server and in the browser. */
export function contentKey(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The inner HTML of a `<code data-lines="key">` the server rendered for this very code (its text is checked, so a
 * block never takes another block's lines), when the page holds one: while hydrating, and while a block that the
 * theme's Tabs remount after hydration renders beside its old self. Read once, on the first render; undefined on
 * the server and when there is no such element, and the block then renders its lines itself.
 */
export function useServerLines(key: string, code: string): string | undefined {
  const [html] = useState(() => {
    if (typeof document === 'undefined') return undefined;
    const text = code.replace(/\r\n|\r|\n/g, '');
    return Array.from(document.querySelectorAll(`code[data-lines="${key}"]`)).find((el) => el.textContent === text)?.innerHTML;
  });
  return html;
}
