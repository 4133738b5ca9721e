import { DEFAULT_THEME_COLOR, STORAGE_KEYS } from '../../../shared/constants.ts';
import { laraBlueReplacements, palette, parseHex, primaryOnDark } from './palette.ts';

/**
 * Theme colour at run time (spec §4: choosing a colour regenerates the styles). The build
 * recoloured lara-light-blue for #409EFF (vite-plugin.ts); here every rule of the loaded
 * stylesheets that uses one of those shades is copied with the new shades, keeping only the
 * coloured declarations, into a <style> in the same cascade layer placed after the theme. The
 * result is cached in localStorage so the next page applies it before its first paint.
 */
export const THEME_STYLE_ID = 'castanea-theme';

const rgb = (hex: string) => parseHex(hex).join(', ');

/** Pairs of (build shade, new shade), in the hex and rgb() spellings CSSOM may use. */
export function colourPairs(from: string, to: string): [string, string][] {
  const a = { ...laraBlueReplacements(from) };
  const b = laraBlueReplacements(to);
  const pa = palette(from);
  const pb = palette(to);
  const pairs: [string, string][] = [];
  for (const k of Object.keys(a)) pairs.push([a[k]!, b[k]!]);
  for (const k of Object.keys(pa) as unknown as (keyof typeof pa)[]) pairs.push([pa[k], pb[k]]);
  // The active item of the dark sidebar (src/styles/palette.css, --app-primary-on-dark).
  pairs.push([primaryOnDark(from), primaryOnDark(to)]);
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const [x, y] of pairs) {
    const key = x.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([x, y], [`rgb(${rgb(x)})`, `rgb(${rgb(y)})`]);
  }
  // Translucent primary (focus shadows, highlights).
  out.push([`rgba(${rgb(from)},`, `rgba(${rgb(to)},`]);
  return out;
}

/** Replaces every build shade in a declaration value; null when none occurs. */
export function recolorValue(value: string, pairs: readonly [string, string][]): string | null {
  let out = value;
  let hit = false;
  for (const [x, y] of pairs) {
    const re = new RegExp(x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
    if (re.test(out)) {
      hit = true;
      out = out.replace(re, y);
    }
  }
  return hit ? out : null;
}

function walk(rules: CSSRuleList, pairs: readonly [string, string][]): string {
  let css = '';
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const decls: string[] = [];
      for (let i = 0; i < rule.style.length; i++) {
        const prop = rule.style.item(i);
        const value = recolorValue(rule.style.getPropertyValue(prop), pairs);
        if (value !== null) decls.push(`${prop}:${value}${rule.style.getPropertyPriority(prop) ? ' !important' : ''}`);
      }
      if (decls.length) css += `${rule.selectorText}{${decls.join(';')}}`;
    } else if (rule instanceof CSSLayerBlockRule) {
      const inner = walk(rule.cssRules, pairs);
      if (inner) css += `@layer ${rule.name}{${inner}}`;
    } else if (rule instanceof CSSMediaRule) {
      const inner = walk(rule.cssRules, pairs);
      if (inner) css += `@media ${rule.media.mediaText}{${inner}}`;
    }
  }
  return css;
}

/** The recoloured rules of the page's own stylesheets (not our generated one). */
export function generateThemeCss(color: string, doc: Document = document): string {
  const pairs = colourPairs(DEFAULT_THEME_COLOR, color);
  let css = '';
  for (const sheet of Array.from(doc.styleSheets)) {
    const owner = sheet.ownerNode as Element | null;
    if (owner?.id === THEME_STYLE_ID) continue;
    try {
      css += walk(sheet.cssRules, pairs);
    } catch {
      /* cross-origin sheet: not ours */
    }
  }
  return css;
}

/** Applies a theme colour now and remembers the generated rules for the next page. */
export function applyThemeColor(color: string, doc: Document = document): void {
  doc.getElementById(THEME_STYLE_ID)?.remove();
  if (color.toLowerCase() === DEFAULT_THEME_COLOR.toLowerCase()) {
    localStorage.removeItem(STORAGE_KEYS.themeStyles);
    return;
  }
  const css = generateThemeCss(color, doc);
  const style = doc.createElement('style');
  style.id = THEME_STYLE_ID;
  style.setAttribute('data-astro-transition-persist', THEME_STYLE_ID);
  style.textContent = css;
  doc.head.append(style);
  try {
    localStorage.setItem(STORAGE_KEYS.themeStyles, JSON.stringify({ color, css }));
  } catch {
    /* too big for storage: regenerated on the next page */
  }
}

/**
 * Inline script for the start of <body> (after every stylesheet link of the head): puts the cached
 * rules in place before the first paint when the saved colour is not the default.
 */
export function themeBootScript(): string {
  return `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.layoutSetting)})||'{}')||{};var c=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.themeStyles)})||'null');
if(c&&s.theme&&c.color===s.theme&&!document.getElementById(${JSON.stringify(THEME_STYLE_ID)})){var e=document.createElement('style');e.id=${JSON.stringify(THEME_STYLE_ID)};e.setAttribute('data-astro-transition-persist',${JSON.stringify(THEME_STYLE_ID)});e.textContent=c.css;document.head.appendChild(e);}}catch(x){}})();`;
}
