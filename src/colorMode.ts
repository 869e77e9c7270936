/**
 * Colour-mode rules Docusaurus has no option for: dark on a first visit whatever the operating system prefers,
 * while "system" stays a real, persisted choice that follows the operating system.
 */

/** The theme's localStorage key (the site storage has no namespace suffix). */
export const THEME_STORAGE_KEY = 'theme';

/** Value kept under that key when the reader picks "system". */
export const SYSTEM_CHOICE = 'system';

/**
 * Runs before first paint, after the theme's own inline script: that script treats a missing key as "follow
 * the OS" (respectPrefersColorScheme) and cannot read our persisted "system" value, so this corrects both.
 */
export const colorModeInlineScript = `(function () {
  var root = document.documentElement;
  try {
    if (new URLSearchParams(location.search).get('docusaurus-theme')) return;
    var stored = localStorage.getItem('${THEME_STORAGE_KEY}');
    if (stored === '${SYSTEM_CHOICE}') {
      root.setAttribute('data-theme', matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
      root.setAttribute('data-theme-choice', 'system');
    } else if (stored !== 'light' && stored !== 'dark') {
      root.setAttribute('data-theme', 'dark');
      root.setAttribute('data-theme-choice', 'dark');
    }
  } catch (e) {
    root.setAttribute('data-theme', 'dark');
  }
})();`;
