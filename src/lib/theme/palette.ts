/**
 * Colour arithmetic for the theme colour (spec §3/§9: default #409EFF; picking another colour
 * regenerates the styles). Pure string work, usable at build time and in the browser.
 *
 * Issue 28 (WCAG 2.2 AA): the theme colour itself is a brand colour, too light for text or for a
 * fill under white text (#409EFF: 2.78:1 on white). What the theme draws as text, links, button
 * fills and focus rings is its accessible shade, the same hue darkened until it reaches 4.5:1 on the
 * console's darkest light surface; the light tints (hover and highlighted backgrounds) stay those
 * of the brand colour. The console's other tokens are in src/styles/palette.css.
 */
import { contrast, fromHsl, luminance, parseHex, toHex, toHsl, type Rgb } from './contrast.ts';

export { parseHex, toHex };

/** Text contrast (WCAG 1.4.3) and what UI parts and focus rings need (1.4.11). */
export const TEXT_RATIO = 4.5;
export const UI_RATIO = 3;
/** The darkest light surface the console writes on (the page behind the cards, --app-bg). */
export const LIGHT_SURFACE = '#f0f2f5';
/** The dark sidebar's background (shell.css), where the active item is written in the theme colour. */
export const DARK_SIDEBAR = '#304156';

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

/**
 * `hex` darkened (HSL lightness down, hue and saturation kept, so the blue stays the brand's blue)
 * until it reaches `ratio` against `background`; unchanged if it already does.
 */
export function darkenTo(hex: string, background: string, ratio: number): string {
  const [h, s, l] = toHsl(hex);
  let out = toHex(parseHex(hex));
  for (let step = l; contrast(out, background) < ratio && step > 0; step -= 0.5) out = fromHsl(h, s, Math.max(0, step));
  return out;
}

/** `hex` mixed towards white in 5 % steps until it reaches `ratio` against a dark `background`. */
export function lightenTo(hex: string, background: string, ratio: number): string {
  let out = toHex(parseHex(hex));
  for (let amount = 0.05; contrast(out, background) < ratio && amount <= 1; amount += 0.05) out = tint(hex, amount);
  return out;
}

/**
 * The theme colour as text, link, button fill (white label) and focus ring: 4.5:1 on every light
 * surface of the console, its own highlight tint included, which for a red is darker than the
 * page (#409EFF → #006bd9).
 */
export function accessiblePrimary(brand: string): string {
  const highlight = tint(brand, 0.9);
  const darkest = luminance(highlight) < luminance(LIGHT_SURFACE) ? highlight : LIGHT_SURFACE;
  return darkenTo(brand, darkest, TEXT_RATIO);
}

/** The theme colour as text on the dark sidebar (its active item): #409EFF → #66b1ff. */
export const primaryOnDark = (brand: string) => lightenTo(brand, DARK_SIDEBAR, TEXT_RATIO);

/**
 * The Lara blue shades the theme writes literally, and what each becomes for a brand colour: the
 * solid ones (text, fills, borders) from its accessible shade, the light ones from the brand colour.
 */
export function laraBlueReplacements(brand: string): Record<string, string> {
  const primary = accessiblePrimary(brand);
  return {
    '#3b82f6': primary, // primary: text, fills, focused borders
    '#2563eb': shade(primary, 0.1), // hover
    '#1d4ed8': shade(primary, 0.2), // active, highlighted text
    '#bfdbfe': tint(brand, 0.7), // light accents (focus rings are rewritten by focusRings)
    '#eff6ff': tint(brand, 0.9), // highlighted background
  };
}

/**
 * Lara's severity colours (success, info, warning, danger, help: base, hover, active) are its
 * 500/600/700 shades, 2.3–3.8:1 on white as outlined buttons' text and under the white labels of
 * solid buttons and tags. Each moves two steps darker in its own Tailwind palette (red 600, one
 * step, reads 4.8:1 on white but 4.4:1 on the grey of a card's toolbar); the toasts' and messages' text colours and the invalid-field red to
 * shades of their own hue that pass on their tinted backgrounds. Secondary (#64748b, 4.8:1) stays.
 */
