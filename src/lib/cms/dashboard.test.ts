import { describe, expect, it } from 'vitest';
import { dashboardOf } from './dashboard.ts';

describe('Home dashboard', () => {
  it('totals the contents, lists statuses in workflow order and every type with its share', () => {
    const d = dashboardOf({ siteId: 1, siteName: 'Demo', byStatus: { 30: 2, 0: 1, 60: 1 }, byType: { article: 3, book: 1 }, catalogs: 4, resources: null });
    expect(d.total).toBe(4);
    expect(d.published).toBe(2);
    expect(d.statuses).toEqual([{ status: '0', count: 1, share: 25 }, { status: '30', count: 2, share: 50 }, { status: '60', count: 1, share: 25 }]);
    expect(d.types.map((x) => [x.type, x.count, x.share])).toEqual([['article', 3, 75], ['image', 0, 0], ['audio', 0, 0], ['video', 0, 0], ['book', 1, 25]]);
  });

  it('shows an empty site as zeros', () => {
    const d = dashboardOf({ siteId: 1, siteName: 'Empty', byStatus: {}, byType: {}, catalogs: 0, resources: 0 });
    expect([d.total, d.published, d.statuses.length]).toEqual([0, 0, 0]);
    expect(d.types.every((x) => x.count === 0 && x.share === 0)).toBe(true);
  });
});
