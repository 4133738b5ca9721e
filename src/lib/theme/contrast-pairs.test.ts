import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR, THEME_COLORS } from '../../../shared/constants.ts';
import { contrast } from './contrast.ts';
import { consoleTokens, contrastRows, contrastTable } from './contrast-table.ts';
import { customProperties, resolveColour } from './css-tokens.ts';
import { accessiblePrimary, CONTROL_BORDER, DARK_SIDEBAR, LIGHT_SURFACE, primaryOnDark, recolorLara, TEXT_RATIO, tint, UI_RATIO } from './palette.ts';

// Issue 28 (WCAG 2.2 AA): every colour the console writes text, draws a control's boundary or a
// focus ring in stands out from what it is drawn on by 4.5:1 (text) or 3:1 (boundaries, rings,
// icons), in the dark and the light sidebar themes, for every theme colour of the picker.

const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const token = (name: string, tokens = consoleTokens()) => resolveColour(`var(${name})`, tokens);

describe('the console palette', () => {
  it('reads the tokens as the stylesheets set them', () => {
    expect(customProperties(':root{--a:#fff;/* --b: #000; */}.x{--c:#111}html[data-t=\'l\']{--a:var(--d)}', [':root'])).toEqual(new Map([['--a', '#fff']]));
    expect(resolveColour('var(--a)', new Map([['--a', 'var(--b)'], ['--b', '#ABC']]))).toBe('#aabbcc');
    expect(() => resolveColour('var(--a)', new Map([['--a', 'var(--a)']]))).toThrow(/cycle/);
  });

  it('holds every colour to its ratio on every background it is drawn on', () => {
    const rows = contrastRows();
    expect(rows.length).toBeGreaterThan(40);
    const under = rows.filter((r) => r.ratio < r.pair.min).map((r) => `${r.pair.fg} ${r.fg} on ${r.bgName} ${r.bg}: ${r.ratio.toFixed(2)} < ${r.pair.min}`);
    expect(under).toEqual([]);
  });

  it('is what the theme code computes for the default theme colour', () => {
    expect(token('--app-brand')).toBe(DEFAULT_THEME_COLOR.toLowerCase());
    expect(token('--primary-color')).toBe(accessiblePrimary(DEFAULT_THEME_COLOR));
    expect(token('--app-focus')).toBe(accessiblePrimary(DEFAULT_THEME_COLOR));
    expect(token('--app-primary-on-dark')).toBe(primaryOnDark(DEFAULT_THEME_COLOR));
    expect(token('--app-control-border')).toBe(CONTROL_BORDER);
    expect(token('--app-bg')).toBe(LIGHT_SURFACE);
    expect(token('--shell-sidebar-bg')).toBe(DARK_SIDEBAR);
  });

  it('gives every theme colour of the picker shades that pass', () => {
    for (const c of THEME_COLORS) {
      const p = accessiblePrimary(c);
      for (const bg of ['#ffffff', LIGHT_SURFACE, tint(c, 0.9)]) expect(contrast(p, bg), `${c} → ${p} on ${bg}`).toBeGreaterThanOrEqual(TEXT_RATIO);
      const dark = primaryOnDark(c);
      for (const bg of ['--shell-sidebar-bg', '--shell-sidebar-sub-bg', '--shell-sidebar-hover']) expect(contrast(dark, token(bg)), `${c} → ${dark} on ${bg}`).toBeGreaterThanOrEqual(TEXT_RATIO);
    }
  });

  it("leaves no faint focus ring or control border in PrimeReact's theme", () => {
    const lara = readFileSync(fileURLToPath(import.meta.resolve('primereact/resources/themes/lara-light-blue/theme.css')), 'utf8');
    const out = recolorLara(lara, DEFAULT_THEME_COLOR);
    const shadows = [...out.matchAll(/box-shadow\s*:([^;}]*)/gi)].map((m) => m[1]!);
    const rings = shadows.flatMap((v) => [...v.matchAll(/0 0 0 \d+px (#[0-9a-f]{6})/gi)].map((m) => m[1]!.toLowerCase())).filter((c) => c !== '#ffffff');
    expect(rings.length).toBeGreaterThan(50);
    expect(rings.filter((c) => contrast(c, '#ffffff') < UI_RATIO)).toEqual([]);
    expect(out).not.toMatch(/0\.(?:2|15)rem (?:solid )?#/);
    expect(out).not.toMatch(/border[^;{}]*#d1d5db/i);
  });

  it('writes no audited colour as text in the console stylesheets any more', () => {
    const audited = /(?<![-\w])color:\s*(?:var\([^,)]+,\s*)?#(409eff|97a8be|909399|8a94a6|f56c6c|e24c4c|c45656|67c23a|e6a23c|b26b00)\b/i;
    const files = globSync('src/**/*.{css,astro}', { cwd: root('') }).filter((f) => !f.endsWith('palette.css'));
    expect(files.length).toBeGreaterThan(20);
    const hits = files.flatMap((f) => readFileSync(root(f), 'utf8').split('\n').map((line, i) => [f, i + 1, line] as const)).filter(([, , line]) => audited.test(line));
    expect(hits.map(([f, n, line]) => `${f}:${n} ${line.trim()}`)).toEqual([]);
  });

  it('is shown as it is in docs/accessibility.md', () => {
    expect(readFileSync(root('docs/accessibility.md'), 'utf8')).toContain(contrastTable());
  });
});
