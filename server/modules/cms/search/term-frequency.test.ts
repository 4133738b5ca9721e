import { describe, expect, it } from 'vitest';
import { expectedShare, queryShare, type TermShares } from './term-frequency.ts';

const shares: TermShares = { share: new Map([['中国', 0.6], ['深圳', 0.1], ['news', 0.5]]), floor: 0.02 };

describe('a query’s share of the contents', () => {
  it('bounds it by the rarest word, and expects the product of the words’ shares', () => {
    const items = [{ terms: ['中国'] }, { terms: ['深圳'] }];
    expect(queryShare(shares, [items])).toBeCloseTo(0.1);
    expect(expectedShare(shares, [items])).toBeCloseTo(0.06);
  });

  it('takes a word the statistics do not list as the least listed share', () => {
    expect(expectedShare(shares, [[{ terms: ['罕见'] }, { terms: ['news'] }]])).toBeCloseTo(0.01);
  });

  it('counts a phrase as its words together, a long word as itself or its parts, and readings added up to at most all', () => {
    expect(expectedShare(shares, [[{ terms: ['中国', '深圳'] }]])).toBeCloseTo(0.06);
    expect(expectedShare(shares, [[{ terms: ['中华人民共和国'], subs: ['中国', 'news'] }]])).toBeCloseTo(0.02 + 0.3);
    expect(expectedShare(shares, [[{ terms: ['中国'] }], [{ terms: ['news'] }]])).toBe(1);
  });
});
