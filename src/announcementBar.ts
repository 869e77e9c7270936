/**
 * The announcement bar's first-paint rule. The theme hides the bar before hydration whenever the last bar was
 * dismissed, without comparing ids, so a reader who closed an old announcement would not see a new one until
 * a second visit. This script, run right after the theme's, un-hides the bar when the id has changed.
 */
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';

export function announcementInlineScript(currentId: string): string {
  return `(function () {
  try {
    if (localStorage.getItem('${ANNOUNCEMENT_ID_KEY}') !== ${JSON.stringify(currentId)}) {
      document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
    }
  } catch (e) {}
})();`;
}