export const LARA_SEVERITY_DARKER: Readonly<Record<string, string>> = {
  '#22c55e': '#15803d', '#16a34a': '#166534', '#15803d': '#14532d',
  '#0ea5e9': '#0369a1', '#0284c7': '#075985', '#0369a1': '#0c4a6e',
  '#f97316': '#c2410c', '#ea580c': '#9a3412', '#c2410c': '#7c2d12',
  '#ef4444': '#b91c1c', '#dc2626': '#991b1b', '#b91c1c': '#7f1d1d',
  '#a855f7': '#7e22ce', '#9333ea': '#6b21a8', '#7e22ce': '#581c87',
  '#1ea97c': '#0b7554', '#cc8925': '#8f5b00', '#ff5757': '#c03b3b', '#e24c4c': '#c03b3b',
};

/**
 * Lara's focus rings are a 0.2rem halo in a light tint (#bfdbfe: 1.34:1 on white; the buttons'
 * #9dc1fb: 1.83:1). Each becomes a ring 2 px wide in the accessible primary, 2 px off the control
 * (a white gap), so it reaches 3:1 against the page and stands apart from the control's own
 * border or fill (WCAG 1.4.11, 2.4.13). Rings drawn inside (menu items, rows) become 2 px insets.
 */
export function focusRings(css: string, primary: string): string {
  const ring = `0 0 0 2px #ffffff, 0 0 0 4px ${primary}`;
  return css
    .replace(/(box-shadow\s*:\s*|--focus-ring\s*:\s*)0 0 0 0\.2rem #[0-9a-f]{6}/gi, (_all, prop: string) => `${prop}${ring}`)
    .replace(/0 0 0 2px #ffffff, 0 0 0 4px #[0-9a-f]{6}/gi, ring)
    .replace(/inset 0 0 0 0\.(?:15|2)rem #[0-9a-f]{6}/gi, `inset 0 0 0 2px ${primary}`)
    .replace(/outline\s*:\s*0\.15rem solid #[0-9a-f]{6}/gi, `outline: 2px solid ${primary}`);
}

/** The boundary of an input, checkbox, radio, switch or dropdown: 3:1 on white (--app-control-border). */
export const CONTROL_BORDER = '#8a8f98';

/**
 * Lara outlines its controls in #d1d5db (1.47:1 on white): an empty input or an unticked checkbox
 * is hardly there (WCAG 1.4.11 asks 3:1 for what identifies a control). Its borders, and the off
 * switch's track, take CONTROL_BORDER; the same grey as a background under text (the calendar's
 * today) stays.
 */
export function controlBorders(css: string): string {
  return css
    .replace(/(border(?:-(?:top|right|bottom|left))?(?:-color)?\s*:[^;{}]*?)#d1d5db/gi, `$1${CONTROL_BORDER}`)
    .replace(/(\.p-inputswitch \.p-inputswitch-slider\s*\{[^}]*?background\s*:\s*)#d1d5db/gi, `$1${CONTROL_BORDER}`);
}

const LARA_BLUE_RGB = '59, 130, 246';

/**
 * Rewrites the lara-light-blue theme for a brand colour: the control borders, the literal shades,
 * the severity colours, the focus rings, the translucent primary, and the --primary-50…900
 * palette (around the brand colour). The named palettes (--blue-500, --green-500, …) stay.
 */
export function recolorLara(css: string, brand: string): string {
  const map = { ...LARA_SEVERITY_DARKER, ...laraBlueReplacements(brand) };
  const pal = palette(brand);
  const [r, g, b] = parseHex(brand);
  const recoloured = controlBorders(css)
    .replace(/(--[a-z]+-\d+\s*:\s*)?(#[0-9a-f]{6})\b/gi, (all, paletteVar: string | undefined, hex: string) => {
      if (paletteVar) return all;
      return map[hex.toLowerCase()] ?? hex;
    })
    .replaceAll(`rgba(${LARA_BLUE_RGB},`, `rgba(${r}, ${g}, ${b},`)
    .replace(/--primary-(50|[1-9]00)\s*:\s*#[0-9a-f]{6}/gi, (_all, step: string) => `--primary-${step}:${pal[Number(step) as keyof typeof pal]}`);
  return focusRings(recoloured, accessiblePrimary(brand));
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
