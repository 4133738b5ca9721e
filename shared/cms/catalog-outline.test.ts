import { describe, expect, it } from 'vitest';
import { parseOutline } from './catalog-outline.ts';

describe('batch-add outline', () => {
  it('reads names and levels, two spaces per level, skipping blank lines', () => {
    const { entries, issues } = parseOutline('News\n  World\n    Asia\n\n  Local\nSports\r\n  Football');
    expect(issues).toEqual([]);
    expect(entries.map((e) => [e.name, e.level, e.line])).toEqual([
      ['News', 0, 1], ['World', 1, 2], ['Asia', 2, 3], ['Local', 1, 5], ['Sports', 0, 6], ['Football', 1, 7],
    ]);
  });

  it('names the line of bad indentation: odd spaces, tabs, a level skipped', () => {
    expect(parseOutline('News\n   World').issues).toEqual([{ field: 'catalogs', key: 'outlineIndent', params: { line: 2 } }]);
    expect(parseOutline('News\n\tWorld').issues).toEqual([{ field: 'catalogs', key: 'outlineIndent', params: { line: 2 } }]);
    expect(parseOutline('News\n    Asia').issues).toEqual([{ field: 'catalogs', key: 'outlineDepth', params: { line: 2 } }]);
    expect(parseOutline('  News').issues).toEqual([{ field: 'catalogs', key: 'outlineDepth', params: { line: 1 } }]);
  });

  it('refuses an empty outline', () => {
    expect(parseOutline(' \n\n').issues).toEqual([{ field: 'catalogs', key: 'required', params: {} }]);
  });
});
