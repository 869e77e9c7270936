/**
 * Code-block colour themes that keep WCAG AA contrast. The stock Prism themes ship token colours below 4.5:1
 * (GitHub's light theme: strings #e3116c at 4.3:1, keywords #00a4db at 2.7:1, variables #36acaa at 2.6:1), and
 * the colours are inline styles, so CSS cannot correct them. Each token colour is nudged toward black (light
 * themes) or white (dark themes) just far enough to reach the target ratio against the block background and
 * against the highlighted-line background drawn over it; hues stay recognisable.
 */
import type { PrismTheme } from 'prism-react-renderer';

type Rgb = [number, number, number];

function parseColor(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(color.trim());
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : undefined;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Composites a translucent overlay (black or white at `alpha`) over a colour. */
function overlay(base: Rgb, towards: number, alpha: number): Rgb {
  return base.map((v) => v * (1 - alpha) + towards * alpha) as Rgb;
}

/** The colour moved toward `towards` (0 black, 255 white) until it reaches `ratio` against every background. */
function reach(color: Rgb, backgrounds: Rgb[], towards: number, ratio: number): Rgb {
  let current = color;
  for (let step = 0; step <= 100; step++) {
    if (backgrounds.every((bg) => contrast(current, bg) >= ratio)) return current;
    current = overlay(color, towards, step / 100);
  }
  return current;
}

/**
 * `theme` with every foreground colour at `ratio` or better. `highlightOverlay` is the alpha of the
 * highlighted-line background (--docusaurus-highlighted-code-line-bg, black on light themes, white on dark).
 */
export function accessiblePrismTheme(theme: PrismTheme, ratio = 4.6, highlightOverlay = 0.08): PrismTheme {
  const background = parseColor(theme.plain.backgroundColor ?? '#ffffff') ?? [255, 255, 255];
  const dark = luminance(background) < 0.2;
  const towards = dark ? 255 : 0;
  const backgrounds = [background, overlay(background, towards, highlightOverlay)];
  const fix = (color: string | undefined) => {
    const rgb = color ? parseColor(color) : undefined;
    return rgb ? toHex(reach(rgb, backgrounds, towards, ratio)) : color;
  };
  return {
    plain: { ...theme.plain, color: fix(theme.plain.color) },
    styles: theme.styles.map((entry) => {
      // Opacity would lower the contrast again (GitHub's theme fades namespaces to 0.7).
      const { opacity: _opacity, ...style } = entry.style as typeof entry.style & { opacity?: number };
      return { ...entry, style: { ...style, ...(style.color && { color: fix(style.color) }) } };
    }),
  };
}
