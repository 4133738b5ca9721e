import { describe, expect, it } from 'vitest';
import { laraBlueReplacements, palette, recolorLara, shade, tint, withSystemFonts } from './palette.ts';

describe('theme colour', () => {
  it('mixes towards white and black', () => {
    expect(tint('#409EFF', 0.9)).toBe('#ecf5ff');
    expect(tint('#409EFF', 0.7)).toBe('#c6e2ff');
    expect(shade('#409EFF', 0.2)).toBe('#337ecc');
    expect(palette('#409EFF')[500]).toBe('#409eff');
  });

  it('recolours the Lara blue but keeps the blue palette', () => {
    const css = ':root{--primary-color:#3b82f6;--blue-500:#3b82f6;--primary-500:#3b82f6;--focus-ring:0 0 0 .2rem #BFDBFE}.p-button{background:#3B82F6}.p-button:hover{background:#2563eb}.t{background:rgba(59, 130, 246, 0.04)}';
    const out = recolorLara(css, '#409EFF');
    const map = laraBlueReplacements('#409EFF');
    expect(out).toContain('--primary-color:#409eff');
    expect(out).toContain('--blue-500:#3b82f6');
    expect(out).toContain('--primary-500:#409eff');
    expect(out).toContain(`.2rem ${map['#bfdbfe']}`);
    expect(out).toContain('.p-button{background:#409eff}');
    expect(out).toContain(`background:${map['#2563eb']}`);
    expect(out).toContain('rgba(64, 158, 255, 0.04)');
  });

  it('drops the web font for system fonts', () => {
    const out = withSystemFonts(':root{font-family:"Inter var", sans-serif}@font-face {\n font-family: "Inter var";\n src: url("./fonts/InterVariable.woff2") format("woff2");\n}');
    expect(out).not.toContain('@font-face');
    expect(out).not.toContain('Inter');
    expect(out).toContain('"PingFang SC"');
  });
});
