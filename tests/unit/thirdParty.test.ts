import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENV_VARS, gtagOptions, thirdPartyHeadTags } from '../../src/thirdParty';

test('with no environment variables nothing third-party is loaded', () => {
  assert.equal(gtagOptions({}), undefined);
  assert.deepEqual(thirdPartyHeadTags({}), []);
  assert.deepEqual(thirdPartyHeadTags({ HUBSPOT_PORTAL_ID: '   ' }), []);
});

test('analytics is switched on by its ID and always anonymises IPs', () => {
  assert.deepEqual(gtagOptions({ GTAG_TRACKING_ID: 'G-ABC123' }), { trackingID: 'G-ABC123', anonymizeIP: true });
});

test('each service is switched on by its own variable only', () => {
  const cases: [string, RegExp][] = [
    ['HUBSPOT_PORTAL_ID', /^https:\/\/js\.hs-scripts\.com\/42\.js$/],
    ['CLEARBIT_PUBLISHABLE_KEY', /^https:\/\/tag\.clearbitscripts\.com\/v1\/42\/tags\.js$/],
    ['LEADFEEDER_TRACKER_ID', /^https:\/\/sc\.lfeeder\.com\/lftracker_v1_42\.js$/],
    ['HOTJAR_SITE_ID', /^https:\/\/static\.hotjar\.com\/c\/hotjar-42\.js\?sv=6$/],
  ];
  for (const [name, url] of cases) {
    const tags = thirdPartyHeadTags({ [name]: '42' });
    const sources = tags.map((t) => (t.attributes?.src as string | undefined) ?? '').filter(Boolean);
    assert.equal(sources.length, 1, name);
    assert.match(sources[0], url);
    assert.equal(tags.find((t) => t.attributes?.src)?.attributes?.async, true);
  }
});

test('all services together give one script each (plus Hotjar settings)', () => {
  const env = Object.fromEntries(ENV_VARS.map((name) => [name, 'id1']));
  assert.equal(thirdPartyHeadTags(env).length, 5);
});

test('an ID that is not a plain token is refused instead of being written into the page', () => {
  for (const bad of ['"><script>alert(1)</script>', 'a b', '../x', 'x'.repeat(65)]) {
    assert.throws(() => thirdPartyHeadTags({ HUBSPOT_PORTAL_ID: bad }), /HUBSPOT_PORTAL_ID/);
    assert.throws(() => gtagOptions({ GTAG_TRACKING_ID: bad }), /GTAG_TRACKING_ID/);
  }
});
