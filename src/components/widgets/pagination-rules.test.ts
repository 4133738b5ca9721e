import { describe, expect, it, vi } from 'vitest';
import { deviceFor } from '../../stores/app.ts';
import { changePageSize, DEFAULT_PAGE, pageCount, pageLinks, pagerCount, pageSizes, scrollToTop } from './pagination-rules.ts';

describe('pagination rules (spec §4, §9)', () => {
  it('offers 10/20/30/50 and starts at page 1 with 20 rows', () => {
    expect(pageSizes()).toEqual([10, 20, 30, 50]);
    expect(DEFAULT_PAGE).toEqual({ page: 1, limit: 20 });
  });

  it('shows 5 page links below 992 px, else 7', () => {
    expect(pagerCount(deviceFor(991))).toBe(5);
    expect(pagerCount(deviceFor(992))).toBe(7);
    expect(pagerCount(deviceFor(1440))).toBe(7);
  });

  it('resets to page 1 when page × size passes the total, otherwise keeps the page', () => {
    expect(changePageSize({ page: 3, limit: 10 }, 50, 100)).toEqual({ page: 1, limit: 50 });
    expect(changePageSize({ page: 2, limit: 10 }, 20, 100)).toEqual({ page: 2, limit: 20 });
    expect(changePageSize({ page: 5, limit: 20 }, 20, 100)).toEqual({ page: 5, limit: 20 });
  });

  it('counts the pages a total needs', () => {
    expect(pageCount(25, 20)).toBe(2);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(0);
  });

  it('links the pages around the current one, keeping it in the middle until an end is linked', () => {
    expect(pageLinks(1, 2, 7)).toEqual([1, 2]);
    expect(pageLinks(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(4, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageLinks(5, 20, 7)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(pageLinks(10, 20, 7)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageLinks(20, 20, 7)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageLinks(18, 20, 5)).toEqual([16, 17, 18, 19, 20]);
    expect(pageLinks(3, 3, 5)).toEqual([1, 2, 3]);
  });

  it('scrolls to the top in 800 ms', () => {
    let now = 0;
    const frames: ((t: number) => void)[] = [];
    const positions: number[] = [];
    const win = {
      scrollY: 1000,
      scrollTo: vi.fn((_x: number, y: number) => positions.push(y)),
      requestAnimationFrame: (cb: (t: number) => void) => frames.push(cb),
      performance: { now: () => now } as Performance,
    };
    scrollToTop(undefined, win as never);
    for (const t of [200, 400, 800]) {
      now = t;
      frames.shift()!(t);
    }
    expect(positions[0]).toBeGreaterThan(positions[1]!);
    expect(positions.at(-1)).toBe(0);
    expect(frames).toHaveLength(0);
  });
});
