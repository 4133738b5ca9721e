import { describe, expect, it } from 'vitest';
import { highlightPieces } from './highlight.ts';

describe('highlightPieces', () => {
  it('marks the hits and turns entities back into text', () => {
    expect(highlightPieces('Tom &amp; <em>Jerry</em> &lt;3')).toEqual([
      { text: 'Tom & ', hit: false },
      { text: 'Jerry', hit: true },
      { text: ' <3', hit: false },
    ]);
  });

  it('never turns anything but <em> into markup: a tag other than em stays text', () => {
    const pieces = highlightPieces('<b>x</b><em>&lt;script&gt;</em>');
    expect(pieces).toEqual([{ text: '<b>x</b>', hit: false }, { text: '<script>', hit: true }]);
  });

  it('is empty for no text', () => {
    expect(highlightPieces(null)).toEqual([]);
  });
});
