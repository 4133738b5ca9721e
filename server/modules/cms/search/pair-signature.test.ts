import { describe, expect, it } from 'vitest';
import { documentTerms, loadAnalyzer, NO_SITE_WORDS, parseQueryWith, quote } from './analyzer.ts';
import { PAIR_BITS, phraseMask } from './pair-signature.ts';

/** Whether a document's filter has every bit a mask has. */
function holds(doc: string | null, mask: string): boolean {
  const bits = (x: string) => BigInt(`0x${x.slice(1)}`);
  return !!doc && (bits(doc) & bits(mask)) === bits(mask);
}

const maskOf = async (q: string) => {
  const e = await loadAnalyzer();
  return phraseMask(parseQueryWith(e, q, NO_SITE_WORDS).items.filter((i) => i.terms.length > 1).map((i) => i.terms.map(quote)))!;
};

describe('word pairs filter', () => {
  it("has the pairs of a field's neighbouring words, and not of words apart or in two fields", async () => {
    const e = await loadAnalyzer();
    const doc = documentTerms(e, [{ text: 'Full text search engines', weight: 'A' }, { text: '中华人民共和国成立 rivers', weight: 'C' }], NO_SITE_WORDS);
    expect(doc.pairs).toMatch(new RegExp(`^x[0-9a-f]{${PAIR_BITS / 4}}$`));
    expect(holds(doc.pairs, await maskOf('"full text"'))).toBe(true);
    expect(holds(doc.pairs, await maskOf('"text search engines"'))).toBe(true);
    // A long word's sub-words stand where it stands: 人民共和国's parts are next to 成立 too.
    expect(holds(doc.pairs, await maskOf('"共和国成立"'))).toBe(true);
    // A Bloom filter may say yes wrongly, never no; these three pairs are not in it (checked for this text).
    expect(holds(doc.pairs, await maskOf('"search full"'))).toBe(false);
    expect(holds(doc.pairs, await maskOf('"full search"'))).toBe(false);
    // The title's last word and the body's first are not neighbours.
    expect(holds(doc.pairs, await maskOf('"engines 中华人民共和国"'))).toBe(false);
  });

  it('is the same for the same text on every call, and none for a text of one word', async () => {
    const e = await loadAnalyzer();
    const fields = [{ text: '軟體 development', weight: 'B' as const }];
    expect(documentTerms(e, fields, NO_SITE_WORDS)).toEqual(documentTerms(e, fields, NO_SITE_WORDS));
    expect(holds(documentTerms(e, fields, NO_SITE_WORDS).pairs, await maskOf('"软件 developing"'))).toBe(true);
    expect(documentTerms(e, [{ text: 'alone', weight: 'A' }], NO_SITE_WORDS).pairs).toBeNull();
  });
});
