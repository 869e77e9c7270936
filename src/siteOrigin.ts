/**
 * Where the built site will be published, read from the build environment. A deploy build (`npm run
 * build:deploy`, which sets DEPLOY=1) must name the real https origin in SITE_URL: a build that would publish a
 * placeholder host in every canonical link, sitemap entry and llms.txt link stops instead. A local build without
 * SITE_URL publishes nowhere: it names no host in the files a reader or agent fetches (links there are
 * root-relative), and Docusaurus, which requires an absolute site URL, is given the local server's origin.
 */

export type SiteOriginEnv = { SITE_URL?: string; DEPLOY?: string };

export type SiteOrigin = {
  /** The `url` Docusaurus is given: the published origin, or the local server's for a local build. */
  url: string;
  /** The published origin without a trailing slash; undefined for a local build that publishes nowhere. */
  published?: string;
};

/** `npm run serve` and `npm start` listen here by default; the sitemap of a local build names it. */
export const LOCAL_ORIGIN = 'http://localhost:3000';

// Names reserved for examples and tests (RFC 2606, RFC 6761): a build that names one publishes a placeholder.
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|net|org)|example|test|invalid)$/i;
const LOOPBACK_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

const isDeploy = (value: string | undefined) => value !== undefined && /^(1|true|yes)$/i.test(value.trim());

/** The site origin for this build, or an Error that names SITE_URL and says what is wrong with it. */
export function siteOrigin(env: SiteOriginEnv): SiteOrigin {
  const deploy = isDeploy(env.DEPLOY);
  const raw = env.SITE_URL?.trim();
  const refuse = (why: string) =>
    new Error(
      `SITE_URL ${why}. ${deploy ? 'A deploy build (npm run build:deploy, DEPLOY=1)' : 'A build'} needs the origin the site is published at, as https://<host> with no path.`,
    );
  if (!raw) {
    if (deploy) throw refuse('is not set');
    return { url: LOCAL_ORIGIN };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(`is not a URL (got ${JSON.stringify(raw)})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse(`must be an http(s) URL (got ${JSON.stringify(raw)})`);
  if (url.pathname !== '/' || url.search || url.hash || url.username) {
    throw refuse(`must be an origin alone, with no path, query or credentials (got ${JSON.stringify(raw)}; the site is served at /)`);
  }
  if (PLACEHOLDER_HOST.test(url.hostname)) throw refuse(`names a placeholder host, ${url.hostname}`);
  if (deploy && url.protocol !== 'https:') throw refuse(`must use https (got ${JSON.stringify(raw)})`);
  if (deploy && LOOPBACK_HOST.test(url.hostname)) throw refuse(`names this machine (${url.hostname}), not a public host`);
  return { url: url.origin, published: url.origin };
}
