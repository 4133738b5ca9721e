import { describe, expect, it } from 'vitest';
import { inlinedStylesheets, markInlinedStylesheets } from './inlined-css.ts';

const table = { url: '/admin/_assets/table.css', css: '.pager{gap:2px}.toolbar{display:flex}@media (max-width:800px){.pager{gap:0}}\n' };
const editor = { url: '/admin/_assets/editor.css', css: '.editor{min-height:300px}' };
const linked = { url: '/admin/_assets/shell.css', css: '.shell{display:grid}' };
const page = (style: string) => `<html><head><link rel="stylesheet" href="/admin/_assets/shell.css"><style>${style}</style></head><body></body></html>`;

describe('stylesheets a page holds inline', () => {
  it('are those whose every rule is in the page\'s styles, in whatever order Astro joined them', () => {
    const html = page('.a{color:red}.toolbar{display:flex}@media (max-width:800px){.pager{gap:0}}.pager{gap:2px}');
    expect(inlinedStylesheets(html, [table, editor, linked])).toEqual([table.url]);
    // One rule missing: the page does not hold it, so the helper must fetch it.
    expect(inlinedStylesheets(page('.pager{gap:2px}'), [table])).toEqual([]);
    expect(inlinedStylesheets('<html><head></head></html>', [table])).toEqual([]);
  });

  it('get a disabled link in the head, so the preload helper skips them and the browser fetches nothing', () => {
    const html = page('.editor{min-height:300px}');
    const marked = markInlinedStylesheets(html, [table, editor, linked]);
    expect(marked).toContain('<link rel="stylesheet" href="/admin/_assets/editor.css" disabled></head>');
    expect(marked.match(/shell\.css/g)).toHaveLength(1);
    expect(markInlinedStylesheets(page('.x{y:z}'), [editor])).toBe(page('.x{y:z}'));
  });
});
