import { z } from 'zod';

/**
 * The statistics routes' replies (shared/stats/stat.ts names their types for the console; these
 * are the same shapes as schemas, for the OpenAPI document and the tests' reply check).
 */

const totals = z.object({ pv: z.number(), uv: z.number(), ips: z.number(), visits: z.number(), avgViews: z.number() });
const period = { begin: z.string(), end: z.string() };

export const overviewReply = z.object({ today: totals, yesterday: totals, last7: totals, last30: totals });

export const trendReply = z.object({ ...period, granularity: z.string(), points: z.array(totals.omit({ avgViews: true }).extend({ at: z.string() })) });

export const rankingReply = z.object({ ...period, rows: z.array(z.object({ key: z.string(), name: z.string(), pv: z.number(), uv: z.number(), visits: z.number(), share: z.number() })) });

/** Live contents by status, and those published in the period. */
const byStatus = {
  draftTotal: z.int(), toPublishedTotal: z.int(), publishedTotal: z.int(), offlineTotal: z.int(), editingTotal: z.int(), total: z.int(), periodPublished: z.int(),
};

export const byCatalogReply = z.object({ ...period, rows: z.array(z.object({ catalogId: z.int(), catalogName: z.string(), ...byStatus })) });

export const byUserReply = z.object({ ...period, rows: z.array(z.object({ userName: z.string(), ...byStatus })) });

export const dynamicDataReply = z.object({
  total: z.int(),
  rows: z.array(z.object({ contentId: z.int(), title: z.string(), catalogName: z.string(), pv: z.int(), likeCount: z.int(), favoriteCount: z.int(), commentCount: z.int() })),
});

export const visitLogReply = z.object({
  total: z.int(),
  rows: z.array(z.object({
    id: z.int(), evtTime: z.string(), path: z.string(), contentId: z.int().nullable(), title: z.string().nullable(), source: z.string(),
    engine: z.string().nullable(), word: z.string().nullable(), referer: z.string().nullable(), browser: z.string(), os: z.string(), device: z.string(),
    country: z.string().nullable(), entry: z.boolean(),
  })),
});
