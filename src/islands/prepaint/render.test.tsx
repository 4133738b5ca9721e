import { describe, expect, it } from 'vitest';
import { fillMarks } from './kit.ts';
import { primeComponentCss } from '../../lib/theme/prime-css.ts';
import { svgTable } from './render.tsx';

// The shared pieces of the build's pre-paint frames (islands/prepaint/): icons kept once, and a
// PrimeReact component's own rules read from its source.

describe('a frame\'s fragments', () => {
  it('keep each icon once and get them back whole', () => {
    const chevron = '<svg width="14"><path d="M1 2"></path></svg>';
    const check = '<svg width="12"><path d="M3 4"></path></svg>';
    const { take, svgs } = svgTable();
    const a = take(`<div>${chevron}<span>x</span>${chevron}</div>`);
    const b = take(`<b>${check}${chevron}</b>`);
    expect(Object.keys(svgs)).toHaveLength(2);
    expect(a).not.toContain('<svg');
    expect(fillMarks(a, svgs)).toBe(`<div>${chevron}<span>x</span>${chevron}</div>`);
    expect(fillMarks(b, svgs)).toBe(`<b>${check}${chevron}</b>`);
  });

  it('carry a PrimeReact component\'s rules, which it injects only when it mounts', () => {
    expect(primeComponentCss('tag')).toMatch(/@layer primereact \{ \.p-tag \{ display: inline-flex;/);
    expect(() => primeComponentCss('checkbox')).toThrow(/not found/);
  });
});
