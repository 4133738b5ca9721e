import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './price.ts';

describe('book price: entered in yuan, stored in fen', () => {
  it('converts exactly, whatever floating point would do', () => {
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen(' 8.05 ')).toBe(805);
    expect(yuanToFen('')).toBeNull();
  });

  it('refuses more than two decimals, signs and words', () => {
    for (const bad of ['1.999', '-1', 'abc', '1,5', '1e3']) expect(yuanToFen(bad), bad).toBeNaN();
  });

  it('shows fen as yuan with two decimals', () => {
    expect(fenToYuan(1999)).toBe('19.99');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(120000)).toBe('1200.00');
    expect(fenToYuan(null)).toBe('');
  });
});
