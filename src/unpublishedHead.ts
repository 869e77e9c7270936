/**
 * The page template of a build that publishes nowhere (no SITE_URL): Docusaurus's own, with the head tags that
 * would name the local server's origin changed. `og:url` and the hreflang alternates must be absolute URLs, so
 * they go (the site has one language, and a local build has no public address to share); the canonical link may be
 * relative, so it becomes root-relative. The published build keeps the stock template untouched.
 */

/** The spot in Docusaurus's template (`@docusaurus/core/lib/ssg/ssgTemplate.html`) where the page's head tags go. */
const HEAD_TAGS = '<%~ metaAttribute %>';

/** The template for a local build; throws, naming the register row, when Docusaurus's template has changed shape. */
export function unpublishedSsrTemplate(stockTemplate: string, localOrigin: string): string {
  if (stockTemplate.split(HEAD_TAGS).length !== 2) {
    throw new Error(
      `unpublishedSsrTemplate: Docusaurus's page template no longer holds ${HEAD_TAGS} once; see the config:ssrTemplate row of UPGRADING.md`,
    );
  }
  // Eta runs this expression for each group of head tags React Helmet rendered (not yet minified: quoted attributes).
  const expression = [
    'metaAttribute',
    String.raw`.replace(/<meta\b[^>]*\bproperty="og:url"[^>]*>/gi, '')`,
    String.raw`.replace(/<link\b[^>]*\bhreflang="[^"]*"[^>]*>/gi, '')`,
    `.split(${JSON.stringify(`href="${localOrigin}/`)}).join('href="/')`,
  ].join('');
  return stockTemplate.replace(HEAD_TAGS, `<%~ ${expression} %>`);
}
