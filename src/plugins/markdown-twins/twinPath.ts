/**
 * Where a page's Markdown twin lives: the page's path plus `.md`, and an index route (ending in `/`) at
 * `index.md` inside it. Shared by the build plugin and the Copy page button, so both agree on every URL.
 */
export function twinPath(routePath: string): string {
  const clean = routePath.split(/[?#]/)[0] || '/';
  if (clean.endsWith('/')) return `${clean}index.md`;
  return `${clean}.md`;
}
