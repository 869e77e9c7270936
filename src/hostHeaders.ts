/**
 * The HTTP headers the built site wants from a static host, as one table: `scripts/write-host-headers.ts` writes
 * it to `build/_headers` (the format Netlify and Cloudflare Pages share) after every build, and
 * `deploy/nginx.conf` carries the same rules for nginx (a unit test keeps the two in step).
 *
 * The Content-Security-Policy allows the site's own origin, the exact inline scripts the build emitted (by their
 * SHA-256, read from the built pages, so a changed script changes the policy with it), the API endpoints the
 * request explorer may call, and the hosts of each third-party service only when its ID is set.
 */
import { createHash } from 'node:crypto';
import { readId, type ThirdPartyEnv, ENV_VARS } from './thirdParty';

export type HeaderRule = {
  /** A `_headers` path pattern: `*` matches any run of characters. */
  path: string;
  headers: [name: string, value: string][];
};

/** Points agents that read response headers, not pages, at the site's index (the convention Mintlify serves). */
export const LLMS_LINK = '</llms.txt>; rel="llms-txt"';

const HOUR = 3600;
const YEAR = 365 * 24 * HOUR;
/** Twins and llms files change with any deploy: kept five minutes, then revalidated. */
const SHORT_CACHE = `public, max-age=300, must-revalidate`;
/** Bundler output under /assets/ carries a content hash in its name: it never changes under that name. */
const IMMUTABLE_CACHE = `public, max-age=${YEAR}, immutable`;

type Sources = { script: string[]; connect: string[]; img: string[]; font: string[]; frame: string[] };

/**
 * What each optional service loads, from its vendor's CSP guidance (Google's "Use Tag Manager with a Content
 * Security Policy" for gtag; Hotjar's CSP page). Not exercised here: the tests run with every service off.
 */
