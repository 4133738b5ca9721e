import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('nestsDeeperThan', () => {
  it('allows the limit and refuses one level more, arrays and objects alike', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('['.repeat(100_000))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ html: '['.repeat(1000), quoted: '"[[[[\\"' }), 2)).toBe(false);
    expect(nestsDeeperThan('[["\\"[[[[[["]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[["x"]]]', 2)).toBe(true);
  });

  it('keeps the depth of siblings apart', () => {
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[{ a: [1] }]])), 5)).toBe(false);
  });
});
