/**
 * Markup the server rendered, reused in the browser instead of rendered again. Some static parts of a page need a
 * large library to render and nothing to hydrate (code lines coloured by Prism): the browser keeps the server's
 * HTML for them, and fetches the library only for such a part it must render itself (after a client-side
 * navigation, in the dev server, or where a theme renders a part in the browser only).
 */
import { useState } from 'react';

/** A short name for some content: its 53-bit cyrb53 hash in base 36. The same on the server and in the browser. */
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
 * The inner HTML of the element the server rendered with `attribute="key"`, when the page holds one that
 * `accept`s: while hydrating, and while a remounted part renders beside its old self (the theme's Tabs remount
 * their panels after hydration). Read once, on the component's first render; undefined on the server and when
 * there is no such element, and then the component renders as usual.
 */
export function useServerMarkup(attribute: string, key: string, accept: (element: Element) => boolean = () => true): string | undefined {
  const [html] = useState(() => {
    if (typeof document === 'undefined') return undefined;
    return Array.from(document.querySelectorAll(`[${attribute}="${key}"]`)).find(accept)?.innerHTML;
  });
  return html;
}
