/**
 * Third-party scripts the production site may load. Each is off unless its ID is set in the environment at
 * build time, so a default build (and every test build) talks to no host but its own.
 */
import type { HtmlTagObject } from '@docusaurus/types';

export type ThirdPartyEnv = Partial<Record<(typeof ENV_VARS)[number], string | undefined>>;

export const ENV_VARS = [
  'GTAG_TRACKING_ID',
  'HUBSPOT_PORTAL_ID',
  'CLEARBIT_PUBLISHABLE_KEY',
  'LEADFEEDER_TRACKER_ID',
  'HOTJAR_SITE_ID',
] as const;

// IDs are interpolated into URLs and inline script, so anything but a plain token is refused outright.
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function readId(env: ThirdPartyEnv, name: (typeof ENV_VARS)[number]): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!SAFE_ID.test(value)) {
    throw new Error(`${name} must be letters, digits, '-' or '_' (got ${JSON.stringify(value)})`);
  }
  return value;
}

/** Options for the classic preset's gtag plugin, or undefined to leave analytics off. */
export function gtagOptions(env: ThirdPartyEnv): { trackingID: string; anonymizeIP: true } | undefined {
  const trackingID = readId(env, 'GTAG_TRACKING_ID');
  return trackingID ? { trackingID, anonymizeIP: true } : undefined;
}

const asyncScript = (src: string, extra: Record<string, string> = {}): HtmlTagObject => ({
  tagName: 'script',
  attributes: { src, async: true, defer: true, ...extra },
});

/** Head tags for the marketing, visitor-identification, visitor-tracking and session-recording services. */
export function thirdPartyHeadTags(env: ThirdPartyEnv): HtmlTagObject[] {
  const tags: HtmlTagObject[] = [];
  const hubspot = readId(env, 'HUBSPOT_PORTAL_ID');
  if (hubspot) tags.push(asyncScript(`https://js.hs-scripts.com/${hubspot}.js`, { id: 'hs-script-loader' }));
  const clearbit = readId(env, 'CLEARBIT_PUBLISHABLE_KEY');
  if (clearbit) tags.push(asyncScript(`https://tag.clearbitscripts.com/v1/${clearbit}/tags.js`));
  const leadfeeder = readId(env, 'LEADFEEDER_TRACKER_ID');
  if (leadfeeder) tags.push(asyncScript(`https://sc.lfeeder.com/lftracker_v1_${leadfeeder}.js`));
  const hotjar = readId(env, 'HOTJAR_SITE_ID');
  if (hotjar) {
    tags.push({ tagName: 'script', innerHTML: `window._hjSettings={hjid:${JSON.stringify(hotjar)},hjsv:6};` });
    tags.push(asyncScript(`https://static.hotjar.com/c/hotjar-${hotjar}.js?sv=6`));
  }
  return tags;
}
