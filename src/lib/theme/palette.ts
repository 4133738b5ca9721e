/**
 * Colour arithmetic for the theme colour (spec §3/§9: default #409EFF; picking another colour
 * regenerates the styles). Pure string work, usable at build time and in the browser.
 */

type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Mixes towards white by `amount` (0–1). */
export const tint = (hex: string, amount: number) => toHex(parseHex(hex).map((c) => c + (255 - c) * amount) as Rgb);
/** Mixes towards black by `amount` (0–1). */
export const shade = (hex: string, amount: number) => toHex(parseHex(hex).map((c) => c * (1 - amount)) as Rgb);

/** A 50–900 palette around `hex` (500), spaced like PrimeReact's palettes. */
export function palette(hex: string): Record<50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900, string> {
  return {
    50: tint(hex, 0.95),
    100: tint(hex, 0.77),
    200: tint(hex, 0.59),
    300: tint(hex, 0.41),
    400: tint(hex, 0.19),
    500: toHex(parseHex(hex)),
    600: shade(hex, 0.15),
    700: shade(hex, 0.3),
    800: shade(hex, 0.45),
    900: shade(hex, 0.6),
  };
}

/** The Lara blue shades the theme writes literally, and what each becomes for a primary colour. */
export function laraBlueReplacements(primary: string): Record<string, string> {
  return {
    '#3b82f6': toHex(parseHex(primary)), // primary
    '#2563eb': shade(primary, 0.1), // hover
    '#1d4ed8': shade(primary, 0.2), // active, highlighted text
    '#bfdbfe': tint(primary, 0.7), // focus ring
    '#eff6ff': tint(primary, 0.9), // highlighted background
  };
}

const LARA_BLUE_RGB = '59, 130, 246';

/**
 * Rewrites the lara-light-blue theme for another primary colour: the literal shades, the
 * translucent primary, and the --primary-50…900 palette. The --blue-* palette stays blue.
 */
export function recolorLara(css: string, primary: string): string {
  const map = laraBlueReplacements(primary);
  const pal = palette(primary);
  const [r, g, b] = parseHex(primary);
  return css
    .replace(/(--blue-\d+\s*:\s*)?(#[0-9a-f]{6})\b/gi, (all, blueVar: string | undefined, hex: string) => {
      if (blueVar) return all;
      return map[hex.toLowerCase()] ?? hex;
    })
    .replaceAll(`rgba(${LARA_BLUE_RGB},`, `rgba(${r}, ${g}, ${b},`)
    .replace(/--primary-(50|[1-9]00)\s*:\s*#[0-9a-f]{6}/gi, (_all, step: string) => `--primary-${step}:${pal[Number(step) as keyof typeof pal]}`);
}

/** System fonts: Latin first, then the CJK faces of each platform (the theme's Inter has no CJK). */
export const SYSTEM_FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", sans-serif';

/**
 * Drops the theme's Inter web font (700 KB of woff2, no CJK glyphs) for the system fonts, so no
 * page downloads a font.
 */
export function withSystemFonts(css: string): string {
  return css.replace(/@font-face\s*\{[^}]*\}/g, '').replaceAll('"Inter var", sans-serif', SYSTEM_FONT_STACK);
}