const THIRD_PARTY_SOURCES: Record<(typeof ENV_VARS)[number], Partial<Sources>> = {
  GTAG_TRACKING_ID: {
    script: ['https://*.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
  HUBSPOT_PORTAL_ID: {
    script: ['https://js.hs-scripts.com', 'https://*.hs-analytics.net', 'https://*.hs-banner.com', 'https://*.hscollectedforms.net'],
    connect: ['https://*.hubspot.com', 'https://*.hs-banner.com', 'https://*.hscollectedforms.net'],
    img: ['https://*.hubspot.com'],
  },
  CLEARBIT_PUBLISHABLE_KEY: { script: ['https://tag.clearbitscripts.com'], connect: ['https://*.clearbit.com'] },
  LEADFEEDER_TRACKER_ID: { script: ['https://sc.lfeeder.com'], connect: ['https://*.lfeeder.com'] },
  HOTJAR_SITE_ID: {
    script: ['https://*.hotjar.com'],
    connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    img: ['https://*.hotjar.com'],
    font: ['https://*.hotjar.com'],
    frame: ['https://*.hotjar.com'],
  },
};

/** The executable inline scripts of a built page, exactly as served (the bytes a CSP hash covers). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || !body) continue;
    // Data blocks (JSON-LD) are never run, so no policy applies to them.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['text/javascript', 'module', 'application/javascript'].includes(type)) continue;
    scripts.push(body);
  }
  return scripts;
}

export const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * An OpenAPI server URL as a CSP source: `https://http-prj{projectNumber}.api.cloud.diagrid.io` becomes
 * `https://*.api.cloud.diagrid.io` (CSP allows a wildcard as the first label only).
 */
export function serverSource(url: string): string {
  const match = /^(https?:)\/\/([^/]+)/.exec(url);
  if (!match) throw new Error(`hostHeaders: server URL ${JSON.stringify(url)} is not an http(s) URL`);
  const [, protocol, host] = match;
  const labels = host.split('.');
  if (labels.slice(1).some((label) => label.includes('{'))) {
    throw new Error(`hostHeaders: server URL ${JSON.stringify(url)} has a variable past its first label, which a CSP source cannot express`);
  }
  return `${protocol}//${labels[0].includes('{') ? ['*', ...labels.slice(1)].join('.') : host}`;
}

export function contentSecurityPolicy(hashes: string[], env: ThirdPartyEnv, apiServers: string[]): string {
  const sources: Sources = { script: [], connect: [], img: [], font: [], frame: [] };
  for (const name of ENV_VARS) {
    if (!readId(env, name)) continue;
    for (const [kind, hosts] of Object.entries(THIRD_PARTY_SOURCES[name]) as [keyof Sources, string[]][]) sources[kind].push(...hosts);
  }
  const list = (...items: string[]) => [...new Set(items)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...[...new Set(hashes)].sort(), ...sources.script)}`,
    // React and the diagrams set style attributes; a style cannot run code, and hashing attributes needs 'unsafe-hashes'.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', ...sources.img)}`,
    `font-src ${list("'self'", 'data:', ...sources.font)}`,
    // The API pages' request explorer sends a reader's request to their project's endpoint or a local sidecar.
    `connect-src ${list("'self'", ...apiServers.map(serverSource), ...sources.connect)}`,
    `frame-src ${sources.frame.length ? list(...sources.frame) : "'none'"}`,
    `worker-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Every rule of the host, in `_headers` order. A path matching several rules gets all their headers, and both
 * hosts join a header named by two matching rules into one comma-separated value, so no header is named twice
 * for one path. HTML gets no Cache-Control here: both hosts already serve `public, max-age=0, must-revalidate`
 * by default (revalidated on every visit, which a page whose asset names change with each deploy needs).
 */
export function headerRules(csp: string): HeaderRule[] {
  return [
    {
      path: '/*',
      headers: [
        ['Content-Security-Policy', csp],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['X-Content-Type-Options', 'nosniff'],
        ['Link', LLMS_LINK],
      ],
    },
    { path: '/assets/*', headers: [['Cache-Control', IMMUTABLE_CACHE]] },
    { path: '/*.md', headers: [['Content-Type', 'text/markdown; charset=utf-8'], ['Cache-Control', SHORT_CACHE]] },
    { path: '/*.txt', headers: [['Content-Type', 'text/plain; charset=utf-8'], ['Cache-Control', SHORT_CACHE]] },
  ];
}

/** What both hosts send for a file no rule gives a Cache-Control. */
export const HOST_DEFAULT_CACHE = 'public, max-age=0, must-revalidate';

/** The rules as a `_headers` file (Netlify, Cloudflare Pages): a path line, then its headers indented. */
export function headersFile(rules: HeaderRule[]): string {
  const head = [
    '# Written by scripts/write-host-headers.ts after each build from src/hostHeaders.ts; edit those, not this file.',
    '# Netlify and Cloudflare Pages read it from the site root. Their _redirects cannot look at the Accept header,',
    '# so content negotiation (Accept: text/markdown) is for hosts that can: see deploy/nginx.conf.',
  ];
  return `${[...head, ...rules.flatMap((rule) => ['', rule.path, ...rule.headers.map(([name, value]) => `  ${name}: ${value}`)])].join('\n')}\n`;
}

/** A `_headers` file read back; a line that is neither a path nor an indented `Name: value` is refused, naming it. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim() || line.trimStart().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      if (!line.startsWith('/')) throw new Error(`_headers line ${index + 1}: a path starts with "/", got ${JSON.stringify(line)}`);
      rules.push({ path: line.trim(), headers: [] });
      return;
    }
    const match = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!match || !rules.length) throw new Error(`_headers line ${index + 1}: expected "  Name: value" under a path, got ${JSON.stringify(line)}`);
    rules[rules.length - 1].headers.push([match[1], match[2]]);
  });
  return rules;
}

/**
 * The headers Netlify or Cloudflare Pages would add for a request path: those of every rule whose pattern
 * matches, a header named by two rules joined with ", " as both hosts join it.
 */
export function headersFor(rules: HeaderRule[], pathname: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const rule of rules) {
    const pattern = new RegExp(`^${rule.path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    if (!pattern.test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      headers.set(key, headers.has(key) ? `${headers.get(key)}, ${value}` : value);
    }
  }
  return headers;
}
