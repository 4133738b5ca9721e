import { describe, expect, it } from 'vitest';
import { dashboardOf, DASHBOARD_SCREENS, editorHref, sparklineOf, SPARK, type SiteStat } from './dashboard.ts';
import { editContentUrl } from './content-list.ts';
import { screenPathOf } from '../../../shared/resources/declare.ts';
import { commentResource } from '../../../shared/resources/cms/comment.ts';
import { mailboxResource } from '../../../shared/resources/cms/mailbox.ts';

const stat = (over: Partial<SiteStat>): SiteStat => ({
  siteId: 1, siteName: 'Demo', byStatus: {}, byType: {}, catalogs: 0, resources: null, resourceBytes: null,
  unreviewedComments: null, unreviewedMailbox: null, publishQueue: { waiting: 0, running: 0 },
  views: { from: '2026-11-01', days: Array<number>(30).fill(0) }, activity: null, pendingReviews: null, ...over,
});

describe('Home dashboard', () => {
  it('totals the contents, lists statuses in workflow order and every type with its share', () => {
    const d = dashboardOf(stat({ byStatus: { 30: 2, 0: 1, 60: 1 }, byType: { article: 3, book: 1 }, catalogs: 4 }));
    expect(d.total).toBe(4);
    expect(d.published).toBe(2);
    expect(d.statuses).toEqual([{ status: '0', count: 1, share: 25 }, { status: '30', count: 2, share: 50 }, { status: '60', count: 1, share: 25 }]);
    expect(d.types.map((x) => [x.type, x.count, x.share])).toEqual([['article', 3, 75], ['image', 0, 0], ['audio', 0, 0], ['video', 0, 0], ['book', 1, 25]]);
  });

  it('shows an empty site as zeros', () => {
    const d = dashboardOf(stat({ siteName: 'Empty', resources: 0 }));
    expect([d.total, d.published, d.statuses.length]).toEqual([0, 0, 0]);
    expect(d.types.every((x) => x.count === 0 && x.share === 0)).toBe(true);
  });

  it('draws 30 days of views with the busiest day at the top, today at the right, and sums them', () => {
    const days = Array<number>(30).fill(0);
    days[2] = 40;
    days[29] = 10;
    const s = sparklineOf({ from: '2026-11-01', days });
    const points = s.points.split(' ').map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual([SPARK.pad, SPARK.height - SPARK.pad]);
    expect(points[2]![1]).toBe(SPARK.pad);
    expect(points[29]).toEqual([SPARK.width - SPARK.pad, 34.5]);
    expect(s).toMatchObject({ total: 50, today: 10, max: 40, peakDay: '2026-11-03' });
  });

  it('draws a month without views as a flat line at the bottom and names no busiest day', () => {
    const s = sparklineOf({ from: '2026-11-01', days: Array<number>(30).fill(0) });
    expect(new Set(s.points.split(' ').map((p) => p.split(',')[1]))).toEqual(new Set([String(SPARK.height - SPARK.pad)]));
    expect(s).toMatchObject({ total: 0, peakDay: null });
  });

  it('links each figure to the screen its definition declares', () => {
    expect(`/${DASHBOARD_SCREENS.comments}`).toBe(screenPathOf(commentResource));
    expect(`/${DASHBOARD_SCREENS.mailbox}`).toBe(screenPathOf(mailboxResource));
    expect(editorHref(42)).toBe(editContentUrl(42));
  });
});
