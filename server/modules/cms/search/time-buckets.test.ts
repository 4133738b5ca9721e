import { describe, expect, it } from 'vitest';
import { bucketLiteral, bucketTerms, coverDays, dayOf, isBucketTerm } from './time-buckets.ts';
import { filterLiteral, withoutInternalTerms } from './filter-terms.ts';

/** The days a set of bucket terms stands for. */
function daysOf(terms: string[]): number[] {
  return terms.flatMap((t) => {
    const [level, block] = t.slice(2).split(':').map(Number) as [number, number];
    return Array.from({ length: 4 ** level }, (_, i) => block * 4 ** level + i);
  }).sort((a, b) => a - b);
}

describe('publish-date buckets', () => {
  it('gives a content one term per level, each holding its day', () => {
    const d = new Date('2026-11-27T15:00:00Z');
    const terms = bucketTerms(d);
    expect(terms).toHaveLength(6);
    expect(terms[0]).toBe(`~ 0:${dayOf(d)}`);
    for (const t of terms) expect(daysOf([t])).toContain(dayOf(d));
    expect(bucketTerms(null)).toEqual([]);
    expect(bucketLiteral(d)).toBe(terms.map((t) => `'${t}'`).join(' '));
    expect(terms.every(isBucketTerm)).toBe(true);
    expect(isBucketTerm('中国')).toBe(false);
    expect(withoutInternalTerms(`'a':1A ${bucketLiteral(d)} '中国':2 ${filterLiteral('1:5:', 'article')}`)).toBe("'a':1A '中国':2");
  });

  it('covers any range of days exactly, with few terms', () => {
    for (const [from, to] of [[20784, 20786], [20000, 20999], [20001, 20001], [19000, 20787], [0, 5000], [20480, 20480 + 1023]] as const) {
      const cover = coverDays(from, to);
      expect(daysOf(cover)).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
      // At most 3 blocks per level on each side, plus whole 1,024-day blocks.
      expect(cover.length).toBeLessThanOrEqual(2 * 3 * 6 + Math.ceil((to - from + 1) / 1024));
    }
    expect(coverDays(20480, 20480 + 1023)).toEqual(['~ 5:20']);
    expect(coverDays(5, 4)).toEqual([]);
  });
});
