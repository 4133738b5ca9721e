import { describe, expect, it } from 'vitest';
import { semanticHtml } from './quill-html.ts';

const quill = (html: string, length = 10) => ({ getSemanticHTML: () => html, getLength: () => length });

describe('the rich-text editor\'s HTML', () => {
  it('gives spaces back so published lines wrap, keeping the width of runs', () => {
    expect(semanticHtml(quill('<p>a&nbsp;long&nbsp;line</p><ul><li>one&nbsp;&nbsp;&nbsp;two</li></ul>'))).toBe('<p>a long line</p><ul><li>one &nbsp;&nbsp;two</li></ul>');
  });

  it('is empty for an empty editor', () => {
    expect(semanticHtml(quill('<p></p>', 1))).toBe('');
  });
});
