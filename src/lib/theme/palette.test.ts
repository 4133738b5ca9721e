import { describe, expect, it } from 'vitest';
import { accessiblePrimary, CONTROL_BORDER, laraBlueReplacements, palette, primaryOnDark, recolorLara, shade, tint, withSystemFonts } from './palette.ts';

describe('theme colour', () => {
  it('mixes towards white and black', () => {
    expect(tint('#409EFF', 0.9)).toBe('#ecf5ff');
    expect(tint('#409EFF', 0.7)).toBe('#c6e2ff');
    expect(shade('#409EFF', 0.2)).toBe('#337ecc');
    expect(palette('#409EFF')[500]).toBe('#409eff');
  });

  it('keeps the hue of the brand colour in its accessible shades', () => {
    expect(accessiblePrimary('#409EFF')).toBe('#006bd9');
    expect(primaryOnDark('#409EFF')).toBe('#66b1ff');
    // Dark enough already: unchanged.
    expect(accessiblePrimary('#304156')).toBe('#304156');
  });

  it('recolours the Lara blue with the accessible shade, keeps the light tints and the blue palette', () => {
    const css = ':root{--primary-color:#3b82f6;--blue-500:#3b82f6;--primary-500:#3b82f6}.p-button{background:#3B82F6}.p-button:hover{background:#2563eb}.p-highlight{background:#eff6ff}.t{background:rgba(59, 130, 246, 0.04)}';
    const out = recolorLara(css, '#409EFF');
    const map = laraBlueReplacements('#409EFF');
    expect(out).toContain('--primary-color:#006bd9');
    expect(out).toContain('--blue-500:#3b82f6');
    expect(out).toContain('--primary-500:#409eff');
    expect(out).toContain('.p-button{background:#006bd9}');
    expect(out).toContain(`background:${map['#2563eb']}`);
    expect(out).toContain('.p-highlight{background:#ecf5ff}');
    expect(out).toContain('rgba(64, 158, 255, 0.04)');
  });

  it('turns the light focus halos into a 2 px ring 2 px off the control', () => {
    const css = ':root{--focus-ring: 0 0 0 0.2rem #bfdbfe}.p-inputtext:focus{box-shadow: 0 0 0 0.2rem #bfdbfe}.p-button:focus{box-shadow: 0 0 0 2px #ffffff, 0 0 0 4px #9dc1fb, 0 1px 2px 0 rgb(0, 0, 0)}.p-tree:focus{box-shadow: inset 0 0 0 0.15rem #bfdbfe}.p-link{outline: 0.15rem solid #bfdbfe}';
    const out = recolorLara(css, '#409EFF');
    expect(out).toContain('--focus-ring: 0 0 0 2px #ffffff, 0 0 0 4px #006bd9');
    expect(out).toContain('.p-inputtext:focus{box-shadow: 0 0 0 2px #ffffff, 0 0 0 4px #006bd9}');
    expect(out).toContain('0 0 0 2px #ffffff, 0 0 0 4px #006bd9, 0 1px 2px 0 rgb(0, 0, 0)');
    expect(out).toContain('inset 0 0 0 2px #006bd9');
    expect(out).toContain('outline: 2px solid #006bd9');
    expect(out).not.toMatch(/#bfdbfe|#9dc1fb|#c6e2ff/);
  });

  it('darkens the severity colours and the control borders, not the grey under text', () => {
    const css = '.p-button.p-button-success{background:#22c55e}.p-button.p-button-success:hover{background:#16a34a}.p-inputtext{border: 1px solid #d1d5db}.p-inputswitch .p-inputswitch-slider{background: #d1d5db}.p-datepicker-today > span{background: #d1d5db}:root{--green-500:#22c55e}';
    const out = recolorLara(css, '#409EFF');
    expect(out).toContain('.p-button.p-button-success{background:#15803d}');
    expect(out).toContain('.p-button.p-button-success:hover{background:#166534}');
    expect(out).toContain(`.p-inputtext{border: 1px solid ${CONTROL_BORDER}}`);
    expect(out).toContain(`.p-inputswitch-slider{background: ${CONTROL_BORDER}}`);
    expect(out).toContain('.p-datepicker-today > span{background: #d1d5db}');
    expect(out).toContain('--green-500:#22c55e');
  });

  it('drops the web font for system fonts', () => {
    const out = withSystemFonts(':root{font-family:"Inter var", sans-serif}@font-face {\n font-family: "Inter var";\n src: url("./fonts/InterVariable.woff2") format("woff2");\n}');
    expect(out).not.toContain('@font-face');
    expect(out).not.toContain('Inter');
    expect(out).toContain('"PingFang SC"');
  });
});
